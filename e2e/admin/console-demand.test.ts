/**
 * Journey: demand against stock. Three requests of a product with too little stock make a shortfall
 * that the volunteer's Demand page (wide table and phone list), the dashboard's largest shortfalls
 * and the store's public "Most needed" list all show, with no serious accessibility finding.
 */
import type { APIRequestContext, Browser } from 'playwright-core';
import { expectNoSeriousAxeViolations } from '../axe.js';
import { apiLogin, launchBrowser, newPage, screenshot } from '../harness.js';
import {
  adminAndSchool,
  createProduct,
  placeOrder,
  type ConsoleProduct,
} from './console-helpers.js';

const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

describe('console: demand', () => {
  let browser: Browser;
  let admin: APIRequestContext;
  let school: APIRequestContext;
  let product: ConsoleProduct;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ admin, school } = await adminAndSchool(browser));
    // 5 on the shelf, three waiting requests of 5: 15 requested, 10 short.
    product = await createProduct(admin, 'Demand', [{ size: '13', stock: 5 }]);
    const run = Date.now().toString(36);
    for (const student of ['DA', 'DB', 'DC']) {
      await placeOrder(school, product, '13', 5, `${student}${run}`);
    }
  });
  afterAll(async () => {
    await browser.close();
  });

  it('shows a volunteer every figure of the row, wide and on a phone', async () => {
    for (const viewport of VIEWPORTS) {
      const { context, page } = await newPage(browser, viewport);
      await apiLogin(context, 'volunteer');
      await page.goto('/admin/#/demand');
      if (viewport.width >= 600) {
        // The read model follows the order events: the row comes once they are consumed.
        const row = page.getByRole('row').filter({ hasText: product.name });
        await row.waitFor({ timeout: 20_000 });
        const cells = await row.getByRole('cell').allTextContents();
        // Product, category, sizing, size, processing, packing, requested, ready, on hand, shortfall.
        expect(cells).toEqual([
          product.name,
          'Footwear',
          'Unisex youth sizing',
          '13',
          '15',
          '0',
          '15',
          '0',
          '5',
          '10',
        ]);
      } else {
        await page.getByText(`${product.name}, 13: short 10`).first().waitFor({ timeout: 20_000 });
        await page
          .getByText(
            'Footwear, Unisex youth sizing. Requested 15 (processing 15, packing 0), ready 0, on hand 5',
          )
          .first()
          .waitFor();
      }
      await expectNoSeriousAxeViolations(page, `demand (${viewport.width}px)`);
      await screenshot(page, `admin-demand-${viewport.width}`);
      await context.close();
    }
  });

  it('filters by category and by shortfall, and downloads the CSV', async () => {
    const { context, page } = await newPage(browser);
    await apiLogin(context, 'admin');
    await page.goto(
      `/admin/#/demand?filter=${encodeURIComponent(JSON.stringify({ category: 'Clothing' }))}`,
    );
    await page
      .getByText(/Clothing/)
      .first()
      .waitFor();
    await expect(page.getByText(product.name).count()).resolves.toBe(0);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^demand-clothing_.*\.csv$/);

    // The console remembers the last filter: start from none.
    await page.goto(`/admin/#/demand?filter=${encodeURIComponent('{}')}`);
    await page.getByRole('row').filter({ hasText: product.name }).waitFor();
    await page.getByLabel('Short only').check();
    // The page keeps the last rows while it asks again: wait for the filtered ones (only rows with
    // a shortfall), then for the product among them.
    await page.waitForFunction(() => {
      const cells = [...document.querySelectorAll('tbody tr td:last-child')];
      return cells.length > 0 && cells.every((cell) => Number(cell.textContent) > 0);
    });
    await page.getByRole('row').filter({ hasText: product.name }).waitFor();
    await context.close();
  });

  it("lists the product among the dashboard's largest shortfalls", async () => {
    for (const viewport of VIEWPORTS) {
      const { context, page } = await newPage(browser, viewport);
      await apiLogin(context, 'volunteer');
      await page.goto('/admin/#/');
      const tile = page.getByRole('list', { name: 'Largest shortfalls' });
      await tile.getByText(`${product.name}, 13: short 10`).waitFor({ timeout: 20_000 });
      await expectNoSeriousAxeViolations(page, `dashboard shortfalls (${viewport.width}px)`);
      await screenshot(page, `admin-dashboard-shortfalls-${viewport.width}`);
      await context.close();
    }
  });

  it("puts the size in the store's public Most needed list, without counts", async () => {
    for (const viewport of VIEWPORTS) {
      const { context, page } = await newPage(browser, viewport);
      await page.goto('/donate');
      const list = page.getByRole('region', { name: 'Most needed right now' });
      const footwear = list
        .getByRole('listitem')
        .filter({ hasText: 'Footwear (Unisex youth sizing)' });
      await footwear.waitFor();
      expect(await footwear.textContent()).toMatch(/sizes? .*\b13\b/);
      expect(await list.textContent()).not.toMatch(/\b(10|15)\b/);
      await expectNoSeriousAxeViolations(page, `donate, most needed (${viewport.width}px)`);
      await screenshot(page, `store-donate-most-needed-${viewport.width}`);
      await context.close();
    }
  });
});
