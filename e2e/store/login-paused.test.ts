/**
 * Journey: a school whose logins are paused after too many wrong codes (429) sees it on the login
 * pages themselves, with the time left, and the message stays while they use the page (a toast
 * alone would be gone in a second). At 1280 and 390 px.
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
  PAUSED_SCHOOL_NAME,
  screenshot,
} from '../harness.js';

const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

describe('store: logins paused from here', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('/login says so on the page with the minutes left, and the message stays', async () => {
    for (const viewport of VIEWPORTS) {
      const { context, page } = await newPage(browser, viewport);
      await pauseLoginsFor(context, PAUSED_LOGIN_ID);
      await page.goto('/login');
      await page.getByLabel('School', { exact: true }).selectOption({ label: PAUSED_SCHOOL_NAME });
      await page.getByLabel('School code').fill(DEMO_CODE);
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/login'));
      await page.getByRole('button', { name: 'Login' }).click();
      const response = await answer;
      expect(response.status()).toBe(429);
      expect(Number(response.headers()['retry-after'])).toBeGreaterThan(0);

      const notice = page.getByTestId('retry-notice');
      await notice.waitFor();
      expect(await notice.innerText()).toMatch(/Logins from here are paused/);
      expectMinutesLeftOfPause(await notice.innerText());
      // Still there after using the form again: it is part of the page, not a passing toast.
      await page.getByLabel('School code').fill('another-try');
      expect(await notice.isVisible()).toBe(true);
      expect(page.url()).toContain('/login');
      await expectNoSeriousAxeViolations(page, `/login paused (${viewport.width}px)`);
      await screenshot(page, `store-login-paused-${viewport.width}`);
      await context.close();
    }
  });

  it('/loginmanual shows the same message for the typed login id', async () => {
    for (const viewport of VIEWPORTS) {
      const { context, page } = await newPage(browser, viewport);
      await pauseLoginsFor(context, PAUSED_LOGIN_ID);
      await page.goto('/loginmanual');
      await page.getByLabel('Login ID').fill(PAUSED_LOGIN_ID);
      await page.locator('input[type="password"]').fill(DEMO_CODE);
      await page.getByRole('button', { name: 'Submit' }).click();
      const notice = page.getByTestId('retry-notice');
      await notice.waitFor();
      expectMinutesLeftOfPause(await notice.innerText());
      await page.getByLabel('Login ID').fill(`${PAUSED_LOGIN_ID} `);
      expect(await notice.isVisible()).toBe(true);
      await expectNoSeriousAxeViolations(page, `/loginmanual paused (${viewport.width}px)`);
      await screenshot(page, `store-loginmanual-paused-${viewport.width}`);
      await context.close();
    }
  });
});
