import { chromium } from 'playwright-core';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox'],
});
const context = await browser.newContext({ baseURL: 'http://127.0.0.1:3917' });
await context.request.post('/api/v1/login', { data: { email: 'admin', password: 'demo345' } });
const page = await context.newPage();
await page.goto('/admin/#/');
await page.waitForTimeout(2500);
console.log(
  await page
    .locator('.RaUserMenu-userButton')
    .evaluate((e) => e.outerHTML + '\nTEXT:' + e.innerText),
);
await browser.close();
