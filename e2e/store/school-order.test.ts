/**
 * Journey: a school logs in from the dropdown, filters, adds two sizes, hits the 5 cap and
 * an out-of-stock size (Add to Cart off, the reason beside it), checks out and sees the order under Current; a bad code shows the server's
 * message. Runs against the real stack with its demo data.
 */
import type { Browser } from 'playwright-core';
import { expectNoSeriousAxeViolations } from '../axe.js';
import { launchBrowser, newPage, screenshot } from '../harness.js';
import {
  acceptNotice,
  allGroups,
  findOutOfStockSize,
  findTwoSizeGroup,
  loginFromDropdown,
  openCard,
} from './store-pages.js';

const SCHOOL = 'Maple Grove Elementary';

describe('store: school places an order', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("shows the server's message for a bad code and stays logged out", async () => {
    const { context, page } = await newPage(browser);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/login'));
    await loginFromDropdown(page, 'Cedar Hill Middle School', 'not-the-code');
    const response = await answer;
    expect(response.status()).toBe(401);
    const { message } = (await response.json()) as { message: string };
    await expect(
      page.getByRole('alert').filter({ hasText: message }).first().isVisible(),
    ).resolves.toBe(true);
    expect(new URL(page.url()).pathname).toBe('/login');
    const me = await context.request.get('/api/v1/me');
    expect(me.status()).toBe(401);
    await screenshot(page, 'store-login-bad-code');
    await context.close();
  });

  it('logs in, caps quantities, refuses an empty size, checks out and finds the order under Current', async () => {
    const { context, page } = await newPage(browser);
    const groups = await allGroups(context.request);
    const two = findTwoSizeGroup(groups);
    const empty = findOutOfStockSize(groups);

    await loginFromDropdown(page, SCHOOL);
    await page.waitForURL('**/home');
    await acceptNotice(page);
    await screenshot(page, 'store-home');

    // Filter by the category, then the product itself.
    await page
      .getByRole('group', { name: 'Category' })
      .getByRole('button', { name: two.group.category })
      .click();
    await page.waitForURL(`**/home?category=${encodeURIComponent(two.group.category)}*`);
    const card = await openCard(page, two.group, two.subIndex);

    // The 5 cap on a size with more than 5 in stock.
    await card.getByLabel('Size').selectOption(two.big._id);
    const plus = card.getByRole('button', { name: 'Increase quantity' });
    for (let i = 0; i < 4; i++) await plus.click(); // 1 -> 5
    expect(await card.getByLabel(`Quantity of ${two.group.name}`).inputValue()).toBe('5');
    expect(await plus.isDisabled()).toBe(true);
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText('Item Added To Cart').first().waitFor();

    // A second size of the same product.
    await card.getByLabel('Size').selectOption(two.other._id);
    await card.getByRole('button', { name: 'Add to Cart' }).click();

    // An out-of-stock size.
    await page
      .getByRole('group', { name: 'Category' })
      .getByRole('button', { name: 'All' })
      .click();
    const emptyCard = await openCard(page, empty.group, empty.subIndex);
    await emptyCard.getByLabel('Size').selectOption(empty.empty._id);
    // Add to Cart goes off and the card says why, once, beside it (no toasts).
    await emptyCard.getByText('Out of stock in this size.').waitFor();
    expect(await emptyCard.getByRole('button', { name: 'Add to Cart' }).isDisabled()).toBe(true);
    expect(await page.getByText(/Item Out of Stock|Item Not Available/).count()).toBe(0);

    // Cart: the two sizes.
    await page.getByRole('link', { name: /My Cart/ }).click();
    await page.waitForURL('**/cart');
    // The cart page loads on demand: wait for its lines before counting them.
    await page.locator('.cart-line').first().waitFor();
    await expect(page.locator('.cart-line').count()).resolves.toBe(2);
    await screenshot(page, 'store-cart');
    await page.getByRole('button', { name: 'Check Out' }).click();

    // Delivery details, confirm, place.
    await page.waitForURL('**/shipping');
    const studentId = `E2E${Date.now().toString(36).toUpperCase()}`;
    await page.getByLabel('Student ID').fill(studentId);
    await page.getByLabel('Age').fill('11');
    await page.getByLabel('Gender').selectOption('NA');
    await page.getByLabel("Teacher's name").fill('Ms Journey');
    await page.getByLabel('Email').fill('teacher@maplegrove.example');
    // Without the consent box the school stays on Delivery Details, told why.
    await page.getByRole('button', { name: 'Continue' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: "Please confirm that you may share the student's details" })
      .waitFor();
    expect(page.url()).toMatch(/\/shipping$/);
    await expectNoSeriousAxeViolations(page, '/shipping without the consent box');
    await page
      .getByRole('checkbox', { name: /may share the student's and teacher's details/ })
      .check();
    await screenshot(page, 'store-shipping-consent');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/order/confirm');
    await screenshot(page, 'store-confirm-order');
    await page.getByRole('button', { name: 'Proceed' }).click();
    await page.waitForURL('**/process/payment');
    const placed = page.waitForResponse((r) => r.url().endsWith('/api/v1/order/new'));
    await page.getByRole('button', { name: 'Proceed To Place Order' }).click();
    const placedResponse = await placed;
    expect(placedResponse.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await page.waitForURL('**/success');
    await page.getByRole('heading', { name: 'Your Order has been Placed successfully' }).waitFor();
    await expect(page.evaluate('window.localStorage.getItem("cartItems")')).resolves.toBeNull();

    // My Orders, Current filter.
    await page.getByRole('link', { name: 'Display All Orders' }).click();
    await page.waitForURL('**/orders');
    await page.getByLabel('Show').selectOption('Current');
    const row = page
      .getByRole('row')
      .filter({ hasText: `${studentId}, age 11, Prefer not to say` });
    await row.waitFor();
    expect(await row.innerText()).toContain('Processing');
    await screenshot(page, 'store-my-orders');

    // The server holds exactly one order for this checkout, with the two lines.
    const mine = (await (await context.request.get('/api/v1/orders/me')).json()) as {
      orders: {
        shippingInfo: { receivingPersonName: string };
        orderItems: { ProductSize: string; quantity: number }[];
      }[];
    };
    const created = mine.orders.filter(
      (o) => o.shippingInfo.receivingPersonName === `${studentId}_11_NA`,
    );
    expect(created).toHaveLength(1);
    expect(created[0]?.orderItems.map((l) => [l.ProductSize, l.quantity]).sort()).toEqual(
      [
        [two.big.size, 5],
        [two.other.size, 1],
      ].sort(),
    );
    await context.close();
  });
});
