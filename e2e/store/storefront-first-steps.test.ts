/**
 * Journey: the first steps in the store, with a keyboard and on a phone. Login is an early Tab
 * stop on the landing page; no screen warns "No HydrateFallback" when opened directly; a guest's
 * card offers "Log in to request" and comes back after logging in; a size out of stock turns Add
 * to Cart off with its reason said once; a phone shows dense cards; after "I have read this" focus
 * is on the page heading; the request form knows the school; an order still Processing says its
 * given quantities are to be decided. axe-core checks each screen, and each leaves a screenshot.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { expectNoSeriousAxeViolations } from '../axe.js';
import { apiLogin, launchBrowser, newPage, screenshot } from '../harness.js';
import { allGroups, findOutOfStockSize, focused, pressUntil } from './store-pages.js';

const LOGIN_ID = 'pineridge';
const SCHOOL_NAME = 'Pine Ridge School';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** Routes whose screens load on demand (the first render waits for their code). */
const LAZY_ROUTES = ['/contact', '/termsofuse', '/helpuse', '/requestform', '/donate', '/cart'];

function warningsOf(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  return warnings;
}

describe('store: first steps', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`lands a guest with Login within the first Tab stops (${label})`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await page.goto('/');
      await page.waitForURL('**/about');
      await page.getByRole('heading', { name: 'About Us' }).waitFor();
      // The redirect from / is part of the page load: focus has not been moved into the page.
      expect(await focused(page)).toBe('body');
      expect(await pressUntil(page, 'Tab', /^a "Login"$/, 4)).toBe(4);
      await expectNoSeriousAxeViolations(page, `/about, the landing page (${label})`);
      await screenshot(page, `store-${label}-landing`);
      await context.close();
    });
  }

  it('opens every on-demand screen directly without a HydrateFallback warning', async () => {
    const { context, page } = await newPage(browser);
    const warnings = warningsOf(page);
    for (const path of LAZY_ROUTES) {
      await page.goto(path);
      await page.locator('main h1').first().waitFor();
    }
    expect(warnings.filter((text) => /HydrateFallback/.test(text))).toEqual([]);
    await context.close();
  });

  it('offers a guest "Log in to request" on a card and brings them back after logging in', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await context.addInitScript({
      content: "window.sessionStorage.setItem('importantNoticeAccepted', 'yes')",
    });
    await page.goto('/products?page=2');
    const card = page.locator('article.product-card').first();
    await card.waitFor();
    expect(await card.getByRole('button', { name: 'Add to Cart' }).count()).toBe(0);
    await expectNoSeriousAxeViolations(page, '/products as a guest');
    await screenshot(page, 'store-phone-guest-cards');
    await card.getByRole('link', { name: 'Log in to request' }).click();
    await page.waitForURL('**/login?redirect=%2Fproducts%3Fpage%3D2');
    await page.getByLabel('School', { exact: true }).selectOption({ label: SCHOOL_NAME });
    await page.getByLabel('School code').fill(process.env.DEMO_CODE ?? 'demo345');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/products?page=2');
    await page
      .locator('article.product-card')
      .first()
      .getByRole('button', { name: 'Add to Cart' })
      .waitFor();
    await context.close();
  });

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`turns Add to Cart off for a size out of stock and says why once (${label})`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await apiLogin(context, LOGIN_ID);
      await context.addInitScript({
        content: "window.sessionStorage.setItem('importantNoticeAccepted', 'yes')",
      });
      const empty = findOutOfStockSize(await allGroups(context.request));
      await page.goto(`/home?keyword=${encodeURIComponent(empty.group.name)}`);
      const card = page.locator('article.product-card', {
        has: page.getByRole('heading', { name: empty.group.name, exact: true }),
      });
      await card.waitFor();
      if (empty.group.subCategories.length > 1)
        await card.getByLabel('Sizing').selectOption(String(empty.subIndex));
      await card.getByLabel('Size').selectOption(empty.empty._id);
      await card.getByText('Out of stock in this size.').waitFor();
      const add = card.getByRole('button', { name: 'Add to Cart' });
      expect(await add.isDisabled()).toBe(true);
      expect(await page.getByText(/out of stock/i).count()).toBe(
        // The sentence beside the button; the size list's own "(out of stock)" options aside.
        1 + (await card.getByRole('option', { name: /out of stock/ }).count()),
      );
      expect(await page.getByText(/Item Out of Stock|Item Not Available/).count()).toBe(0);
      await expectNoSeriousAxeViolations(page, `/home, a size out of stock (${label})`);
      await screenshot(page, `store-${label}-card-out-of-stock`);
      await card.getByRole('link', { name: 'Request it' }).click();
      await page.waitForURL('**/requestform?*');
      expect(new URL(page.url()).searchParams.get('size')).toBe(empty.empty.size);
      await context.close();
    });
  }

  it('shows dense cards on a phone and none wider than the screen', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await apiLogin(context, LOGIN_ID);
    await context.addInitScript({
      content: "window.sessionStorage.setItem('importantNoticeAccepted', 'yes')",
    });
    await page.goto('/home');
    const cards = page.locator('article.product-card');
    await cards.first().waitFor();
    const heights = await cards.evaluateAll((nodes) =>
      nodes.map((node) => (node as unknown as { offsetHeight: number }).offsetHeight),
    );
    // Three products or more on one phone screen.
    expect(Math.max(...heights)).toBeLessThanOrEqual(PHONE.height / 3);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBe(PHONE.width);
    await screenshot(page, 'store-phone-home-dense');
    await context.close();
  });

  it('puts focus on the page heading after "I have read this"', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await apiLogin(context, LOGIN_ID);
    await page.goto('/home');
    await page.getByRole('dialog', { name: 'IMPORTANT: PLEASE READ' }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await focused(page)).toBe('h1 "Clothing and footwear for every student"');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('input "Search products"');
    await context.close();
  });

  it("fills the request form with the school's name and address", async () => {
    const { context, page } = await newPage(browser, PHONE);
    await apiLogin(context, LOGIN_ID);
    const me = (await (await context.request.get('/api/v1/me')).json()) as {
      user: { name: string; address: string; district: string };
    };
    await page.goto('/requestform?item=Hoodie&size=M');
    await page.getByRole('heading', { name: 'Request Form' }).waitFor();
    expect(await page.getByLabel('School name').inputValue()).toBe(me.user.name);
    expect(await page.getByLabel('School address').inputValue()).toBe(
      `${me.user.address}, ${me.user.district}`,
    );
    expect(await page.getByLabel('Full name').inputValue()).toBe('');
    await expectNoSeriousAxeViolations(page, '/requestform prefilled');
    await screenshot(page, 'store-phone-requestform-prefilled');
    await context.close();
  });

  it('says the given quantities are to be decided while the order is Processing', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await apiLogin(context, LOGIN_ID);
    const size = (await allGroups(context.request))
      .flatMap((group) =>
        group.subCategories.flatMap((sub) => sub.sizes.map((s) => ({ group, sub, s }))),
      )
      .find(({ s }) => s.stock >= 2);
    if (!size) throw new Error('demo data has no size with 2 in stock');
    const placed = await context.request.post('/api/v1/order/new', {
      headers: { 'Idempotency-Key': randomUUID() },
      data: {
        shippingInfo: {
          userName: SCHOOL_NAME,
          receivingPersonName: 'GIVEN1_9_NA',
          additionalComments: '',
          userLoggedInDesignation: '',
          userAddress: '|',
          orderDate: new Date().toISOString(),
          phoneNo: '',
          Email: 'office@pineridge.example',
        },
        orderItems: [
          {
            product: size.s.productId,
            name: size.group.name,
            SubCategory: size.sub.SubCategory,
            ProductSize: size.s.size,
            quantity: 2,
            image: '',
            price: 0,
          },
        ],
        itemsPrice: 0,
        taxPrice: 0,
        shippingPrice: 0,
        totalPrice: 0,
      },
    });
    expect(placed.status()).toBe(201);
    const { order } = (await placed.json()) as { order: { _id: string; orderId: string } };
    await page.goto(`/order/${order._id}`);
    await page.getByRole('heading', { name: `Order ${order.orderId}` }).waitFor();
    const row = page.getByRole('row').filter({ hasText: size.group.name });
    await expect(row.getByRole('cell').allInnerTexts()).resolves.toEqual([
      size.group.name,
      expect.stringContaining(size.s.size),
      '2',
      'to be decided',
    ]);
    await expectNoSeriousAxeViolations(page, '/order/:id while Processing');
    await screenshot(page, 'store-desktop-order-given-undecided');
    await context.close();
  });
});
