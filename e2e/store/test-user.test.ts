/**
 * Journey: the demo TEST USER may pass the 5 cap (up to the size's stock) and gets prefilled,
 * locked delivery details; the server accepts that order.
 */
import type { Browser } from 'playwright-core';
import { apiLogin, launchBrowser, newPage, screenshot } from '../harness.js';
import { allGroups, findTwoSizeGroup, openCard } from './store-pages.js';

describe('store: TEST USER', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('orders more than 5 of a size with the locked demo delivery details', async () => {
    const { context, page } = await newPage(browser);
    await apiLogin(context, 'TEST USER');
    await context.addInitScript({
      content: "window.sessionStorage.setItem('importantNoticeAccepted', 'yes')",
    });
    const two = findTwoSizeGroup(await allGroups(context.request));

    await page.goto('/home');
    const card = await openCard(page, two.group, two.subIndex);
    await card.getByLabel('Size').selectOption(two.big._id);
    const plus = card.getByRole('button', { name: 'Increase quantity' });
    for (let i = 1; i < 6; i++) await plus.click(); // 1 -> 6: past the cap of a normal school
    expect(await card.getByLabel(`Quantity of ${two.group.name}`).inputValue()).toBe('6');
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText('Item Added To Cart').first().waitFor();

    await page.goto('/shipping');
    const studentId = page.getByLabel('Student ID');
    expect(await studentId.getAttribute('readonly')).not.toBeNull();
    expect(await studentId.inputValue()).not.toBe('');
    expect(await page.getByLabel('Gender').isDisabled()).toBe(true);
    await screenshot(page, 'store-test-user-shipping');
    // The consent box is the TEST USER's to tick too.
    await page
      .getByRole('checkbox', { name: /may share the student's and teacher's details/ })
      .check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/order/confirm');
    await page.getByRole('button', { name: 'Proceed' }).click();
    await page.waitForURL('**/process/payment');
    await page.getByRole('button', { name: 'Proceed To Place Order' }).click();
    await page.waitForURL('**/success');

    const mine = (await (await context.request.get('/api/v1/orders/me')).json()) as {
      orders: { orderItems: { ProductSize: string; quantity: number }[] }[];
    };
    expect(mine.orders[0]?.orderItems).toEqual([
      expect.objectContaining({ ProductSize: two.big.size, quantity: 6 }),
    ]);
    await context.close();
  });
});
