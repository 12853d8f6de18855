/**
 * Journeys: a volunteer gives an order a pickup time at Ready for Pickup and that time reaches the
 * school's order page, My Orders, its mail and its calendar feed; an admin posts a notice in the
 * console, the school sees it on the store's home page until it dismisses it, and another school
 * stops seeing it once its end date has passed. Real stack, real Chromium; every new screen is
 * photographed at 1280 and 390 px and checked with axe.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { expectNoSeriousAxeViolations } from '../axe.js';
import { apiLogin, launchBrowser, newPage, screenshot } from '../harness.js';
import { acceptNotice } from '../store/store-pages.js';
import {
  charityToday,
  consoleLogin,
  createProduct,
  chooseStatus,
  placeOrder,
} from './console-helpers.js';

const SCHOOL = 'lakeview';
const OTHER_SCHOOL = 'harborpoint';
const PHONE = { width: 390, height: 844 };

/**
 * Every mail the stacks filed (no SMTP in tests: each service writes an mbox under its data dir).
 * Other runs on the machine may have replaced the stack file meanwhile, so every stack's mail is
 * read and the caller matches on what only its own mail says.
 */
function stackMails(): string[] {
  const root = '/tmp/lockerroom-e2e';
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) =>
    f.endsWith('.mbox'),
  );
  return files.flatMap((file) => {
    try {
      return readFileSync(path.join(root, file), 'utf8')
        .split(/^From .*$/m)
        .filter((m) => m.trim());
    } catch {
      return [];
    }
  });
}

