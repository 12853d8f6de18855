/**
 * Journey: the console's Login ID + Password page. A wrong code shows the server's
 * message and leaves the visitor logged out; a school signing in here is sent to the store's home.
 */
import type { Browser } from 'playwright-core';
import { expectNoSeriousAxeViolations } from '../axe.js';
import { launchBrowser, newPage, screenshot } from '../harness.js';
import { SCHOOL_LOGIN_ID } from './console-helpers.js';

describe('console: login', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('shows a logged-out visitor the login form after a single /me answer', async () => {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const { context, page } = await newPage(browser, viewport);
      let meRequests = 0;
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/v1/me') meRequests += 1;
      });
      const started = Date.now();
      await page.goto('/admin/');
      await page.getByLabel('Login ID').waitFor();
      const meBeforeForm = meRequests;
      // A figure for the report only; the assertion is the number of /me requests.
      console.log(
        `console login form shown after ${Date.now() - started} ms at ${viewport.width}px`,
      );
      expect(meBeforeForm).toBe(1);
      await expectNoSeriousAxeViolations(page, `console login (${viewport.width}px)`);
      await screenshot(page, `admin-login-${viewport.width}`);
      await context.close();
    }
  });

  it("shows the server's message for a wrong code and stays logged out", async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/admin/');
    await page.waitForURL('**/admin/#/login');
    await page.getByLabel('Login ID').fill('admin');
    await page.getByLabel(/^Code/).fill('not-the-code');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/login'));
    await page.getByRole('button', { name: 'Submit' }).click();
    const response = await answer;
    expect(response.status()).toBe(401);
    const { message } = (await response.json()) as { message: string };
    await page.getByText(message).first().waitFor();
    await screenshot(page, 'admin-login-bad-code');
    expect(page.url()).toContain('/admin/#/login');
    expect((await context.request.get('/api/v1/me')).status()).toBe(401);
    await context.close();
  });

  it('sends a school that signs in here to the store', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/admin/#/login');
    await page.getByLabel('Login ID').fill(SCHOOL_LOGIN_ID);
    await page.getByLabel(/^Code/).fill(process.env.DEMO_CODE ?? 'demo345');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL((url) => url.pathname === '/home');
    await context.close();
  });

  it('opens the console page of a spec admin path', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/admin/#/login');
    await page.getByLabel('Login ID').fill('admin');
    await page.getByLabel(/^Code/).fill(process.env.DEMO_CODE ?? 'demo345');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Orders received' }).waitFor();
    await page.goto('/generate-report');
    await page.getByRole('heading', { name: 'LR345 Report', level: 1 }).waitFor();
    expect(page.url()).toContain('/admin/#/report');
    await page.goto('/register');
    await page.getByLabel('School Name').waitFor();
    expect(page.url()).toContain('/admin/#/users/create');
    await context.close();
  });
});
