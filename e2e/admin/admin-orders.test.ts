/**
 * Journeys: an admin processes an order with a reduced quantity to Ready for Pickup and the
 * stock falls by exactly that amount; a short-stock attempt the page can see is stopped before it is
 * sent; one it cannot see (the stock went meanwhile) is refused by catalog, and the page shows the
 * refusal with its short lines as the answer to Process, without a reload.
 * Real stack, real Chromium; each journey makes its own product so no other journey moves its stock.
 */
import type { APIRequestContext, Browser } from 'playwright-core';
import { expectNoSeriousAxeViolations } from '../axe.js';
import { launchBrowser, newPage, screenshot } from '../harness.js';
import {
  adminAndSchool,
  chooseStatus,
  consoleLogin,
  createProduct,
  markPrinted,
  placeOrder,
  readOrder,
  stockOf,
  waitForStock,
} from './console-helpers.js';

const BELOW_ZERO = 'Error: Inventory cannot drop below zero for one or more items!';

describe('console: processing orders', () => {
  let browser: Browser;
  let admin: APIRequestContext;
  let school: APIRequestContext;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ admin, school } = await adminAndSchool(browser));
  });
  afterAll(async () => {
    await browser.close();
  });

  it('gives a reduced quantity on Ready for Pickup and the stock falls by exactly that', async () => {
    const product = await createProduct(admin, 'Trainers', [{ size: '4', stock: 6 }]);
    const order = await placeOrder(school, product, '4', 3, `RDY${Date.now().toString(36)}`);
    expect(order.orderStatus).toBe('Processing');

    const { context, page } = await newPage(browser);
    await consoleLogin(page, 'admin');
    await page.goto(`/admin/#/orders/${order._id}`);
    await page.getByText(`Process Order ${order.orderId}`).first().waitFor();
    const resulting = page.getByTestId('resulting-inventory').first();
    // The stock loads after the order: wait for the figure rather than read it once.
    await resulting.filter({ hasText: /^3$/ }).waitFor();

    await page.getByLabel(`Quantity of ${product.name} 4`).fill('1');
    await resulting.filter({ hasText: /^5$/ }).waitFor();
    const process = page.getByRole('button', { name: 'Process' });
    expect(await process.isDisabled()).toBe(true);
    await chooseStatus(page, 'Ready for Pickup');
    await screenshot(page, 'admin-process-order');
    await process.click();
    await page.getByText('Order Updated Successfully').first().waitFor();

    await waitForStock(admin, product.id, '4', 5);
    const after = await readOrder(admin, order._id);
    expect(after.orderStatus).toBe('Ready for Pickup');
    expect(after.orderItems[0]).toMatchObject({ quantity: 1, requestedQuantity: 3 });
    await page.getByText('Ready for Pickup', { exact: true }).first().waitFor();
    await screenshot(page, 'admin-process-order-done');
    await context.close();
  });

  it('stops a commit the page sees the stock cannot cover; the server answers catalog refused it', async () => {
    const product = await createProduct(admin, 'Boots', [{ size: 'M', stock: 2 }]);
    const first = await placeOrder(school, product, 'M', 2, `FST${Date.now().toString(36)}`);
    const second = await placeOrder(school, product, 'M', 2, `SND${Date.now().toString(36)}`);
    // The first order takes the last two.
    await markPrinted(admin, first._id, [2]);
    await waitForStock(admin, product.id, 'M', 0);

    const { context, page } = await newPage(browser);
    await consoleLogin(page, 'admin');
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/api/console/orders/'))
        writes.push(request.url());
    });
    await page.goto(`/admin/#/orders/${second._id}`);
    await page.getByText(`Process Order ${second.orderId}`).first().waitFor();
    await page.getByTestId('resulting-inventory').filter({ hasText: /^-2$/ }).waitFor();
    await chooseStatus(page, 'Printed');
    await page.getByRole('button', { name: 'Process' }).click();
    await page.getByRole('alert').filter({ hasText: BELOW_ZERO }).first().waitFor();
    await screenshot(page, 'admin-process-short-stock');
    expect(writes).toEqual([]);

    // Sent anyway, catalog refuses it: the answer names the short line, the order is back.
    const refused = await admin.put(`/api/console/orders/${second._id}`, {
      data: { status: 'Printed', newQuantity: [2] },
    });
    expect(refused.status()).toBe(200);
    expect(await refused.json()).toMatchObject({
      orderStatus: 'Processing',
      stock: {
        outcome: 'refused',
        shortLines: [{ productId: product.id, size: 'M', requested: 2, available: 0 }],
      },
    });

    expect((await readOrder(admin, second._id)).orderStatus).toBe('Processing');
    expect(await stockOf(admin, product.id, 'M')).toBe(0);
    await context.close();
  });

  for (const width of [1280, 390]) {
    it(`shows catalog's refusal and its short lines when the stock went meanwhile (${width} px)`, async () => {
      const product = await createProduct(admin, 'Raincoat', [{ size: 'L', stock: 2 }]);
      const other = await placeOrder(school, product, 'L', 2, `OTH${Date.now().toString(36)}`);
      const mine = await placeOrder(school, product, 'L', 2, `MIN${Date.now().toString(36)}`);

      const { context, page } = await newPage(browser, { width, height: 900 });
      await consoleLogin(page, 'admin');
      await page.goto(`/admin/#/orders/${mine._id}`);
      await page.getByText(`Process Order ${mine.orderId}`).first().waitFor();
      // The page sees enough stock: 2 in stock, 2 given.
      await page.getByTestId('resulting-inventory').filter({ hasText: /^0$/ }).first().waitFor();
      let loads = 0;
      page.on('load', () => (loads += 1));

      // Another admin takes the last two meanwhile.
      await markPrinted(admin, other._id, [2]);
      await waitForStock(admin, product.id, 'L', 0);

      await chooseStatus(page, 'Printed');
      await page.getByRole('button', { name: 'Process' }).click();
      const refusal = page.getByTestId('stock-refused');
      await refusal.waitFor();
      expect(await refusal.textContent()).toContain(
        `${product.name} (size L): 2 given, 0 in stock`,
      );
      expect(await refusal.textContent()).toContain('the order is back in Processing');
      // The page shows the order as catalog left it (its history too), and was never reloaded.
      await page
        .getByTestId('status-chip')
        .filter({ hasText: /^Processing$/ })
        .first()
        .waitFor();
      // The history's reason (`<name> (L)`, where the refusal above says `(size L)`).
      await page.getByText(`${product.name} (L): 2 given, 0 in stock`).first().waitFor();
      expect(loads).toBe(0);
      expect(await page.getByText('Order Updated Successfully').count()).toBe(0);
      await screenshot(page, `admin-process-refused-by-catalog-${width}`);
      await expectNoSeriousAxeViolations(page, 'process order refused by catalog');

      expect((await readOrder(admin, mine._id)).orderStatus).toBe('Processing');
      expect(await stockOf(admin, product.id, 'L')).toBe(0);
      await context.close();
    });
  }
});
