/**
 * Journey: an admin gives a product its fair-market value in the product form, a school's order of
 * it is delivered, and the Impact page (1280 and 390 px, and its print view) shows what was given
 * and its value; the CSV downloads without leaving the page. No serious axe finding anywhere.
 */
import type { APIRequestContext, Browser } from 'playwright-core';
import { expectNoSeriousAxeViolations } from '../axe.js';
import { apiLogin, launchBrowser, newPage, screenshot, waitForInputValue } from '../harness.js';
import {
  adminAndSchool,
  charityToday,
  createProduct,
  placeOrder,
  readProduct,
} from './console-helpers.js';

/** The charity's day: the report's days, like the console's date fields, are the charity's. */
let today: string;

interface ImpactRecord {
  valueGiven: string;
  schools: { school: string; items: number; value: string }[];
}

/** Reporting applies the delivery from its event: wait until the impact figures hold it. */
async function waitForValueGiven(admin: APIRequestContext, minimum: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  let last = '';
  while (Date.now() < deadline) {
    const response = await admin.get(`/api/console/impact?from=${today}&to=${today}`);
    const record = (await response.json()) as ImpactRecord;
    last = record.valueGiven;
    if (Number(record.valueGiven) >= minimum) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`value given stayed ${last}, expected at least ${minimum}`);
}

describe('console: impact', () => {
  let browser: Browser;
  let admin: APIRequestContext;
  let school: APIRequestContext;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ admin, school } = await adminAndSchool(browser));
    today = await charityToday(admin);
  });
  afterAll(async () => {
    await browser.close();
  });

  it('sets a value in the product form, and shows the delivered items at that value', async () => {
    const product = await createProduct(admin, 'Valued boots', [{ size: '5', stock: 6 }]);
    const { context, page } = await newPage(browser, { width: 1280, height: 900 });
    await apiLogin(context, 'admin');
    await page.goto(`/admin/#/products/${product.id}`);
    const value = page.getByLabel('Fair-market value per unit');
    await value.fill('12,50');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('A value is an amount like 12.50').first().waitFor();
    await value.fill('12.50');
    await expectNoSeriousAxeViolations(page, 'product form with its value');
    await screenshot(page, 'admin-product-fair-market-value-1280');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/admin/#/products');
    expect(
      ((await readProduct(admin, product.id)) as { fairMarketValue?: string }).fairMarketValue,
    ).toBe('12.50');
    await context.close();

    // The field on a phone: one column, nothing wider than the screen.
    const phone = await newPage(browser, { width: 390, height: 844 });
    await apiLogin(phone.context, 'admin');
    await phone.page.goto(`/admin/#/products/${product.id}`);
    await phone.page.getByLabel('Fair-market value per unit').waitFor();
    await waitForInputValue(phone.page.getByLabel('Fair-market value per unit'), '12.50');
    await expectNoSeriousAxeViolations(phone.page, 'product form with its value (390px)');
    await screenshot(phone.page, 'admin-product-fair-market-value-390');
    await phone.context.close();

    const order = await placeOrder(school, product, '5', 2, `IMPACT-${Date.now()}`);
    const delivered = await admin.put(`/api/console/orders/${order._id}`, {
      data: { status: 'Delivered', newQuantity: [2] },
    });
    expect(delivered.status()).toBe(200);
    await waitForValueGiven(admin, 25);
  });

  it('shows the figures and tables at 1280 and 390 px, prints them, and downloads the CSV', async () => {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const { context, page } = await newPage(browser, viewport);
      await apiLogin(context, 'admin');
      await page.goto('/admin/#/impact');
      await page.getByLabel(/^From/).fill(today);
      await page.getByLabel(/^To/).fill(today);
      await page.getByRole('button', { name: 'Apply' }).click();
      const schools = page.getByRole('table', { name: 'All schools served' });
      await schools.getByText('Willow Creek', { exact: false }).first().waitFor();
      await page.getByText('Value given').waitFor();
      // Days read MM-DD-YYYY like every other date in the console.
      const [y, m, d] = today.split('-');
      await page.getByText(`${m}-${d}-${y} to ${m}-${d}-${y}`).waitFor();
      await page
        .getByRole('heading', { name: /impact/i })
        .first()
        .waitFor();
      await screenshot(page, `admin-impact-${viewport.width}`);
      // Nothing wider than the screen: the tables fit or scroll inside their own box.
      const overflow = await page.evaluate(() => {
        const edge = document.documentElement.clientWidth;
        const past = [...document.querySelectorAll('body *')].filter(
          (e) => e.getBoundingClientRect().right > edge + 0.5,
        );
        const last = past[past.length - 1];
        return {
          scrollWidth: document.documentElement.scrollWidth,
          widest: last ? `${last.tagName}.${String(last.className).split(' ')[0]}` : '',
        };
      });
      expect(overflow).toEqual({ scrollWidth: viewport.width, widest: '' });
      await expectNoSeriousAxeViolations(page, `impact (${viewport.width}px)`);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`impact_${today}_to_${today}.csv`);
      expect(page.url()).toContain('/admin/#/impact');

      if (viewport.width === 1280) {
        await page.emulateMedia({ media: 'print' });
        // The printed page: no menu, no form, the charity's heading first.
        await expect(page.getByRole('button', { name: 'Apply' }).isVisible()).resolves.toBe(false);
        await expect(page.getByRole('menu').first().isVisible()).resolves.toBe(false);
        await screenshot(page, 'admin-impact-print');
        const pdf = await page.pdf({ format: 'A4' });
        expect(pdf.byteLength).toBeGreaterThan(1000);
        await page.emulateMedia({ media: 'screen' });
      }
      await context.close();
    }
  });
});
