/**
 * Finds a Chromium or Chrome binary for the browser journeys and the Lighthouse bench: CHROMIUM_PATH
 * first, then the usual places on Debian/Ubuntu, macOS and Playwright's browser cache. Returns
 * undefined when none is there, so callers can say how to install one instead of failing later.
 */
import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

const FIXED_PLACES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/snap/bin/chromium',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

/** Playwright keeps browsers in versioned folders (chromium-1140, ...); the newest wins. */
function playwrightCacheBinaries(env) {
  const caches = [
    env.PLAYWRIGHT_BROWSERS_PATH,
    path.join(homedir(), '.cache', 'ms-playwright'),
    path.join(homedir(), 'Library', 'Caches', 'ms-playwright'),
  ].filter(Boolean);
  const binaries = [];
  for (const cache of caches) {
    if (!existsSync(cache)) continue;
    const versions = readdirSync(cache)
      .filter((name) => /^chromium-\d+$/.test(name))
      .sort((a, b) => Number(b.split('-')[1]) - Number(a.split('-')[1]));
    for (const version of versions) {
      binaries.push(
        path.join(cache, version, 'chrome-linux', 'chrome'),
        path.join(cache, version, 'chrome-linux64', 'chrome'),
        path.join(cache, version, 'chrome-mac', 'Chromium.app', 'Contents', 'MacOS', 'Chromium'),
      );
    }
  }
  return binaries;
}

/** Where to look, in order; CHROMIUM_PATH alone when it is set (a wrong one is not silently ignored). */
export function chromiumCandidates(env = process.env) {
  if (env.CHROMIUM_PATH) return [env.CHROMIUM_PATH];
  return [...FIXED_PLACES, ...playwrightCacheBinaries(env)];
}

export function findChromium(env = process.env) {
  return chromiumCandidates(env).find((candidate) => existsSync(candidate));
}

export const INSTALL_CHROMIUM_HINT =
  'No Chromium found for the browser tests: install it (Debian/Ubuntu `sudo apt-get install chromium`, ' +
  'macOS `brew install --cask chromium`) or set CHROMIUM_PATH to a Chromium or Chrome binary.';
