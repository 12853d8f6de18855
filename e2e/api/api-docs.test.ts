/**
 * Journey: a developer opens /api/docs in the browser and browses the API: Swagger UI draws the
 * OpenAPI document's operations, with nothing refused by the gateway's Content-Security-Policy.
 */
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from '../harness.js';

describe('API docs page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each([
    ['desktop', { width: 1280, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ])('lists the operations and opens one (%s)', async (name, viewport) => {
    const { context, page } = await newPage(browser, viewport);
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
    });
    const failed: string[] = [];
    page.on('requestfailed', (request) => failed.push(request.url()));
    await page.goto('/api/docs');
    const products = page
      .locator('.opblock-summary')
      .filter({ has: page.locator('[data-path="/api/v1/products"]') })
      .first();
    await products.waitFor();
    expect(await products.innerText()).toMatch(/GET\s+\/api\/v1\/products/);
    await products.click();
    await page.getByRole('button', { name: 'Try it out' }).first().waitFor();
    expect(await page.locator('.opblock-summary').count()).toBeGreaterThan(50);
    await screenshot(page, `api-docs-${name}`);
    expect(refused).toEqual([]);
    expect(failed).toEqual([]);
    await context.close();
  });
});