async function waitForMail(match: (mail: string) => boolean): Promise<string> {
  for (let i = 0; i < 80; i += 1) {
    const found = stackMails().find(match);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the mail never came');
}

/** Both widths, each checked with axe. */
async function photograph(page: Page, name: string): Promise<void> {
  await expectNoSeriousAxeViolations(page, name);
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize(PHONE);
  // Nothing scrolls sideways on a phone (once the page has laid itself out again for the width).
  let width = 0;
  let widest = '';
  for (let i = 0; i < 20; i += 1) {
    ({ width, widest } = await page.evaluate(() => {
      let culprit = '';
      for (const element of document.querySelectorAll('body *')) {
        if (element.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
          culprit = `${element.tagName}.${String(element.className).split(' ')[0]}`;
      }
      return { width: document.documentElement.scrollWidth, widest: culprit };
    }));
    if (width <= PHONE.width) break;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  expect(`${name}: ${width} ${widest}`).toBe(`${name}: ${Math.min(width, PHONE.width)} ${widest}`);
  await expectNoSeriousAxeViolations(page, `${name} (390 px)`);
  await screenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('pickup times and notices', () => {
  let browser: Browser;
  let admin: APIRequestContext;
  let school: APIRequestContext;

  beforeAll(async () => {
    browser = await launchBrowser();
    const a = await newPage(browser);
    await apiLogin(a.context, 'admin');
    admin = a.context.request;
    const s = await newPage(browser);
    await apiLogin(s.context, SCHOOL);
    school = s.context.request;
  });
  afterAll(async () => {
    await browser.close();
  });

  it("takes the time chosen at Ready for Pickup to the school's page, mail and calendar", async () => {
    const product = await createProduct(admin, 'Pickup scarf', [{ size: 'S', stock: 5 }]);
    const order = await placeOrder(school, product, 'S', 1, `PCK${Date.now().toString(36)}`);

    const { context, page } = await newPage(browser);
    await consoleLogin(page, 'volunteer');
    await page.goto(`/admin/#/orders/${order._id}`);
    await page.getByText(`Process Order ${order.orderId}`).first().waitFor();
    await chooseStatus(page, 'Ready for Pickup');
    const picker = page.getByRole('combobox', { name: 'Pickup time' });
    await picker.waitFor();
    // The next open time is chosen already; take the one after it.
    expect(await picker.innerText()).toMatch(/(Tuesday|Thursday), /);
    await picker.click();
    const second = page.getByRole('option').nth(1);
    const chosenText = (await second.innerText()).replace(/ \(\d+ free\)$/, '');
    await second.click();
    await photograph(page, 'admin-ready-for-pickup-time');
    await page.getByRole('button', { name: 'Process' }).click();
    await page.getByText('Order Updated Successfully').first().waitFor();
    await page.getByTestId('order-pickup').filter({ hasText: chosenText }).waitFor();
    await context.close();

    // The school's order page and My Orders.
    const store = await newPage(browser);
    await apiLogin(store.context, SCHOOL);
    await store.page.goto(`/order/${order._id}`);
    await store.page.getByTestId('order-pickup').filter({ hasText: chosenText }).waitFor();
    await photograph(store.page, 'store-order-pickup-time');
    await store.page.goto('/orders');
    await store.page.locator('.pickup-when', { hasText: chosenText }).first().waitFor();
    await photograph(store.page, 'store-my-orders-pickup-time');

    // The ready-for-pickup mail names the same day and time.
    const [day] = chosenText.split(', 2');
    const mail = await waitForMail((m) => {
      const text = m.replace(/=\r?\n/g, '');
      return (
        text.includes(`request ${order.orderId} is ready for pickup`) && text.includes('Lakeview')
      );
    });
    expect(mail.replace(/=\r?\n/g, '')).toContain(`Pickup time: ${day}`);

    // The school's calendar feed, from its profile page.
    await store.page.goto('/account');
    const address = store.page.getByLabel('Calendar address');
    await address.waitFor();
    await photograph(store.page, 'store-profile-calendar-feed');
    const url = await address.inputValue();
    const feed = await store.context.request.get(url);
    expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
    const ics = await feed.text();
    expect(ics).toContain(`UID:${order._id}@pickups.lockerroom`);
    expect(ics).not.toContain('PCK');
    await store.context.close();
  });

  it('shows the console screens for slots, notices and the dashboard', async () => {
    const { context, page } = await newPage(browser);
    await consoleLogin(page, 'admin');
    await page.getByRole('heading', { name: 'Pickups today and tomorrow' }).waitFor();
    await photograph(page, 'admin-dashboard-pickups');
    await page.goto('/admin/#/pickup-slots');
    await page.getByText('Tuesday').first().waitFor();
    await page.getByLabel('Feed address').waitFor();
    await photograph(page, 'admin-pickup-slots');
    await page.getByText('Tuesday').first().click();
    await page.getByLabel('Orders per date').waitFor();
    await photograph(page, 'admin-pickup-slot-edit');
    await context.close();
  });

  it('shows a notice on the store home until the school dismisses it or it ends', async () => {
    const text = `Closed on Friday for stocktaking ${Date.now().toString(36)}`;
    const { context, page } = await newPage(browser);
    await consoleLogin(page, 'admin');
    await page.goto('/admin/#/notices/create');
    // The form starts on the charity's today (the day the store goes by), which in the evening
    // of its zone is not UTC's.
    const today = await charityToday(admin);
    expect(await page.getByLabel('Show from').inputValue()).toBe(today);
    expect(await page.getByLabel('Show until (included)').inputValue()).toBe(today);
    await page.getByLabel('Text').first().fill(text);
    await page.getByRole('combobox', { name: 'Level' }).click();
    await page.getByRole('option', { name: 'Warning' }).click();
    await photograph(page, 'admin-notice-create');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(text).first().waitFor();
    // The "created" toast fades in and out: axe would measure its contrast half-way through.
    await page
      .locator('.MuiSnackbarContent-message')
      .waitFor({ state: 'detached', timeout: 15_000 });
    await photograph(page, 'admin-notices');
    await context.close();

    const notices = (await (await admin.get('/api/console/notices')).json()) as {
      id: string;
      text: string;
      startDate: string;
    }[];
    const notice = notices.find((n) => n.text === text)!;
    try {
      const store = await newPage(browser);
      await apiLogin(store.context, SCHOOL);
      await store.page.goto('/home');
      await acceptNotice(store.page);
      const shown = store.page.locator('.school-notice', { hasText: text });
      await shown.waitFor();
      await photograph(store.page, 'store-home-notice');
      await shown.getByRole('button', { name: /^Dismiss notice/ }).click();
      await shown.waitFor({ state: 'detached' });
      await store.page.reload();
      await store.page.getByRole('heading', { name: /Clothing and footwear/ }).waitFor();
      expect(await store.page.locator('.school-notice', { hasText: text }).count()).toBe(0);
      await store.context.close();

      // Another school sees it, until its end date has passed.
      const other = await newPage(browser);
      await apiLogin(other.context, OTHER_SCHOOL);
      await other.page.goto('/home');
      await acceptNotice(other.page);
      await other.page.locator('.school-notice', { hasText: text }).waitFor();
      const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
      const ended = await admin.put(`/api/console/notices/${notice.id}`, {
        data: { text, startDate: yesterday, endDate: yesterday, level: 'warning' },
      });
      expect(ended.status()).toBe(200);
      await other.page.reload();
      await other.page.getByRole('heading', { name: /Clothing and footwear/ }).waitFor();
      expect(await other.page.locator('.school-notice', { hasText: text }).count()).toBe(0);
      await other.context.close();
    } finally {
      await admin.delete(`/api/console/notices/${notice.id}`);
    }
  });
});
