/**
 * Helpers for the browser journeys: the running stack's URL, a headless Chromium page, logging in,
 * and screenshots (under e2e/screenshots/, for a person to look at).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core';
import { DEFAULT_DEMO_CODE } from '@lr/contracts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SCREENSHOT_DIR = path.join(here, 'screenshots');
export const DEMO_CODE = process.env.DEMO_CODE ?? DEFAULT_DEMO_CODE;

/** The stack the journeys run against: the one global-setup.mjs started, or one named by hand. */
export function stackUrl(): string {
  const url = process.env.LR_E2E_URL;
  if (!url)
    throw new Error('LR_E2E_URL is not set: run the journeys with npm test (or name a stack)');
  return url;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-quic',
      '--disable-sync',
    ],
  });
}

export async function newPage(
  browser: Browser,
  viewport = { width: 1280, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: stackUrl(), viewport });
  const page = await context.newPage();
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  // Without animations: a dialog caught while fading in looks half there.
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}

/**
 * Waits until a field shows the expected value. A form fills its fields after its record loads (or
 * after a dialog's create answers), so one read right after a click can see the empty field.
 */
export async function waitForInputValue(
  field: Locator,
  expected: string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let seen = await field.inputValue();
  while (seen !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    seen = await field.inputValue();
  }
  if (seen !== expected) throw new Error(`field shows "${seen}", expected "${expected}"`);
}

/** Logs in through the API (sets the session cookie in the browser context). */
export async function apiLogin(
  context: BrowserContext,
  loginId: string,
  code = DEMO_CODE,
): Promise<void> {
  const response = await context.request.post(`${stackUrl()}/api/v1/login`, {
    data: { email: loginId, password: code },
  });
  if (!response.ok())
    throw new Error(`login ${loginId} failed: ${response.status()} ${await response.text()}`);
}

/**
 * Sends wrong codes for `loginId` through the API until the server pauses logins for it from this
 * address (429): at most the per-account limit of failures, none once it is paused. Journeys that
 * show the paused message share one account, so the address gathers few failures in all.
 */
export async function pauseLoginsFor(context: BrowserContext, loginId: string): Promise<void> {
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const response = await context.request.post(`${stackUrl()}/api/v1/login`, {
      data: { email: loginId, password: `not-the-code-${attempt}` },
    });
    if (response.status() === 429) return;
    if (response.status() !== 401) throw new Error(`wrong code answered ${response.status()}`);
  }
  throw new Error(`logins for ${loginId} were never paused`);
}

/**
 * Fails unless a paused-login notice states 1 to 15 minutes left ("Please try again in N minutes
 * (at ...)"). The journeys share one paused account, so another one on the same stack may have
 * started the 15-minute pause minutes earlier.
 */
export function expectMinutesLeftOfPause(notice: string): void {
  const left = Number(/Please try again in (\d+) minutes? \(at /.exec(notice)?.[1]);
  if (!(left >= 1 && left <= 15)) {
    throw new Error(`the notice states no pause of 1 to 15 minutes left: "${notice}"`);
  }
}

/** The account the paused-login journeys share (no other journey logs in with it). */
export const PAUSED_LOGIN_ID = 'meadowbrook';
export const PAUSED_SCHOOL_NAME = 'Meadowbrook Middle School';
