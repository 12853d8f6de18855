/**
 * Journey: on the console's login page, logins paused after too many wrong codes (429) are said
 * on the page with the time left, and the message stays. At 1280 and 390 px.
 */
import type { Browser } from 'playwright-core';
import { expectNoSeriousAxeViolations } from '../axe.js';
import {
  DEMO_CODE,
  expectMinutesLeftOfPause,
  launchBrowser,
  newPage,
  pauseLoginsFor,
  PAUSED_LOGIN_ID,
  screenshot,
} from '../harness.js';

describe('console: logins paused from here', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('shows a persistent message with the minutes left', async () => {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const { context, page } = await newPage(browser, viewport);
      await pauseLoginsFor(context, PAUSED_LOGIN_ID);
      await page.goto('/admin/#/login');
      await page.getByLabel('Login ID').fill(PAUSED_LOGIN_ID);
      await page.locator('input[type="password"]').fill(DEMO_CODE);
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/login'));
      await page.getByRole('button', { name: 'Submit' }).click();
      expect((await answer).status()).toBe(429);
      const notice = page.getByTestId('retry-notice');
      await notice.waitFor();
      expect(await notice.innerText()).toMatch(/Logins from here are paused/);
      expectMinutesLeftOfPause(await notice.innerText());
      await page.getByLabel('Login ID').fill('someone-else');
      expect(await notice.isVisible()).toBe(true);
      expect(page.url()).toContain('/admin/#/login');
      await expectNoSeriousAxeViolations(page, `console login paused (${viewport.width}px)`);
      await screenshot(page, `admin-login-paused-${viewport.width}`);
      await context.close();
    }
  });
});
