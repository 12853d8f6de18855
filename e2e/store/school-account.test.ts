/**
 * Journey: a school reviews a product, cancels its own order while it is Processing, and changes
 * its login id (which asks for its current code), through the store's screens against the real
 * stack.
 */
import type { Browser } from 'playwright-core';
import { expectNoSeriousAxeViolations } from '../axe.js';
import { apiLogin, DEMO_CODE, launchBrowser, newPage, screenshot, stackUrl } from '../harness.js';
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

  it('asks for the current code when the login id changes, says a wrong one beside it', async () => {
    for (const [viewport, newId] of [
      [{ width: 390, height: 844 }, 'silverbirch-school'],
      [{ width: 1280, height: 900 }, 'silverbirch'],
    ] as const) {
      const { context, page } = await newPage(browser, viewport);
      const currentId = newId === 'silverbirch' ? 'silverbirch-school' : 'silverbirch';
      await apiLogin(context, currentId);
      await context.addInitScript({
        content: "window.sessionStorage.setItem('importantNoticeAccepted', 'yes')",
      });
      await page.goto('/me/update');
      await page.getByLabel('Login ID').waitFor();
      expect(await page.getByLabel('Current code').count()).toBe(0);
      await page.getByLabel('Login ID').fill(newId);
      const codeField = page.getByLabel('Current code');
      await codeField.waitFor();
      await page.getByRole('button', { name: 'Update' }).click();
      await page.getByText('Please type your current code to change the Login ID.').waitFor();
      await codeField.fill('not-the-code');
      await page.getByRole('button', { name: 'Update' }).click();
      const wrong = page.getByText('The current code is not right. Please check it and try again.');
      await wrong.waitFor();
      expect(await codeField.getAttribute('aria-invalid')).toBe('true');
      await expectNoSeriousAxeViolations(
        page,
        `/me/update with a wrong code (${viewport.width}px)`,
      );
      await screenshot(page, `store-profile-current-code-${viewport.width}`);

      await codeField.fill(DEMO_CODE);
      await page.getByRole('button', { name: 'Update' }).click();
      await page.waitForURL('**/account');
      await page.getByText(newId, { exact: true }).first().waitFor();
      await context.close();
    }
  });
});
