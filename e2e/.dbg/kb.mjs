import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
const context = await browser.newContext({ baseURL: 'http://127.0.0.1:3917', viewport: { width: 1280, height: 900 } });
await context.request.post('/api/v1/login', { data: { email: 'admin', password: 'demo345' } });
const page = await context.newPage();
await page.goto('/admin/#/orders');
await page.waitForTimeout(3000);
for (let i = 0; i < 40; i++) {
  await page.keyboard.press('Tab');
  const r = await page.evaluate(() => { const e = document.activeElement; const r = e.closest('.Mui-focusVisible') ?? e; const s = getComputedStyle(r); return `${e.tagName} ${e.getAttribute('aria-label') ?? e.textContent.trim().slice(0, 25)} | ${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor} | ${s.boxShadow.slice(0, 40)} | bulk=${!!e.closest('.RaBulkActionsToolbar-collapsed')}`; });
  console.log(i, r);
  if (i === 3 || i === 12) await page.screenshot({ path: `/tmp/condev/kb-${i}.png` });
}
await browser.close();
