/**
 * deploy/nats.conf carries the permission blocks generated from contracts' NATS_GRANTS (keys as
 * $NKEY_<IDENTITY> variables), and the nats-server on the PATH accepts it once keys are given.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createNatsKeyPairs,
  natsKeyVariable,
  renderNatsAuthorizationTemplate,
  type NatsUser,
} from '@lr/nest-kit';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const deployed = readFileSync(path.join(root, 'deploy/nats.conf'), 'utf8');

describe('deploy/nats.conf', () => {
  it('holds the generated authorization (regenerate: node scripts/nats-credentials.mjs template)', () => {
    expect(deployed).toContain(renderNatsAuthorizationTemplate());
    // No key of any deployment is committed.
    expect(deployed).not.toMatch(/\bU[A-Z2-7]{55}\b/);
  });

  it('is a valid nats-server config once every key variable is set, and not before', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lr-nats-conf-'));
    try {
      // sync_interval is 2.10+; the Debian server here is 2.9, which knows the rest.
      const config = deployed
        .replace(/^\s*sync_interval:.*$/m, '')
        .replace('store_dir: /data', `store_dir: ${dir}`);
      const file = path.join(dir, 'nats.conf');
      writeFileSync(file, config);
      const keys = Object.fromEntries(
        Object.entries(createNatsKeyPairs()).map(([user, pair]) => [
          natsKeyVariable(user as NatsUser),
          pair.publicKey,
        ]),
      );
      const check = (env: NodeJS.ProcessEnv) =>
        spawnSync('nats-server', ['-t', '-c', file], { env, encoding: 'utf8' });
      const withKeys = check({ PATH: process.env.PATH, ...keys });
      expect(`${withKeys.stdout}${withKeys.stderr}`).toMatch(/valid/);
      expect(withKeys.status).toBe(0);
      const without = check({ PATH: process.env.PATH });
      expect(without.status).not.toBe(0);
      expect(without.stderr).toMatch(/NKEY_/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
