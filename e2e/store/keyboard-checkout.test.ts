/**
 * Journey: a school orders with the keyboard only (no mouse), on a desktop screen. The skip link
 * jumps over the banner and filters to the products, each new page starts from its heading, the
 * Delivery Details problems are listed once at the top with focus on the first, no warning
 * follows the school to the next page, and the success page names the order. axe-core checks
 * every page on the way.
 */
import type { Browser } from 'playwright-core';
import { expectNoSeriousAxeViolations } from '../axe.js';
import { apiLogin, launchBrowser, newPage, screenshot } from '../harness.js';
import { allGroups, focused, pressUntil } from './store-pages.js';

describe('store: keyboard-only checkout', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('orders one item with Tab, arrows and Enter, from the skip link to the order number', async () => {
    const { context, page } = await newPage(browser);
    await apiLogin(context, 'lakeview');
    await context.addInitScript({
      content: "window.sessionStorage.setItem('importantNoticeAccepted', 'yes')",
    });
    const [first] = await allGroups(context.request);
    const sizes = first?.subCategories[0]?.sizes ?? [];
    const inStock = sizes.findIndex((s) => s.stock >= 1);
    if (!first || inStock < 0) throw new Error('the first product of the demo data has no stock');

    await page.goto('/home');
    await page.locator('article.product-card').first().waitFor();
    await expectNoSeriousAxeViolations(page, '/home');
    await expect(page.locator('article.product-card h2').first().innerText()).resolves.toBe(
      first.name,
    );

    // The first Tab offers the skip link; it lands on the product grid.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('a "Skip to products"');
    await page.keyboard.press('Enter');
    expect(await page.evaluate('document.activeElement.id')).toBe('products');

    // First card: its Size list, an in-stock size by arrow keys, then Add to Cart.
    const toSize = await pressUntil(page, 'Tab', /^select "Size"$/);
    expect(toSize).toBeLessThanOrEqual(3);
    for (let i = 0; i <= inStock; i++) await page.keyboard.press('ArrowDown');
    await pressUntil(page, 'Tab', /^button "Add to Cart"$/, 5);
    await page.keyboard.press('Enter');
    await page.getByText('Item Added To Cart').first().waitFor();

    // Back up to My Cart in the header.
    await pressUntil(page, 'Shift+Tab', /^a "My Cart, 1 items"$/);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/cart');
    await page.getByRole('heading', { name: 'My Cart' }).waitFor();
    await waitForFocus(page, 'h1 "My Cart"');
    await expectNoSeriousAxeViolations(page, '/cart');
    await pressUntil(page, 'Tab', /^button "Check Out"$/, 10);
    await page.keyboard.press('Enter');

    // Delivery Details: Enter without a gender and an email lists both problems at the top and
    // puts focus on the first of them.
    await page.waitForURL('**/shipping');
    await waitForFocus(page, 'h1 "Delivery Details"');
    await expectNoSeriousAxeViolations(page, '/shipping');
    await pressUntil(page, 'Tab', /^input "Student ID"$/, 5);
    await page.keyboard.type(`KEY${Date.now().toString(36).toUpperCase()}`);
    await page.keyboard.press('Tab');
    await page.keyboard.type('9');
    await page.keyboard.press('Enter');
    const summary = page.getByRole('alert').filter({ hasText: 'Please fix 3 problems' });
    await summary.waitFor();
    await expect(summary.getByRole('link').allInnerTexts()).resolves.toEqual([
      'Please select a gender',
      'Email is required',
      "Please confirm that you may share the student's details for this request",
    ]);
    expect(await page.locator('.toast--error').count()).toBe(0);
    await expectNoSeriousAxeViolations(page, '/shipping with its errors');
    await screenshot(page, 'store-keyboard-shipping-errors');
    expect(await focused(page)).toMatch(/^select "Gender"/);
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    expect(await page.getByLabel('Gender').inputValue()).toBe('NA');
    await pressUntil(page, 'Tab', /^input "Email"$/, 5);
    await page.keyboard.type('office@lakeview.example');
    // The consent box: ticked with Space, then Continue.
    await pressUntil(page, 'Tab', /^input "I confirm our school may share/, 10);
    await page.keyboard.press('Space');
    expect(await page.getByRole('checkbox', { name: /may share/ }).isChecked()).toBe(true);
    await pressUntil(page, 'Tab', /^button "Continue"$/, 5);
    await page.keyboard.press('Enter');

    // Confirm: the warning stayed behind; no prices.
    await page.waitForURL('**/order/confirm');
    await waitForFocus(page, 'h1 "Confirm Order"');
    expect(await page.locator('.toast--error').count()).toBe(0);
    const confirmText = await page.locator('main').innerText();
    expect(confirmText).not.toContain('$');
    expect(confirmText).toContain('Prefer not to say');
    await expectNoSeriousAxeViolations(page, '/order/confirm');
    await screenshot(page, 'store-keyboard-confirm');
    await pressUntil(page, 'Tab', /^button "Proceed"$/, 10);
    await page.keyboard.press('Enter');

    await page.waitForURL('**/process/payment');
    await waitForFocus(page, 'h1 "Order Place"');
    expect(await page.locator('main').innerText()).not.toContain('$');
    await expectNoSeriousAxeViolations(page, '/process/payment');
    await pressUntil(page, 'Tab', /^button "Proceed To Place Order"$/, 5);
    const placed = page.waitForResponse((r) => r.url().endsWith('/api/v1/order/new'));
    await page.keyboard.press('Enter');
    const { order } = (await (await placed).json()) as { order: { orderId: string } };

    await page.waitForURL('**/success');
    await waitForFocus(page, 'h1 "Your Order has been Placed successfully"');
    await page.getByText(`Your order number is ${order.orderId}`).waitFor();
    await expectNoSeriousAxeViolations(page, '/success');
    await screenshot(page, 'store-keyboard-success');
    await context.close();
  });
});

async function waitForFocus(page: import('playwright-core').Page, wanted: string) {
  for (let i = 0; i < 50; i++) {
    if ((await focused(page)) === wanted) return;
    await page.waitForTimeout(100);
  }
  throw new Error(`focus is on ${await focused(page)}, not ${wanted}`);
}
