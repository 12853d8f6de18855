/**
 * WCAG 2.2 AA check of the page as it is now: injects axe-core into the page, runs it with the
 * A and AA rule sets of WCAG 2.0, 2.1 and 2.2, and throws a readable list when any violation is
 * serious or critical (minor and moderate ones are left to review, not to the build).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

let axeSource: string | undefined;

export async function expectNoSeriousAxeViolations(page: Page, label: string): Promise<void> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  const injected = await page.evaluate('typeof window.axe !== "undefined"');
  // Evaluated through the DevTools protocol, not added as an inline <script>: the gateway's
  // Content-Security-Policy (script-src 'self') rightly refuses inline scripts.
  if (!injected) await page.evaluate(axeSource);
  const violations = (await page.evaluate(
    `window.axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(WCAG_TAGS)} }, resultTypes: ['violations'] }).then((r) => r.violations)`,
  )) as AxeViolation[];
  const blocking = violations.filter((v) => v.impact !== null && BLOCKING.has(v.impact));
  if (blocking.length === 0) return;
  const lines = blocking.map((v) => {
    const targets = v.nodes
      .slice(0, 3)
      .map((node) => JSON.stringify(node.target))
      .join(', ');
    return `- ${v.id} (${v.impact}): ${v.help}; ${v.nodes.length} element(s), e.g. ${targets}`;
  });
  throw new Error(`axe found serious accessibility problems on ${label}:\n${lines.join('\n')}`);
}
