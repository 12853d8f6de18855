/** The AsyncAPI document under docs/ is generated from the event schemas and must match them. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('docs/asyncapi.yaml', () => {
  it('is up to date with libs/contracts (regenerate with `npm run asyncapi`)', () => {
    const result = spawnSync(
      process.execPath,
      [path.join(root, 'scripts/asyncapi.mjs'), '--check'],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(result.stderr + result.stdout).toContain('up to date');
    expect(result.status).toBe(0);
  });
});
