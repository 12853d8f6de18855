/**
 * Journeys in the console: a volunteer enters a request a school made by phone (school, student,
 * a product found by name, its size) and the school finds it in My Orders as entered by the
 * charity; two open requests for one student show the Duplicate flag in the list and on the order;
 * an admin changes the Settings and they stay. Each screen at 1280 and 390 px, checked by axe.
 */
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { expectNoSeriousAxeViolations } from '../axe.js';
import { apiLogin, launchBrowser, newPage, screenshot } from '../harness.js';
import { consoleLogin, createProduct, type ConsoleProduct } from './console-helpers.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const SCHOOL_LOGIN_ID = 'blueheron';

async function both(
  browser: Browser,
  loginId: string,
  path: string,
  name: string,
  ready: (page: Page) => Promise<unknown>,
): Promise<void> {
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    const { context, page } = await newPage(browser, viewport);
    await apiLogin(context, loginId);
    await page.goto(`/admin/#${path}`);
    await ready(page);
    await page.waitForLoadState('networkidle');
    await expectNoSeriousAxeViolations(page, `${path} (${label})`);
    await screenshot(page, `console-${label}-${name}`);
    await context.close();
  }
}

describe('console: requests by phone, flags and settings', () => {
  let browser: Browser;
  let admin: APIRequestContext;
  let product: ConsoleProduct;
  let school: { id: string; name: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    const { context } = await newPage(browser);
    await apiLogin(context, 'admin');
    admin = context.request;
    product = await createProduct(admin, 'Phone Fleece', [
      { size: 'S', stock: 20 },
      { size: 'M', stock: 20 },
    ]);
    const users = (await (await admin.get('/api/v1/getUserList')).json()) as {
      users: { _id: string; name: string; email: string }[];
    };
    const found = users.users.find((u) => u.email === SCHOOL_LOGIN_ID);
    if (!found) throw new Error(`no demo school ${SCHOOL_LOGIN_ID}`);
    school = { id: found._id, name: found.name };
  });
  afterAll(async () => {
    // Back to a fresh installation's settings for the journeys that run after this one.
    await admin.put('/api/console/settings/settings', {
      data: { studentRequestLimit: 2, studentLimitMode: 'warn', closedDates: [] },
    });
    await browser.close();
  });

  it('a volunteer enters a phone request; the school sees it as entered by the charity', async () => {
    await both(browser, 'volunteer', '/orders/create', 'order-entry', (page) =>
      page.getByRole('heading', { name: 'Enter a request for a school' }).waitFor(),
    );

    const { context, page } = await newPage(browser, DESKTOP);
    await consoleLogin(page, 'volunteer');
    await page.goto('/admin/#/orders/create');
    await page.getByRole('combobox', { name: 'School' }).fill(school.name.slice(0, 8));
    await page.getByRole('option', { name: school.name }).click();
    const studentId = `PHONE${Date.now().toString(36).toUpperCase()}`;
    await page.getByLabel('Student id').fill(studentId);
    await page.getByLabel('Age').fill('10');
    await page.getByLabel('Gender').click();
    await page.getByRole('option', { name: 'Female' }).click();
    await page.getByLabel('Teacher', { exact: true }).fill('Mr Phone');
    await page.getByLabel("Teacher's e-mail").fill('office@blueheron.example');
    await page.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('combobox', { name: 'Product' }).fill('Phone Fleece');
    await page.getByRole('option', { name: new RegExp(product.name) }).click();
    await page.getByLabel('Size').click();
    await page.getByRole('option', { name: /^M / }).click();
    await screenshot(page, 'console-desktop-order-entry-filled');
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/console/orders') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Save' }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    const order = (await response.json()) as { id: string; orderId: string };
    await page.getByText('Entered by').first().waitFor();
    await context.close();

    for (const [label, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const store = await newPage(browser, viewport);
      await apiLogin(store.context, SCHOOL_LOGIN_ID);
      await store.context.addInitScript({
        content: "window.sessionStorage.setItem('importantNoticeAccepted', 'yes')",
      });
      await store.page.goto('/orders');
      const row = store.page.getByRole('row').filter({ hasText: order.orderId });
      await row.getByText('Entered by the charity').waitFor();
      await expectNoSeriousAxeViolations(store.page, `/orders entered by the charity (${label})`);
      await screenshot(store.page, `store-${label}-my-orders-entered-by-charity`);
      await row.getByRole('link', { name: `View order ${order.orderId}` }).click();
      await store.page.getByText('Entered by the charity for your school').waitFor();
      await screenshot(store.page, `store-${label}-order-entered-by-charity`);
      await store.context.close();
    }
  });

  it('flags two open requests for one student as duplicates, in the list and on the order', async () => {
    const studentId = `DUP${Date.now().toString(36).toUpperCase()}`;
    const ids: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const response = await admin.post('/api/console/orders', {
        data: {
          schoolId: school.id,
          shippingInfo: {
            receivingPersonName: `${studentId}_11_Male`,
            Email: 'office@blueheron.example',
          },
          lines: [{ productId: product.id, size: 'S', quantity: 1 }],
        },
      });
      expect(response.status()).toBe(201);
      ids.push(((await response.json()) as { id: string }).id);
    }
    const filter = encodeURIComponent(JSON.stringify({ userId: school.id }));
    await both(browser, 'admin', `/orders?filter=${filter}`, 'orders-flagged', (page) =>
      page.getByText('Duplicate').first().waitFor(),
    );
    await both(browser, 'volunteer', `/orders/${ids[1]}`, 'order-flagged', (page) =>
      page.getByText('Duplicate').first().waitFor(),
    );
  });

  it('an admin changes the settings and they stay', async () => {
    await both(browser, 'admin', '/settings/settings', 'settings', (page) =>
      page.getByLabel('Student request limit').waitFor(),
    );
    const { context, page } = await newPage(browser, DESKTOP);
    await consoleLogin(page, 'admin');
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.getByLabel('Student request limit').fill('3');
    await page.getByLabel('Block: the request is refused').check();
    await page.getByRole('button', { name: 'Add' }).click();
    await page.getByLabel('Closed on').fill('2026-12-24');
    await page.getByLabel('Show the public most-needed list').uncheck();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/console/settings/settings') && r.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await page.getByLabel('Student request limit').waitFor();
    expect(await page.getByLabel('Student request limit').inputValue()).toBe('3');
    expect(await page.getByLabel('Block: the request is refused').isChecked()).toBe(true);
    expect(await page.getByLabel('Closed on').inputValue()).toBe('2026-12-24');
    expect(await page.getByLabel('Show the public most-needed list').isChecked()).toBe(false);
    await screenshot(page, 'console-desktop-settings-saved');
    const settings = (await (await admin.get('/api/console/settings/settings')).json()) as {
      studentRequestLimit: number;
      studentLimitMode: string;
      closedDates: string[];
      mostNeededPublic: boolean;
    };
    expect(settings).toMatchObject({
      studentRequestLimit: 3,
      studentLimitMode: 'block',
      closedDates: ['2026-12-24'],
      mostNeededPublic: false,
    });
    // Back at once: journeys running beside this one place requests under the fresh defaults.
    await admin.put('/api/console/settings/settings', {
      data: { studentRequestLimit: 2, studentLimitMode: 'warn', mostNeededPublic: true },
    });
    await context.close();
  });
});
