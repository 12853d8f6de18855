/**
 * Journey: the LR345 Report as an admin meets it. A backwards date range clears the figures and
 * disables the CSV buttons; the CSV buttons download files and leave the page where it is; Rebuild
 * shows its progress and cannot be started again while it runs.
 */
import type { Browser } from 'playwright-core';
import { expectNoSeriousAxeViolations } from '../axe.js';
import { apiLogin, launchBrowser, newPage, screenshot } from '../harness.js';

describe('console: report', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('clears the figures for a backwards range and downloads CSV files without leaving the page', async () => {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const { context, page } = await newPage(browser, viewport);
      await apiLogin(context, 'admin');
      await page.goto('/admin/#/report');
      await page.getByText('Orders fulfilled').first().waitFor();
      const reportCsv = page.getByRole('button', { name: 'Report CSV' });
      const ordersCsv = page.getByRole('button', { name: 'Orders CSV' });

      await page.getByLabel('From', { exact: true }).fill('2026-12-31');
      await page.getByLabel('To', { exact: true }).fill('2026-01-01');
      await page.getByText('The From date is after the To date').waitFor();
      await expect(page.getByText('Orders fulfilled').count()).resolves.toBe(0);
      await expect(reportCsv.isDisabled()).resolves.toBe(true);
      await expect(ordersCsv.isDisabled()).resolves.toBe(true);
      await expect(page.getByRole('button', { name: 'Apply' }).isDisabled()).resolves.toBe(true);
      await expectNoSeriousAxeViolations(page, `report, backwards range (${viewport.width}px)`);
      await screenshot(page, `admin-report-backwards-${viewport.width}`);

      await page.getByLabel('From', { exact: true }).fill('2026-01-01');
      await page.getByLabel('To', { exact: true }).fill('2026-12-31');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByText('Orders fulfilled').first().waitFor();
      // The charts' weeks read MM-DD-YYYY like every other date in the console, never ISO.
      const charts = page.locator('.chart');
      await charts
        .getByText(/^\d{2}-\d{2}-\d{4}$/)
        .first()
        .waitFor();
      await expect(charts.getByText(/^\d{4}-\d{2}-\d{2}$/).count()).resolves.toBe(0);
      for (const [button, prefix] of [
        [reportCsv, 'lr345-report'],
        [ordersCsv, 'lr345-orders'],
      ] as const) {
        const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
        expect(download.suggestedFilename()).toMatch(new RegExp(`^${prefix}.*\\.csv$`));
        expect(page.url()).toContain('/admin/#/report');
      }
      await context.close();
    }
  });

  it('shows the rebuild progress and keeps Rebuild disabled while it runs', async () => {
    const { context, page } = await newPage(browser);
    await apiLogin(context, 'admin');
    // Held back for a moment so the running state can be seen; the server does the rest as usual.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/console/report/rebuild', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    await page.goto('/admin/#/report');
    await page.getByText('Orders fulfilled').first().waitFor();
    const rebuild = page.getByRole('button', { name: 'Rebuild' });
    await rebuild.click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await page
      .getByTestId('rebuild-progress')
      .getByText(/^Rebuilding/)
      .waitFor();
    await expect(rebuild.isDisabled()).resolves.toBe(true);
    await expectNoSeriousAxeViolations(page, 'report, rebuilding');
    await screenshot(page, 'admin-report-rebuilding');
    release();
    await page.getByText('Report rebuilt from the order events').first().waitFor();
    await page.getByTestId('rebuild-progress').waitFor({ state: 'detached' });
    await expect(rebuild.isEnabled()).resolves.toBe(true);

    // The server refuses a second start while one runs, whoever asks.
    const outcomes = await Promise.all(
      [1, 2, 3].map(() => context.request.post('/api/console/report/rebuild')),
    );
    const statuses = outcomes.map((r) => r.status());
    expect(statuses).toContain(201);
    for (const status of statuses) expect([201, 409]).toContain(status);
    const status = (await (await context.request.get('/api/console/report/rebuild')).json()) as {
      running: boolean;
      replayed: number;
      total: number;
    };
    expect(status.running).toBe(false);
    expect(status.replayed).toBe(status.total);
    await context.close();
  });
});
