/**
 * Journeys: a volunteer records a donation of three lines in the console and the store shows the new
 * stock; an admin runs a stock count with two differences and sees the ledger and the report change.
 */
import type { APIRequestContext, Browser, BrowserContext } from 'playwright-core';
import { apiLogin, launchBrowser, newPage, screenshot, waitForInputValue } from '../harness.js';
import { charityToday, consoleLogin, createProduct, stockOf } from './console-helpers.js';

describe('console: donations and stock counts', () => {
  let browser: Browser;
  let adminContext: BrowserContext;
  let admin: APIRequestContext;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context: adminContext } = await newPage(browser));
    await apiLogin(adminContext, 'admin');
    admin = adminContext.request;
  });
  afterAll(async () => {
    await browser.close();
  });

  it('records a donation of three lines and the store shows the stock', async () => {
    const product = await createProduct(admin, 'Donated Boots', [
      { size: '4', stock: 0 },
      { size: '5', stock: 1 },
      { size: '6', stock: 0 },
    ]);
    const sourceName = `Journey Drive ${product.id.slice(0, 6)}`;

    const { context, page } = await newPage(browser);
    // Every call the console makes answers: no 404 for a product's sizes, no refused read.
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/') && response.status() >= 400)
        failed.push(`${response.status()} ${response.url()}`);
    });
    await consoleLogin(page, 'volunteer');
    await page.goto('/admin/#/donations/create');
    // A source typed for the first time is added with the kind asked for, not silently "other".
    await page.getByRole('combobox', { name: 'Source' }).fill(sourceName);
    await page.getByRole('option', { name: `Add source ${sourceName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'New donation source' });
    await waitForInputValue(dialog.getByLabel('Name'), sourceName);
    await dialog.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'drive', exact: true }).click();
    await screenshot(page, 'admin-donation-new-source');
    await dialog.getByRole('button', { name: 'Add source' }).click();
    await waitForInputValue(
      page.getByRole('combobox', { name: 'Source' }),
      `${sourceName} (drive)`,
    );
    for (const [index, [size, quantity]] of [
      ['4', '2'],
      ['5', '3'],
      ['6', '4'],
    ].entries()) {
      const products = page.getByRole('combobox', { name: 'Product' });
      if (index > 0) {
        await page.getByRole('button', { name: 'Add' }).click();
        // Fast entry: the new line's product has the focus, typing goes straight into it.
        await page.waitForFunction(
          `document.querySelectorAll('.donation-line-product input')[${index}] === document.activeElement`,
        );
        await page.keyboard.type('Zz E2E Donated');
      } else await products.nth(index).fill('Zz E2E Donated');
      await page.getByRole('option', { name: new RegExp(product.name) }).click();
      await page.getByRole('combobox', { name: 'Size' }).nth(index).click();
      await page.getByRole('option', { name: size, exact: true }).click();
      await page.getByLabel('Quantity').nth(index).fill(quantity!);
    }
    await screenshot(page, 'admin-donation-receive');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Donation recorded: 9 items added to stock').waitFor();
    await page.getByText('Recorded by').waitFor();
    await screenshot(page, 'admin-donation-show');

    expect(await stockOf(admin, product.id, '4')).toBe(2);
    expect(await stockOf(admin, product.id, '5')).toBe(4);
    expect(await stockOf(admin, product.id, '6')).toBe(4);

    await page.goto('/admin/#/donations');
    await page.getByText(sourceName).first().waitFor();
    // Received on the charity's today (the form's default), read MM-DD-YYYY like every other date.
    const [year, month, day] = (await charityToday(admin)).split('-');
    await page.getByText(`${month}-${day}-${year}`).first().waitFor();
    await screenshot(page, 'admin-donation-list');
    await context.close();
    expect(failed).toEqual([]);

    // An admin changes the source's kind and name.
    const sources = (await (
      await admin.get(
        `/api/console/donation-sources?filter=${encodeURIComponent(JSON.stringify({ q: sourceName }))}`,
      )
    ).json()) as { id: string; kind: string }[];
    expect(sources).toEqual([expect.objectContaining({ kind: 'drive' })]);
    const editing = await newPage(browser);
    await consoleLogin(editing.page, 'admin');
    await editing.page.goto('/admin/#/donation-sources');
    await editing.page.getByPlaceholder('Search name').fill(sourceName);
    await editing.page.getByText('1-1 of 1').waitFor();
    await editing.page.getByRole('cell', { name: sourceName, exact: true }).click();
    await editing.page.waitForURL((url) => url.hash === `#/donation-sources/${sources[0]!.id}`);
    await editing.page.getByRole('combobox', { name: /^Kind/ }).click();
    await editing.page.getByRole('option', { name: 'school', exact: true }).click();
    await editing.page.getByLabel('Name').fill(`${sourceName} PTA`);
    await screenshot(editing.page, 'admin-donation-source-edit');
    await editing.page.getByRole('button', { name: 'Save' }).click();
    await editing.page.getByText(`${sourceName} PTA`).waitFor();
    await editing.context.close();
    const edited = (await (
      await admin.get(`/api/console/donation-sources/${sources[0]!.id}`)
    ).json()) as { name: string; kind: string };
    expect(edited).toMatchObject({ name: `${sourceName} PTA`, kind: 'school' });

    // The store (a guest) sees the new stock.
    const store = await newPage(browser);
    const response = await store.context.request.get(`/api/v1/product/${product.id}`);
    const seen = (
      (await response.json()) as { product: { ProductSize: { size: string; stock: number }[] } }
    ).product.ProductSize.map((s) => [s.size, s.stock]);
    expect(seen).toEqual([
      ['4', 2],
      ['5', 4],
      ['6', 4],
    ]);
    await store.page.goto(`/product/${product.id}`);
    await store.page.getByText(product.name).first().waitFor();
    await screenshot(store.page, 'store-product-after-donation');
    await store.context.close();
  }, 180_000);

  it('runs a count with two differences: the ledger and the report change', async () => {
    const product = await createProduct(admin, 'Counted Shoes', [
      { size: '7', stock: 3 },
      { size: '8', stock: 2 },
      { size: '9', stock: 5 },
    ]);
    const before = (await (await admin.get('/api/v1/admin/report')).json()) as {
      report?: unknown;
    } & Record<string, unknown>;

    const { context, page } = await newPage(browser);
    await consoleLogin(page, 'admin');
    await page.goto('/admin/#/stock-counts/create');
    await page.getByRole('combobox', { name: 'Count' }).click();
    await page.getByRole('option', { name: 'Footwear', exact: true }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('tab', { name: 'Count sheet' }).waitFor();
    await page.getByText(product.name).first().waitFor();
    await screenshot(page, 'admin-count-sheet');

    await page.getByRole('tab', { name: 'Enter figures' }).click();
    const counted = (size: string) =>
      page.getByLabel(`Counted ${product.name} (${product.SubCategory}) ${size}`);
    await counted('7').fill('1');
    await page.keyboard.press('Enter');
    await counted('8').fill('2');
    await page.keyboard.press('Enter');
    await counted('9').fill('8');
    await screenshot(page, 'admin-count-entry');
    await page.getByRole('button', { name: 'Save figures' }).click();
    await page.getByText('3 figures saved').waitFor();

    await page.getByRole('tab', { name: 'Review and finalise' }).click();
    const differences = page.getByRole('table', { name: 'Differences' });
    await differences.getByText('+3').waitFor();
    await screenshot(page, 'admin-count-finalise');
    await page.getByText('2 differences,').waitFor();
    await page.getByRole('button', { name: 'Finalise: write these 2 adjustments' }).click();
    // Finalising writes stock: it is asked about first.
    const confirm = page.getByRole('dialog', { name: 'Finalise this count?' });
    await screenshot(page, 'admin-count-finalise-confirm');
    await confirm.getByRole('button', { name: 'Finalise' }).click();
    await page.getByText('Count finalised').waitFor();
    await page.getByRole('tab', { name: 'Adjustments' }).waitFor();
    await screenshot(page, 'admin-count-finalised');
    await context.close();

    expect(await stockOf(admin, product.id, '7')).toBe(1);
    expect(await stockOf(admin, product.id, '8')).toBe(2);
    expect(await stockOf(admin, product.id, '9')).toBe(8);
    const ledger = (await (
      await admin.get(
        `/api/console/movements?filter=${encodeURIComponent(JSON.stringify({ productId: product.id, reason: 'audit' }))}`,
      )
    ).json()) as { size: string; delta: number }[];
    expect(ledger.map((m) => [m.size, m.delta]).sort()).toEqual([
      ['7', -2],
      ['9', 3],
    ]);

    // The report's count adjustments grow by net +1, absolute 5 (once the consumer has them).
    const adjustments = async () => {
      const body = (await (await admin.get('/api/v1/admin/report')).json()) as Record<
        string,
        unknown
      >;
      const report = (body.report ?? body) as {
        countAdjustments: { net: number; absolute: number };
      };
      return report.countAdjustments;
    };
    const start = (
      (before.report ?? before) as { countAdjustments: { net: number; absolute: number } }
    ).countAdjustments;
    const deadline = Date.now() + 20_000;
    let now = await adjustments();
    while (now.absolute !== start.absolute + 5 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      now = await adjustments();
    }
    expect(now).toMatchObject({ net: start.net + 1, absolute: start.absolute + 5 });
  }, 180_000);
});
