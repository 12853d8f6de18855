#!/usr/bin/env node
/**
 * `npm test`: builds the back end and both web apps (the smoke test, config tests and browser
 * journeys run the built code), lints, then runs every jest project: unit, service tests against the real
 * PostgreSQL and NATS, gateway tests, component tests, browser journeys. Ends with one line
 * `tests: N passed, N failed`.
 *
 *   npm test                       everything
 *   npm test -- --security         the security suite only
 *   npm test -- --chaos            the reliability suite (long form)
 *   npm test -- --scale            scale-out under faults (long form)
 *   LR_TEST_SUITES=catalog,orders npm test     some projects only
 */
import './lib/require-node.mjs';
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { findChromium, INSTALL_CHROMIUM_HINT } from './lib/chromium.mjs';
import { ensureTestDatabase } from './lib/test-database.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const env = { ...process.env };
const jestArgs = [];

if (args.includes('--security')) {
  env.LR_TEST_SUITES = 'gateway,platform';
  jestArgs.push('--testPathPatterns', 'security');
} else if (args.includes('--chaos')) {
  env.LR_TEST_SUITES = 'platform';
  env.LR_CHAOS_FULL = 'true';
  jestArgs.push('--testPathPatterns', 'chaos');
} else if (args.includes('--scale')) {
  env.LR_TEST_SUITES = 'platform';
  env.LR_SCALE_FULL = 'true';
  jestArgs.push('--testPathPatterns', 'test/scale/');
}
const OWN_FLAGS = ['--security', '--chaos', '--scale'];
jestArgs.push(...args.filter((a) => !OWN_FLAGS.some((flag) => a.startsWith(flag))));

// jest.config.js refuses unknown suite names; say so in one line before building anything.
let suiteNames;
try {
  ({ SUITE_NAMES: suiteNames } = await import(
    pathToFileURL(path.join(root, 'jest.config.js')).href
  ));
} catch (error) {
  console.error(error.message);
  console.log('tests: 0 passed, 1 failed');
  process.exit(1);
}

// The browser journeys need Chromium: find one, or run everything else and stop before them.
const selectedSuites = env.LR_TEST_SUITES ? env.LR_TEST_SUITES.split(',') : suiteNames;
let browserMissing = false;
if (selectedSuites.includes('e2e')) {
  const chromium = findChromium(env);
  if (chromium) {
    env.CHROMIUM_PATH = chromium;
  } else {
    browserMissing = true;
    console.error(`${INSTALL_CHROMIUM_HINT} Running the other suites first.`);
    env.LR_TEST_SUITES = selectedSuites.filter((name) => name !== 'e2e').join(',');
  }
}

// Asynchronous, so the test servers this process may have started keep being served meanwhile.
function run(command, commandArgs) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { cwd: root, stdio: 'inherit', env });
    child.once('error', () => resolve(1));
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

// Ctrl-C reaches the test runner too; this process waits for it, then stops what it started.
process.on('SIGINT', () => undefined);

if (!process.env.LR_SKIP_BUILD) {
  if ((await run('npm', ['run', 'build'])) !== 0) {
    console.error('build failed');
    console.log('tests: 0 passed, 1 failed');
    process.exit(1);
  }
}

// Lint is part of the test: type-aware promise rules and exhaustive switches catch real bugs.
const suiteOnly = OWN_FLAGS.some((flag) => args.includes(flag));
if (!process.env.LR_SKIP_LINT && !suiteOnly) {
  if ((await run('npm', ['run', 'lint'])) !== 0) {
    console.error('lint failed');
    console.log('tests: 0 passed, 1 failed');
    process.exit(1);
  }
}

let stopTestDatabase;
try {
  stopTestDatabase = await ensureTestDatabase(env);
} catch (error) {
  console.error(`Could not start the test database: ${error.message}`);
  console.log('tests: 0 passed, 1 failed');
  process.exit(1);
}

/** One jest run; its results, or null when it wrote none. */
async function jest(runArgs, runEnv, label) {
  const resultsFile = path.join(tmpdir(), `lr-jest-${process.pid}-${label}.json`);
  const code = await new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        '--experimental-vm-modules',
        '--no-warnings=ExperimentalWarning',
        'node_modules/jest/bin/jest.js',
        '--json',
        `--outputFile=${resultsFile}`,
        ...runArgs,
      ],
      { cwd: root, stdio: 'inherit', env: runEnv },
    );
    child.once('error', () => resolve(1));
    child.once('exit', (exitCode) => resolve(exitCode ?? 1));
  });
  try {
    const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
    rmSync(resultsFile, { force: true });
    return { code, results };
  } catch {
    return { code: code || 1, results: null };
  }
}

// The short scale-out test and the short bench run alone after the rest (the whole run, no path
// filter given).
const scaleApart =
  !suiteOnly &&
  selectedSuites.includes('platform') &&
  !jestArgs.some((arg) => arg.startsWith('--testPathPatterns') || arg.startsWith('-t'));
const runs = [
  await jest(
    ['--maxWorkers=2', ...jestArgs],
    { ...env, LR_SCALE_APART: String(scaleApart) },
    'main',
  ),
];
if (scaleApart) {
  runs.push(
    await jest(
      ['--runInBand', '--testPathPatterns', 'test/(scale|alone)/', ...jestArgs],
      { ...env, LR_TEST_SUITES: 'platform' },
      'scale',
    ),
  );
}
const status = runs.some((r) => r.code !== 0) ? 1 : 0;
const sum = (key) => runs.reduce((total, r) => total + (r.results?.[key] ?? 0), 0);
const failed =
  sum('numFailedTests') + sum('numRuntimeErrorTestSuites') + runs.filter((r) => !r.results).length;
console.log(
  `\ntests: ${sum('numPassedTests')} passed, ${failed} failed, ${sum('numPendingTests')} skipped`,
);
await stopTestDatabase();
if (browserMissing) {
  console.error(`\nThe browser journeys did not run. ${INSTALL_CHROMIUM_HINT}`);
  process.exit(1);
}
process.exit(status);
