/**
 * Accessibility check for the browser journeys: runs axe-core in the page against WCAG 2.0, 2.1 and
 * 2.2 A and AA, and fails on any serious or critical violation with a list a person can act on.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);
const TARGETS_SHOWN = 3;
const SETTLE_TRANSITIONS = `Promise.race([
  Promise.all(
    document
      .getAnimations()
      .filter((a) => Number.isFinite(a.effect ? a.effect.getComputedTiming().endTime : Infinity))
      .map((a) => a.finished.catch(() => undefined)),
  ),
  new Promise((resolve) => setTimeout(resolve, 2000)),
])`;

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

export async function expectNoSeriousAxeViolations(page: Page, label: string): Promise<void> {
  const loaded = await page.evaluate(
    () => typeof (globalThis as { axe?: unknown }).axe === 'object',
  );
  // The gateway's Content-Security-Policy (script-src 'self') refuses an inline <script>
  // (page.addScriptTag); the DevTools protocol's evaluation is not governed by it.
  if (!loaded) await page.evaluate(AXE_SOURCE);
  // Colours are judged as they end up: a button fading from disabled to enabled, caught halfway,
  // reads as low contrast. Finite transitions are awaited (at most 2 s); spinners run forever.
  await page.evaluate(SETTLE_TRANSITIONS);
  const violations = await page.evaluate(async (tags) => {
    const { axe } = globalThis as unknown as {
      axe: { run: (context: string, options: unknown) => Promise<unknown> };
    };
    // The whole page ('html'); the tests run without the DOM library's types, hence no `document`.
    const results = (await axe.run('html', { runOnly: { type: 'tag', values: tags } })) as {
      violations: AxeViolation[];
    };
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  }, WCAG_TAGS);
  const blocking = violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  if (blocking.length === 0) return;
  const lines = blocking.map((v) => {
    const targets = v.nodes
      .slice(0, TARGETS_SHOWN)
      .map((n) => n.target.map(String).join(' '))
      .join(' | ');
    const more = v.nodes.length > TARGETS_SHOWN ? ` (+${v.nodes.length - TARGETS_SHOWN} more)` : '';
    return `- ${v.id} [${v.impact}] ${v.help}: ${targets}${more}`;
  });
  throw new Error(
    `axe-core found serious accessibility violations on ${label}:\n${lines.join('\n')}`,
  );
}
