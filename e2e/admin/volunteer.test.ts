/**
 * Journey: a volunteer processes an order but cannot open products, users or the report.
 */
import type { Browser } from 'playwright-core';
import { apiLogin, launchBrowser, newPage, screenshot } from '../harness.js';
import {
  SCHOOL_LOGIN_ID,
  chooseStatus,
  consoleLogin,
  createProduct,
  placeOrder,
  readOrder,
} from './console-helpers.js';

describe('console: volunteer', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('processes an order and is kept out of products, users and the report', async () => {
    const setup = await newPage(browser);
    await apiLogin(setup.context, 'admin');
    const product = await createProduct(setup.context.request, 'Shorts', [{ size: 'S', stock: 4 }]);
    const schoolSide = await newPage(browser);
    await apiLogin(schoolSide.context, SCHOOL_LOGIN_ID);
    const order = await placeOrder(
      schoolSide.context.request,
      product,
      'S',
      1,
      `VOL${Date.now().toString(36)}`,
    );

    const { context, page } = await newPage(browser);
    await consoleLogin(page, 'volunteer');
    await screenshot(page, 'volunteer-dashboard');
    const menu = page.getByRole('menu');
    // The menu renders whole: once All Orders is there, the absent entries are truly absent.
    await menu.getByText('All Orders').waitFor();
    await expect(menu.getByText('All Orders').isVisible()).resolves.toBe(true);
    await expect(menu.getByText('All Products').count()).resolves.toBe(0);
    await expect(menu.getByText('All Users').count()).resolves.toBe(0);
    await expect(menu.getByText('Report').count()).resolves.toBe(0);

    await page.goto(`/admin/#/orders/${order._id}`);
    await page.getByText(`Process Order ${order.orderId}`).first().waitFor();
    await chooseStatus(page, 'CheckEmail');
    await page.getByRole('button', { name: 'Process' }).click();
    await page.getByText('Order Updated Successfully').first().waitFor();
    expect((await readOrder(setup.context.request, order._id)).orderStatus).toBe('CheckEmail');

    // An admin page says it is not for them (it exists); an unknown page is still Not Found.
    for (const route of ['products', 'users', 'report', `users/${order._id}`]) {
      await page.goto(`/admin/#/${route}`);
      await page.getByRole('heading', { name: "You don't have access to this page" }).waitFor();
      await expect(page.getByText('Not Found').count()).resolves.toBe(0);
    }
    await page.goto('/admin/#/no-such-page');
    await page.getByText('Not Found').first().waitFor();
    await page.goto('/admin/#/report');
    await page.getByRole('heading', { name: "You don't have access to this page" }).waitFor();
    await screenshot(page, 'volunteer-refused-report');
    // And the server refuses them too, whatever the page shows.
    for (const path of ['/api/console/products', '/api/console/users', '/api/v1/admin/report']) {
      expect((await context.request.get(path)).status()).toBe(403);
    }
    await context.close();
    await setup.context.close();
    await schoolSide.context.close();
  });
});
