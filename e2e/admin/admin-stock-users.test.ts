/**
 * Journeys: an admin adds stock to a size, then adds a user who logs in on the store.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, BrowserContext } from 'playwright-core';
import { apiLogin, launchBrowser, newPage, screenshot } from '../harness.js';
import { loginManually } from '../store/store-pages.js';
import { consoleLogin, createProduct, stockOf } from './console-helpers.js';

describe('console: stock and users', () => {
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

  it('adds new stock to the chosen size', async () => {
    const product = await createProduct(admin, 'Socks', [
      { size: 'S', stock: 1 },
      { size: 'L', stock: 7 },
    ]);
    const { context, page } = await newPage(browser);
    await consoleLogin(page, 'admin');
    await page.goto(`/admin/#/products/${product.id}`);
    await page.getByText('Current stock (total 8)').waitFor();
    await page.getByRole('combobox', { name: 'Size' }).click();
    await page.getByRole('option', { name: 'S', exact: true }).click();
    await page.getByLabel('Stock to add').fill('4');
    await screenshot(page, 'admin-product-add-stock');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Product Updated Successfully').first().waitFor();
    await page.waitForURL('**/admin/#/products');

    expect(await stockOf(admin, product.id, 'S')).toBe(5);
    expect(await stockOf(admin, product.id, 'L')).toBe(7);
    await context.close();
  });

  it('adds a user who can then log in on the store', async () => {
    const loginId = `e2e-school-${randomUUID().slice(0, 8)}`;
    const code = `code-${randomUUID().slice(0, 8)}`;
    const { context, page } = await newPage(browser);
    await consoleLogin(page, 'admin');
    await page.goto('/admin/#/users/create');
    await page.getByLabel('School Name').fill(`Journey School ${loginId}`);
    await page.getByLabel('Login ID').fill(loginId);
    await page.getByRole('textbox', { name: /^Code/ }).fill(code);
    await page.getByLabel('Address').fill('1 Journey Way');
    await page.getByLabel('District').fill('Test District');
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'User', exact: true }).click();
    await screenshot(page, 'admin-add-user');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The User has been added successfully').waitFor();
    await page.getByRole('link', { name: 'Display All Users' }).waitFor();
    await context.close();

    // The new school logs in on the store's manual login page.
    const store = await newPage(browser);
    await loginManually(store.page, loginId, code);
    const me = (await (await store.context.request.get('/api/v1/me')).json()) as {
      user: { email: string; role: string };
    };
    expect(me.user).toMatchObject({ email: loginId, role: 'user' });
    await store.context.close();
  });
});
