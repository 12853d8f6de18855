/** Builds what is not built yet (or everything with force). */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT, SERVICES, serviceEntry } from './paths.mjs';

function run(args, log) {
  log(`$ npm ${args.join(' ')}`);
  const result = spawnSync('npm', args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed`);
}

export function ensureBuilt({ force = false, log = console.log } = {}) {
  const serverBuilt = [...SERVICES, 'gateway'].every((s) => existsSync(serviceEntry(s)));
  if (force || !serverBuilt) run(['run', 'build:server'], log);
  for (const app of ['web-store', 'web-admin']) {
    if (force || !existsSync(path.join(ROOT, app, 'dist/index.html')))
      run(['run', 'build', '-w', app], log);
  }
}
