/**
 * Journeys: an admin adds stock to a size, adds a user who logs in on the store, and exempts a
 * school from the per-line cap in Update User (a flag, never a name).
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, BrowserContext } from 'playwright-core';
import { expectNoSeriousAxeViolations } from '../axe.js';
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

  it('ticks the per-line cap exemption in Update User, at 1280 and 390 px', async () => {
    const list = await admin.get('/api/console/users', {
      params: { filter: JSON.stringify({ q: 'harborpoint' }) },
    });
    const [school] = (await list.json()) as { id: string; loginId: string }[];
    if (!school) throw new Error('no demo school harborpoint');
    for (const [viewport, exempt] of [
      [{ width: 390, height: 844 }, true],
      [{ width: 1280, height: 900 }, false],
    ] as const) {
      const { context, page } = await newPage(browser, viewport);
      await consoleLogin(page, 'admin');
      await page.goto(`/admin/#/users/${school.id}`);
      const box = page.getByLabel('May request more than 5 of an item per line');
      await box.waitFor();
      expect(await box.isChecked()).toBe(!exempt);
      await box.click();
      await page.getByRole('combobox', { name: 'Role' }).click();
      await page.getByRole('option', { name: 'User', exact: true }).click();
      await expectNoSeriousAxeViolations(page, `Update User (${viewport.width}px)`);
      await screenshot(page, `admin-user-cap-exemption-${viewport.width}`);
      await page.getByRole('button', { name: 'Update' }).click();
      await page.waitForURL('**/admin/#/users');
      const saved = await admin.get(`/api/console/users/${school.id}`);
      expect(((await saved.json()) as { exemptFromLineCap: boolean }).exemptFromLineCap).toBe(
        exempt,
      );
      await context.close();
    }
  });
});
