/**
 * The launchers refuse a Node.js older than package.json's `engines.node` with one line, before
 * doing anything else; the check reads the range from package.json.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error plain ES module without types
import { nodeVersionProblem } from '../scripts/lib/node-version.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const problem = nodeVersionProblem as (current: string, range: string) => string | null;
const { engines } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
};

/** Runs a launcher on a Node that reports `version` (the rest of it is this one). */
function launchAs(script: string, version: string) {
  const pretend = `Object.defineProperty(process, 'version', { value: '${version}' });`;
  return spawnSync(
    process.execPath,
    ['--import', `data:text/javascript,${encodeURIComponent(pretend)}`, script],
    { cwd: root, env: { ...process.env, LR_TEST_SUITES: 'nosuch' }, encoding: 'utf8' },
  );
}

describe('Node.js version check', () => {
  it('compares a version with a >= range', () => {
    expect(problem('v20.19.0', '>=20.19')).toBeNull();
    expect(problem('v20.20.2', '>=20.19')).toBeNull();
    expect(problem('v22.0.0', '>=20.19')).toBeNull();
    expect(problem('v20.18.9', '>=20.19')).toContain('needs Node.js >=20.19');
    expect(problem('v18.20.0', '>=20.19.1')).toContain('this is Node.js v18.20.0');
    expect(() => problem('v20.19.0', '^20.19')).toThrow(/not of the form/);
  });

  it('is what package.json asks for, and this Node passes it', () => {
    expect(problem(process.version, engines.node)).toBeNull();
  });

  it.each(['scripts/start.mjs', 'scripts/test.mjs'])(
    '%s stops with one line on an older Node, before anything else',
    (script) => {
      const result = launchAs(script, 'v20.18.0');
      expect(result.status).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr.trim().split('\n')).toEqual([
        `Locker Room needs Node.js ${engines.node} (package.json engines); this is Node.js v20.18.0. Install a newer Node.js and run again.`,
      ]);
    },
  );

  it('lets test.mjs run on this Node (it goes on to its own checks)', () => {
    const result = launchAs('scripts/test.mjs', process.version);
    // The unknown suite name is test.mjs's next refusal: the version check let it through.
    expect(result.stderr).toContain('LR_TEST_SUITES names no such suite: nosuch.');
  });
});
