/**
 * Journey: a school reviews a product and cancels its own order while it is Processing, through the
 * store's screens against the real stack.
 */
import type { Browser } from 'playwright-core';
import { expectNoSeriousAxeViolations } from '../axe.js';
import { apiLogin, launchBrowser, newPage, screenshot, stackUrl } from '../harness.js';
import { allGroups, findTwoSizeGroup } from './store-pages.js';

const LOGIN_ID = 'foxrun';
const SCHOOL_NAME = 'Fox Run Primary';

describe('store: school reviews and cancels', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('submits a half-star review that then shows on the product', async () => {
    const { context, page } = await newPage(browser);
    await apiLogin(context, LOGIN_ID);
    const [group] = await allGroups(context.request);
    const productId = group?.subCategories[0]?.productId;
    if (!group || !productId) throw new Error('no products in the demo data');

    await page.goto(`/product/${productId}`);
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await page.getByLabel('Rating').selectOption('4.5');
    await page.getByLabel('Comment').fill('Fits well, thank you');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByText('Review Submitted Successfully').first().waitFor();
    const review = page.locator('.review-list li', { hasText: 'Fits well, thank you' });
    await review.waitFor();
    expect(await review.innerText()).toContain(SCHOOL_NAME);
    await screenshot(page, 'store-product-reviewed');
    await context.close();
  });

  it('cancels its own Processing order after confirming', async () => {
    const { context, page } = await newPage(browser);
    await apiLogin(context, LOGIN_ID);
    const two = findTwoSizeGroup(await allGroups(context.request));
    const created = await context.request.post(`${stackUrl()}/api/v1/order/new`, {
      headers: { Origin: stackUrl() },
      data: {
        shippingInfo: { receivingPersonName: 'FOXCANCEL_8_Female', Email: 'office@foxrun.example' },
        orderItems: [{ product: two.big.productId, ProductSize: two.big.size, quantity: 1 }],
      },
    });
    expect(created.status()).toBeLessThan(300);
    const { order } = (await created.json()) as { order: { _id: string; orderId: string } };

    await page.goto(`/order/${order._id}`);
    await page.getByRole('heading', { name: `Order ${order.orderId}` }).waitFor();
    await page.getByRole('button', { name: 'Cancel Order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this request?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).not.toMatch(/delete/i);
    await expectNoSeriousAxeViolations(page, 'the cancel dialog');
    await screenshot(page, 'store-cancel-dialog');
    await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
    await page.getByText(`Order ${order.orderId} was cancelled.`).first().waitFor();
    await page.waitForURL('**/orders');
    const gone = await context.request.get(`${stackUrl()}/api/v1/order/${order._id}`);
    expect(gone.status()).toBe(404);
    await context.close();
  });
});
