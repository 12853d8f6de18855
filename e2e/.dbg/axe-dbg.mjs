import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const [role, width, ...paths] = process.argv.slice(2);
const base = 'http://127.0.0.1:3917';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const context = await browser.newContext({
  baseURL: base,
  viewport: { width: Number(width), height: Number(width) > 500 ? 900 : 844 },
});
const r = await context.request.post('/api/v1/login', {
  data: { email: role, password: 'demo345' },
});
if (!r.ok()) throw new Error('login ' + r.status());
const page = await context.newPage();
for (const p of paths) {
  await page.goto('/admin/#' + p);
  await page.waitForTimeout(2500);
  await page.evaluate(AXE);
  const v = await page.evaluate(async () =>
    (
      await window.axe.run(document, {
        runOnly: {
          type: 'tag',
          values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'],
        },
      })
    ).violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes
        .slice(0, 2)
        .map((n) => ({ html: n.html.slice(0, 300), summary: n.failureSummary.slice(0, 300) })),
    })),
  );
  console.log('=====', p, JSON.stringify(v, null, 1));
  await page.screenshot({
    path: `/tmp/condev/${role}-${width}-${p.replace(/[^a-z0-9]/gi, '_')}.png`,
    fullPage: true,
  });
}
await browser.close();
