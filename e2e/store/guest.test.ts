/** Journey: a guest lands on the store and reads About Us with the donation text. */
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from '../harness.js';

describe('store: guest', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('goes from / to About Us and reads the facts, the donation text and How can you help', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await page.waitForURL('**/about');
    await page.getByRole('heading', { name: 'About Us' }).waitFor();
    const text = await page.locator('main').innerText();
    expect(text).toContain('division of a youth-support fund');
    expect(text).toContain('sporting-goods retailer');
    expect(text).toContain('24-48 hours');
    expect(text).toContain('Tuesdays 2:00-4:00 and Thursdays 8:00-9:30 am');
    expect(text).toContain('By cheque');
    expect(text).toContain('How can you help');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link').allInnerTexts(),
    ).resolves.toEqual(['About Us', 'Login']);
    await screenshot(page, 'store-guest-about');
    await context.close();
  });

  it('sends a guest who opens My Orders to the login page and keeps where they wanted to go', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/orders');
    await page.waitForURL('**/login?redirect=%2Forders');
    await page.getByLabel('School', { exact: true }).waitFor();
    await context.close();
  });
});
