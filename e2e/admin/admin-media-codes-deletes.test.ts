/**
 * Journeys: an admin adds a product with an image in the console and the store shows
 * that image (a file that is not an image is refused and creates nothing); sets a new code for a
 * school, after which only the new code logs in; deletes a product, a user and an order through
 * their Yes/No dialogs (No deletes nothing; an order holding stock gives it back when deleted).
 * Real stack, real Chromium; each journey makes its own records.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { apiLogin, launchBrowser, newPage, screenshot, waitForInputValue } from '../harness.js';
import {
  adminAndSchool,
  type ConsoleProduct,
  consoleLogin,
  createProduct,
  markPrinted,
  placeOrder,
  readOrder,
  stockOf,
  waitForStock,
} from './console-helpers.js';
import { loginManually } from '../store/store-pages.js';

/** Matches the console's list of `resource`, whatever filters its URL carries. */
function atList(resource: string): (url: URL) => boolean {
  return (url) =>
    url.pathname === '/admin/' &&
    (url.hash === `#/${resource}` || url.hash.startsWith(`#/${resource}?`));
}

interface ConsoleUser {
  id: string;
  email: string;
  name: string;
}

/** The console's product list filtered by name (ra-data-simple-rest dialect). */
async function productsNamed(admin: APIRequestContext, name: string): Promise<ConsoleProduct[]> {
  const response = await admin.get('/api/console/products', {
    params: { filter: JSON.stringify({ q: name }), range: '[0,99]' },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as ConsoleProduct[]).filter((p) => p.name === name);
}

async function createUser(admin: APIRequestContext, label: string) {
  const loginId = `e2e-${label}-${randomUUID().slice(0, 8)}`;
  const code = `code-${randomUUID().slice(0, 8)}`;
  const response = await admin.post('/api/console/users', {
    data: {
      name: `Journey School ${loginId}`,
      email: loginId,
      password: code,
      address: '1 Journey Way',
      district: 'Test District',
      role: 'user',
    },
  });
  if (!response.ok())
    throw new Error(`create user failed: ${response.status()} ${await response.text()}`);
  return { user: (await response.json()) as ConsoleUser, loginId, code };
}

/** The status of POST /api/v1/login from a fresh cookie jar. */
async function loginStatus(browser: Browser, loginId: string, code: string): Promise<number> {
  const { context } = await newPage(browser);
  const response = await context.request.post('/api/v1/login', {
    data: { email: loginId, password: code },
  });
  await context.close();
  return response.status();
}

/** Fills Add Product with one size and picks `file` in its image input. */
async function fillNewProduct(page: Page, name: string, file: string): Promise<void> {
  await page.goto('/admin/#/products/create');
  await page.getByLabel('Product Name').fill(name);
  await page.getByRole('combobox', { name: /^Category/ }).click();
  await page.getByRole('option', { name: 'Clothing', exact: true }).click();
  await page.getByRole('combobox', { name: /^SubCategory/ }).click();
  await page.getByRole('option', { name: "Men's sizing", exact: true }).click();
  await page.getByRole('textbox', { name: /^Size/ }).fill('XL');
  await page.getByRole('spinbutton', { name: /^Stock/ }).fill('3');
  await page.locator('input[type="file"]').setInputFiles(file);
}

describe('console: images, codes and deletes', () => {
  let browser: Browser;
  let admin: APIRequestContext;
  let school: APIRequestContext;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'lr-journey-'));
    browser = await launchBrowser();
    ({ admin, school } = await adminAndSchool(browser));
  });
  afterAll(async () => {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('adds a product with an uploaded image that the gateway serves and the store shows', async () => {
    const png = path.join(dir, 'blue.png');
    await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 60, b: 200 } },
    })
      .png()
      .toFile(png);
    const name = `Zz E2E Image ${randomUUID().slice(0, 8)}`;

    const { context, page } = await newPage(browser);
    await consoleLogin(page, 'admin');
    await fillNewProduct(page, name, png);
    // The picked file is previewed before it is sent.
    await page.locator('img[title="blue.png"]').waitFor();
    await screenshot(page, 'admin-product-create-image');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Product Created Successfully').first().waitFor();
    // The new product's own page opens (not the list, where it would be somewhere on page n).
    await page.waitForURL((url) => /^#\/products\/[0-9a-f-]{36}$/.test(url.hash));
    await page.getByText('Current stock (total 3)').waitFor();
    await waitForInputValue(page.getByLabel('Product Name'), name);
    await screenshot(page, 'admin-product-created-shown');

    // The console list shows it (searched by name: the list pages 15 at a time).
    await page.goto('/admin/#/products');
    await page.getByPlaceholder('Search name').fill(name);
    await page.getByText('1-1 of 1').waitFor();
    const row = page.getByRole('row').filter({ hasText: name });
    expect(await row.textContent()).toContain('XL: 3');
    await screenshot(page, 'admin-product-list-created');
    await context.close();

    const [product] = await productsNamed(admin, name);
    expect(product).toMatchObject({
      category: 'Clothing',
      SubCategory: "Men's sizing",
      ProductSize: [expect.objectContaining({ size: 'XL', stock: 3 })],
      isShow: true,
    });
    const images = (product as ConsoleProduct & { images: { url: string; originalUrl: string }[] })
      .images;
    expect(images).toHaveLength(1);
    const url = images[0]!.url;
    expect(url).toMatch(/^\/media\//);
    const served = await admin.get(url);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/webp');
    expect(await sharp(await served.body()).metadata()).toMatchObject({
      format: 'webp',
      width: 64,
      height: 48,
    });
    const original = await admin.get(images[0]!.originalUrl);
    expect(original.status()).toBe(200);
    expect(original.headers()['content-type']).toBe('image/png');

    // A visitor sees it on the store's product page, loaded.
    const store = await newPage(browser);
    await store.page.goto(`/product/${product!.id}`);
    await store.page.getByRole('heading', { name, level: 1 }).waitFor();
    const image = store.page.locator('img.product-details__image');
    expect(await image.getAttribute('src')).toBe(url);
    await store.page.waitForFunction(
      (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
      await image.elementHandle(),
    );
    expect(await image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(64);
    await screenshot(store.page, 'admin-store-product-image');
    await store.context.close();
  });

  it("refuses a file that is not an image with the server's message and creates nothing", async () => {
    const fake = path.join(dir, 'notes.png');
    writeFileSync(fake, 'these are notes, not a picture\n');
    const name = `Zz E2E Not Image ${randomUUID().slice(0, 8)}`;

    const { context, page } = await newPage(browser);
    await consoleLogin(page, 'admin');
    await fillNewProduct(page, name, fake);
    // The product and its images go in one request: a refused image creates nothing.
    const answer = page.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/api\/console\/products$/.test(r.url()),
    );
    await page.getByRole('button', { name: 'Save' }).click();
    const refused = await answer;
    expect(refused.status()).toBe(400);
    const { message } = (await refused.json()) as { message: string };
    expect(message).toContain('only PNG, JPEG or WebP images are accepted');
    await page.getByText(message).first().waitFor();
    await screenshot(page, 'admin-product-create-not-image');
    expect(page.url()).toContain('/admin/#/products/create');
    await context.close();

    expect(await productsNamed(admin, name)).toEqual([]);
  });

  it('sets a new code for a school: the new code logs in, the old one no longer does', async () => {
    const { user, loginId, code: oldCode } = await createUser(admin, 'code');
    // The school is signed in somewhere when its code changes.
    const { context: signedIn } = await newPage(browser);
    await apiLogin(signedIn, loginId, oldCode);
    expect((await signedIn.request.get('/api/v1/me')).status()).toBe(200);

    const { context, page } = await newPage(browser);
    await consoleLogin(page, 'admin');
    await page.goto('/admin/#/users');
    await page.getByPlaceholder('Search name or Login ID').fill(loginId);
    await page.getByText('1-1 of 1').waitFor();
    const row = page.getByRole('row').filter({ hasText: loginId });
    const codeWrites: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(`/users/${user.id}/code`))
        codeWrites.push(request.url());
    });

    // No first: nothing changes.
    await row.getByRole('button', { name: 'Set new code' }).click();
    const ask = page.getByRole('dialog').filter({ hasText: `Give ${user.name} a new code?` });
    await ask.waitFor();
    await ask.getByRole('button', { name: 'No' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(codeWrites).toEqual([]);
    expect(await loginStatus(browser, loginId, oldCode)).toBe(200);

    await row.getByRole('button', { name: 'Set new code' }).click();
    await ask.getByRole('button', { name: 'Yes' }).click();
    const shown = page.getByRole('dialog').filter({ hasText: `New code for ${user.name}` });
    await shown.waitFor();
    const newCode = ((await shown.getByTestId('new-code').textContent()) ?? '').trim();
    expect(newCode).not.toBe('');
    expect(newCode).not.toBe(oldCode);
    await screenshot(page, 'admin-user-new-code');
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });
    expect(codeWrites).toHaveLength(1);
    await context.close();

    // The old code is refused; the school's open session has ended.
    expect(await loginStatus(browser, loginId, oldCode)).toBe(401);
    expect((await signedIn.request.get('/api/v1/me')).status()).toBe(401);
    await signedIn.close();

    // The new code logs in on the store's manual login page.
    const store = await newPage(browser);
    await loginManually(store.page, loginId, newCode);
    const me = (await (await store.context.request.get('/api/v1/me')).json()) as {
      user: { email: string };
    };
    expect(me.user.email).toBe(loginId);
    await store.context.close();
  });

  describe('deletes through the Yes/No dialog', () => {
    /** DELETE requests the page sends to the console API. */
    /** Waits (up to 10 s) until the DELETE sent from the dialog has its answer. */
    async function untilAnswered(deletes: string[]): Promise<void> {
      const deadline = Date.now() + 10_000;
      while (deletes.length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
    }

    /** DELETE requests to the console API that got their answer (a sent one may still be open). */
    function watchDeletes(page: Page): string[] {
      const deletes: string[] = [];
      page.on('requestfinished', (request) => {
        if (request.method() === 'DELETE' && request.url().includes('/api/console/'))
          deletes.push(request.url());
      });
      return deletes;
    }

    /**
     * Opens the delete dialog with `open` and answers No: nothing is sent, and `unchanged` checks
     * the record is still there. Then opens it again and answers Yes.
     */
    async function refuseThenConfirm(
      page: Page,
      deletes: string[],
      open: () => Promise<void>,
      dialog: { question: string; title: string; screenshot: string },
      unchanged: () => Promise<void>,
    ): Promise<void> {
      await open();
      const box = page.getByRole('dialog').filter({ hasText: dialog.question });
      await box.getByText(dialog.title).waitFor();
      await screenshot(page, dialog.screenshot);
      await box.getByRole('button', { name: 'No' }).click();
      await box.waitFor({ state: 'detached' });
      expect(deletes).toEqual([]);
      await unchanged();
      await open();
      await box.getByRole('button', { name: 'Yes' }).click();
    }

    it('deletes a product from the list only on Yes', async () => {
      const product = await createProduct(admin, 'Delete Me', [{ size: 'S', stock: 2 }]);
      const { context, page } = await newPage(browser);
      await consoleLogin(page, 'admin');
      const deletes = watchDeletes(page);
      await page.goto('/admin/#/products');
      await page.getByPlaceholder('Search name').fill(product.name);
      await page.getByText('1-1 of 1').waitFor();
      const row = page.getByRole('row').filter({ hasText: product.name });

      await refuseThenConfirm(
        page,
        deletes,
        () => row.getByRole('button', { name: 'Delete' }).click(),
        {
          question: 'Are you sure you want to delete this item from inventory',
          title: 'Delete Product',
          screenshot: 'admin-product-delete-dialog',
        },
        async () => {
          expect((await admin.get(`/api/console/products/${product.id}`)).status()).toBe(200);
          await row.waitFor();
        },
      );
      await page.getByText('Product Deleted Successfully').first().waitFor();
      await row.waitFor({ state: 'detached' });
      await untilAnswered(deletes);
      expect(deletes).toHaveLength(1);
      await context.close();

      expect((await admin.get(`/api/console/products/${product.id}`)).status()).toBe(404);
      expect((await admin.get(`/api/v1/product/${product.id}`)).status()).toBe(404);
      expect(await productsNamed(admin, product.name)).toEqual([]);
    });

    it('deletes a user from the list only on Yes, and the school can no longer log in', async () => {
      const { user, loginId, code } = await createUser(admin, 'delete');
      const { context, page } = await newPage(browser);
      await consoleLogin(page, 'admin');
      const deletes = watchDeletes(page);
      await page.goto('/admin/#/users');
      await page.getByPlaceholder('Search name or Login ID').fill(loginId);
      await page.getByText('1-1 of 1').waitFor();
      const row = page.getByRole('row').filter({ hasText: loginId });

      await refuseThenConfirm(
        page,
        deletes,
        () => row.getByRole('button', { name: 'Delete' }).click(),
        {
          question: 'Are you sure you want to delete this user',
          title: 'Delete User',
          screenshot: 'admin-user-delete-dialog',
        },
        async () => {
          expect((await admin.get(`/api/console/users/${user.id}`)).status()).toBe(200);
          await row.waitFor();
        },
      );
      await row.waitFor({ state: 'detached' });
      await untilAnswered(deletes);
      expect(deletes).toHaveLength(1);
      await context.close();

      expect((await admin.get(`/api/console/users/${user.id}`)).status()).toBe(404);
      expect(await loginStatus(browser, loginId, code)).toBe(401);
    });

    it('deletes a Printed order only on Yes, and its stock comes back', async () => {
      const product = await createProduct(admin, 'Jackets', [{ size: 'M', stock: 5 }]);
      const order = await placeOrder(school, product, 'M', 2, `DEL${Date.now().toString(36)}`);
      await markPrinted(admin, order._id, [2]);
      await waitForStock(admin, product.id, 'M', 3);

      const { context, page } = await newPage(browser);
      await consoleLogin(page, 'admin');
      const deletes = watchDeletes(page);
      // Found in the console's list by its order ID, opened from there.
      await page.goto('/admin/#/orders');
      await page.getByPlaceholder('Order ID, student or school').fill(order.orderId);
      await page.getByText('1-1 of 1').waitFor();
      const row = page.getByRole('row').filter({ hasText: order.orderId });
      await row.getByText('Printed').waitFor();
      await row.click();
      await page.getByText(`Process Order ${order.orderId}`).first().waitFor();

      await refuseThenConfirm(
        page,
        deletes,
        () => page.getByRole('button', { name: 'Delete' }).click(),
        {
          question: 'Are you sure you want to delete this order',
          title: 'Delete Order',
          screenshot: 'admin-order-delete-dialog',
        },
        async () => {
          expect((await readOrder(admin, order._id)).orderStatus).toBe('Printed');
          expect(await stockOf(admin, product.id, 'M')).toBe(3);
        },
      );
      await page.getByText('Order Deleted Successfully').first().waitFor();
      // The list may come back with its search in the URL (react-admin keeps list filters).
      await page.waitForURL(atList('orders'));
      await untilAnswered(deletes);
      expect(deletes).toHaveLength(1);
      // Gone from the console's list: the same search now finds nothing.
      await page.getByPlaceholder('Order ID, student or school').fill(order.orderId);
      await page.getByText('Nothing found using the current filters.').waitFor();
      expect(await row.count()).toBe(0);
      await screenshot(page, 'admin-order-list-after-delete');
      await context.close();

      expect((await admin.get(`/api/console/orders/${order._id}`)).status()).toBe(404);
      await waitForStock(admin, product.id, 'M', 5);
    });
  });
});
