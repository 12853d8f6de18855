/**
 * Journey: a school requests for a student who has had the school year's requests already (the
 * fresh installation's limit: 2, warn). Confirm Order says how many the student received and asks
 * a reason; Proceed stays off until it is given; the request is placed with the reason, and the
 * console shows it flagged over the limit with the reason. On a phone and a desktop.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser } from 'playwright-core';
import { expectNoSeriousAxeViolations } from '../axe.js';
import { apiLogin, launchBrowser, newPage, screenshot } from '../harness.js';
import { allGroups } from './store-pages.js';

const LOGIN_ID = 'granitefalls';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

async function placeFor(
  request: APIRequestContext,
  productId: string,
  size: string,
  student: string,
) {
  const response = await request.post('/api/v1/order/new', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      shippingInfo: {
        receivingPersonName: `${student}_9_NA`,
        Email: 'office@granitefalls.example',
      },
      orderItems: [{ product: productId, ProductSize: size, quantity: 1 }],
    },
  });
  if (!response.ok())
    throw new Error(`place failed: ${response.status()} ${await response.text()}`);
}

describe('store: a student over the school year limit', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`asks a reason at Confirm Order and places the request with it (${label})`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await apiLogin(context, LOGIN_ID);
      await context.addInitScript({
        content: "window.sessionStorage.setItem('importantNoticeAccepted', 'yes')",
      });
      const size = (await allGroups(context.request))
        .flatMap((group) => group.subCategories.flatMap((sub) => sub.sizes))
        .find((s) => s.stock >= 3);
      if (!size) throw new Error('demo data has no size with 3 in stock');
      const studentId = `LIM${label.toUpperCase()}${Date.now().toString(36).toUpperCase()}`;
      // Two requests this school year already, typed differently by the school.
      await placeFor(context.request, size.productId, size.size, studentId);
      await placeFor(context.request, size.productId, size.size, studentId.toLowerCase());

      await page.goto(`/product/${size.productId}`);
      await page.getByLabel('Size').selectOption(size._id);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByText('Item Added To Cart').first().waitFor();
      await page.goto('/shipping');
      await page.getByLabel('Student ID').fill(studentId);
      await page.getByLabel('Age').fill('9');
      await page.getByLabel('Gender').selectOption('NA');
      await page.getByLabel('Email').fill('office@granitefalls.example');
      await page.getByRole('checkbox', { name: /may share the student's/ }).check();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL('**/order/confirm');

      const notice = page.getByTestId('student-limit');
      await notice.getByText('This student has received 2 requests this school year').waitFor();
      const proceed = page.getByRole('button', { name: 'Proceed', exact: true });
      expect(await proceed.isDisabled()).toBe(true);
      await expectNoSeriousAxeViolations(page, `/order/confirm over the limit (${label})`);
      await screenshot(page, `store-${label}-confirm-over-limit`);

      const reason = `Outgrew the winter coat (${label})`;
      await page.getByLabel('Reason for this request (required)').fill(reason);
      expect(await proceed.isDisabled()).toBe(false);
      await proceed.click();
      await page.waitForURL('**/process/payment');
      const placed = page.waitForResponse((r) => r.url().endsWith('/api/v1/order/new'));
      await page.getByRole('button', { name: 'Proceed To Place Order' }).click();
      const order = ((await (await placed).json()) as { order: { _id: string } }).order;
      await page.waitForURL('**/success');

      const staff = await newPage(browser);
      await apiLogin(staff.context, 'admin');
      const record = (await (
        await staff.context.request.get(`/api/console/orders/${order._id}`)
      ).json()) as { flags: string[]; shippingInfo: { studentLimitReason?: string } };
      expect(record.flags).toContain('over-limit');
      expect(record.flags).toContain('duplicate');
      expect(record.shippingInfo.studentLimitReason).toBe(reason);
      await staff.context.close();
      await context.close();
    });
  }
});
