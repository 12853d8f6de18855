/**
 * Journey: the delivery form on a phone and a desktop. A submit with problems lists every one at
 * the top and puts focus on the first; after an order the next checkout starts with no student
 * (nothing of the student is left in the browser's storage), and the teacher's contact details come
 * back only because the school ticked "Remember my contact details on this computer" (off on a
 * fresh browser). axe-core checks each screen, and each leaves a screenshot.
 */
import type { Browser, Page } from 'playwright-core';
import { expectNoSeriousAxeViolations } from '../axe.js';
import { apiLogin, launchBrowser, newPage, screenshot } from '../harness.js';
import { allGroups, focused } from './store-pages.js';

const LOGIN_ID = 'oakpark';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const REMEMBER = 'Remember my contact details on this computer';

/** Everything the store keeps in this browser, as one text. */
async function browserStorage(page: Page): Promise<string> {
  return (await page.evaluate(`JSON.stringify([
    Object.entries(window.localStorage),
    Object.entries(window.sessionStorage),
  ])`)) as string;
}

describe('store: delivery details on a shared computer', () => {
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
    it(`lists every problem at the top and focuses the first invalid field (${label})`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await apiLogin(context, LOGIN_ID);
      await page.goto('/shipping');
      await page.getByRole('heading', { name: 'Delivery Details' }).waitFor();
      await page.getByLabel('Age').fill('ten');
      await page.getByRole('button', { name: 'Continue' }).click();

      const summary = page.getByRole('alert').filter({ hasText: 'Please fix 5 problems' });
      await summary.waitFor();
      await expect(summary.getByRole('link').allInnerTexts()).resolves.toEqual([
        'Student ID is required',
        'Age must be a whole number',
        'Please select a gender',
        'Email is required',
        "Please confirm that you may share the student's details for this request",
      ]);
      expect(await focused(page)).toBe('input "Student ID"');
      expect(await page.getByLabel('Student ID').getAttribute('aria-invalid')).toBe('true');
      await expectNoSeriousAxeViolations(page, `/shipping with its problems (${label})`);
      await screenshot(page, `store-${label}-shipping-problems`);

      await summary.getByRole('link', { name: 'Please select a gender' }).click();
      expect(await focused(page)).toBe('select "Gender"');
      await context.close();
    });
  }

  it('starts the next checkout without the student and keeps only the contact it was asked to', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await apiLogin(context, LOGIN_ID);
    await context.addInitScript({
      content: "window.sessionStorage.setItem('importantNoticeAccepted', 'yes')",
    });
    const size = (await allGroups(context.request))
      .flatMap((group) => group.subCategories.flatMap((sub) => sub.sizes))
      .find((s) => s.stock >= 3);
    if (!size) throw new Error('demo data has no size with 3 in stock');
    await page.goto(`/product/${size.productId}`);
    await page.getByLabel('Size').selectOption(size._id);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText('Item Added To Cart').first().waitFor();

    await page.goto('/shipping');
    expect(await page.getByLabel(REMEMBER).isChecked()).toBe(false);
    const studentId = `PRIV${Date.now().toString(36).toUpperCase()}`;
    await page.getByLabel('Student ID').fill(studentId);
    await page.getByLabel('Age').fill('8');
    await page.getByLabel('Gender').selectOption('Female');
    await page.getByLabel("Teacher's name").fill('Ms Acorn');
    await page.getByLabel('Phone').fill('555 0142');
    await page.getByLabel('Email').fill('office@oakpark.example');
    await page.getByLabel('Additional comments').fill(`Note about ${studentId}`);
    await page.getByLabel(REMEMBER).check();
    await page.getByRole('checkbox', { name: /may share the student's/ }).check();
    await expectNoSeriousAxeViolations(page, '/shipping filled in, remember ticked');
    await screenshot(page, 'store-phone-shipping-remember');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/order/confirm');
    // During the checkout the student lives in this tab's session only.
    const during = JSON.parse(await browserStorage(page)) as [string, string][][];
    expect(JSON.stringify(during[0])).not.toContain(studentId);
    expect(JSON.stringify(during[1])).toContain(studentId);

    await page.getByRole('button', { name: 'Proceed' }).click();
    await page.waitForURL('**/process/payment');
    await page.getByRole('button', { name: 'Proceed To Place Order' }).click();
    await page.waitForURL('**/success');
    await page.getByRole('heading', { name: 'Your Order has been Placed successfully' }).waitFor();
    const after = await browserStorage(page);
    expect(after).not.toContain(studentId);
    expect(after).toContain('Ms Acorn');

    await page.getByRole('link', { name: 'Place New Order' }).click();
    await page.waitForURL('**/home');
    await page.goto('/shipping');
    await page.getByLabel('Student ID').waitFor();
    const values = async (labels: string[]) =>
      Promise.all(labels.map((name) => page.getByLabel(name, { exact: true }).inputValue()));
    await expect(values(['Student ID', 'Age', 'Gender', 'Additional comments'])).resolves.toEqual([
      '',
      '',
      '',
      '',
    ]);
    await expect(values(["Teacher's name", 'Phone', 'Email'])).resolves.toEqual([
      'Ms Acorn',
      '555 0142',
      'office@oakpark.example',
    ]);
    expect(await page.getByLabel(REMEMBER).isChecked()).toBe(true);
    await screenshot(page, 'store-phone-shipping-next-checkout');

    // Unticking forgets them on this computer at once.
    await page.getByLabel(REMEMBER).uncheck();
    expect(await browserStorage(page)).not.toContain('Ms Acorn');
    await context.close();

    // Another browser (or a cleared one) starts with nothing remembered.
    const fresh = await newPage(browser, DESKTOP);
    await apiLogin(fresh.context, LOGIN_ID);
    await fresh.page.goto('/shipping');
    await fresh.page.getByLabel('Student ID').waitFor();
    expect(await fresh.page.getByLabel(REMEMBER).isChecked()).toBe(false);
    expect(await fresh.page.getByLabel("Teacher's name").inputValue()).toBe('');
    await screenshot(fresh.page, 'store-desktop-shipping-fresh');
    await fresh.context.close();
  });
});
