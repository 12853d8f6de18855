/**
 * The commit named by BENCH_BASELINE_REF, checked out in a temporary `git worktree` beside this
 * repository and built (`npm run build:server`), so a bench run can start it as a second stack.
 * Its node_modules are hard links to this tree's (no install, no network): a baseline whose
 * dependencies differ from this tree's runs on this tree's versions of them.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from '../../scripts/stack/paths.mjs';

const git = (...args) =>
  execFileSync('git', args, {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();

/** node_modules folders of the root and of each workspace that has its own. */
function nodeModulesFolders() {
  const { workspaces } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  return ['.', ...workspaces]
    .map((folder) => path.join(folder, 'node_modules'))
    .filter((folder) => existsSync(path.join(ROOT, folder)));
}

/** Checks out and builds `ref`; returns { root, commit, remove() } (remove deletes the worktree). */
export function prepareBaselineTree(ref, log = console.log) {
  const commit = git('rev-parse', '--verify', `${ref}^{commit}`);
  const tempDir = mkdtempSync(path.join(tmpdir(), 'lr-bench-baseline-'));
  const root = path.join(tempDir, 'tree');
  log(`Baseline ${ref} (${commit.slice(0, 12)}): worktree at ${root}`);
  git('worktree', 'add', '--detach', root, commit);
  const remove = () => {
    try {
      git('worktree', 'remove', '--force', root);
    } catch {
      // Already gone: nothing to clean.
    }
    rmSync(tempDir, { recursive: true, force: true });
  };
  try {
    for (const folder of nodeModulesFolders()) {
      if (!existsSync(path.join(root, path.dirname(folder)))) continue;
      execFileSync('cp', ['-al', path.join(ROOT, folder), path.join(root, folder)]);
    }
    log('Building the baseline (npm run build:server) ...');
    const build = spawnSync('npm', ['run', 'build:server'], { cwd: root, encoding: 'utf8' });
    if (build.status !== 0)
      throw new Error(`baseline build failed:\n${(build.stdout + build.stderr).slice(-3000)}`);
    return { root, commit, remove };
  } catch (error) {
    remove();
    throw error;
  }
}
