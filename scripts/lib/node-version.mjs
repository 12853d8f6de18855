/**
 * The Node.js version `engines.node` in package.json asks for, checked before anything else runs:
 * on an older Node the launchers stop with one line saying what to install, instead of failing
 * later on a missing API. Only the `>=X.Y.Z` form is understood (the one package.json uses).
 */
import { readFileSync } from 'node:fs';

/** `[major, minor, patch]` of `v20.19.0` or `20.19`. */
function parts(version) {
  const match = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(version.trim());
  if (!match) return null;
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

/**
 * Why `current` (e.g. `process.version`) does not satisfy `range` (e.g. `>=20.19`), or null when
 * it does.
 */
export function nodeVersionProblem(current, range) {
  const minimum = /^>=\s*(\S+)$/.exec(range.trim());
  const wanted = minimum ? parts(minimum[1]) : null;
  if (!wanted) throw new Error(`package.json engines.node "${range}" is not of the form >=X.Y.Z`);
  const have = parts(current);
  if (!have) return `Node.js ${current} cannot be compared with the required ${range}`;
  for (let i = 0; i < 3; i += 1) {
    if (have[i] > wanted[i]) return null;
    if (have[i] < wanted[i]) {
      return `Locker Room needs Node.js ${range} (package.json engines); this is Node.js ${current}. Install a newer Node.js and run again.`;
    }
  }
  return null;
}

/** Exits with the one line when this Node is older than package.json asks for. */
export function requireEnginesNode(
  packageJsonUrl = new URL('../../package.json', import.meta.url),
) {
  const { engines } = JSON.parse(readFileSync(packageJsonUrl, 'utf8'));
  const problem = engines?.node ? nodeVersionProblem(process.version, engines.node) : null;
  if (problem) {
    process.stderr.write(`${problem}\n`);
    process.exit(1);
  }
}
