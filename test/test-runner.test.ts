/**
 * `npm test`'s own checks: an unknown suite name stops it at once with the valid names, and the
 * browser tests find Chromium where developers usually have it.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function evalModule(code: string, env: NodeJS.ProcessEnv): string {
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', code], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(result.stderr);
  return result.stdout.trim();
}

describe('npm test', () => {
  it('refuses an unknown LR_TEST_SUITES name and lists the valid ones', () => {
    const result = spawnSync(process.execPath, [path.join(root, 'scripts/test.mjs')], {
      cwd: root,
      env: { ...process.env, LR_TEST_SUITES: 'catalog,nosuch' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('LR_TEST_SUITES names no such suite: nosuch.');
    expect(result.stderr).toContain('Valid names: libs, auth, catalog');
    expect(result.stdout).toContain('tests: 0 passed, 1 failed');
  });
});

describe('finding Chromium', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'lr-chromium-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const finder = "import { chromiumCandidates, findChromium } from './scripts/lib/chromium.mjs';";

  it('uses CHROMIUM_PATH alone when it is set, and reports a wrong one as missing', () => {
    const binary = path.join(dir, 'my-chrome');
    writeFileSync(binary, '');
    const found = evalModule(`${finder} console.log(findChromium(process.env) ?? 'none')`, {
      PATH: process.env.PATH,
      CHROMIUM_PATH: binary,
    });
    expect(found).toBe(binary);
    const missing = evalModule(`${finder} console.log(findChromium(process.env) ?? 'none')`, {
      PATH: process.env.PATH,
      CHROMIUM_PATH: path.join(dir, 'not-there'),
    });
    expect(missing).toBe('none');
  });

  it("looks in Playwright's browser cache, newest version first, after the system places", () => {
    for (const version of ['chromium-1090', 'chromium-1140']) {
      mkdirSync(path.join(dir, 'pw', version, 'chrome-linux'), { recursive: true });
      writeFileSync(path.join(dir, 'pw', version, 'chrome-linux', 'chrome'), '');
    }
    const candidates = JSON.parse(
      evalModule(`${finder} console.log(JSON.stringify(chromiumCandidates(process.env)))`, {
        PATH: process.env.PATH,
        HOME: dir,
        PLAYWRIGHT_BROWSERS_PATH: path.join(dir, 'pw'),
      }),
    ) as string[];
    expect(candidates[0]).toBe('/usr/bin/chromium');
    const cached = candidates.filter((candidate) => candidate.startsWith(path.join(dir, 'pw')));
    expect(cached[0]).toBe(path.join(dir, 'pw', 'chromium-1140', 'chrome-linux', 'chrome'));
    expect(cached.indexOf(path.join(dir, 'pw', 'chromium-1090', 'chrome-linux', 'chrome'))).toBe(3);
  });
});
