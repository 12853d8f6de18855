/**
 * deploy/k8s/nats-values.yaml, the official NATS chart's values: generated from the one permission
 * description (kept equal to the generator's output), a three-node JetStream cluster on volumes
 * with synced writes, and a user with its permissions for every process.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { NATS_IDENTITIES, natsPermissions } from '@lr/contracts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const valuesFile = path.join(root, 'deploy/k8s/nats-values.yaml');

interface NatsUserValues {
  nkey: string;
  permissions?: { publish: { allow: string[] }; subscribe: { allow: string[] } };
}

describe('NATS Helm values', () => {
  const text = readFileSync(valuesFile, 'utf8');
  const values = parse(text) as {
    config: {
      cluster: { enabled: boolean; replicas: number };
      jetstream: {
        enabled: boolean;
        fileStore: { enabled: boolean; pvc: { enabled: boolean } };
        merge: { sync_interval: string };
      };
      merge: { authorization: { users: NatsUserValues[] } };
    };
    container: { merge: { envFrom: { secretRef: { name: string } }[] } };
  };

  it('is what the generator makes from the permission description', () => {
    const generated = execFileSync(
      process.execPath,
      [path.join(root, 'scripts/nats-credentials.mjs'), 'helm-values'],
      { cwd: root, encoding: 'utf8' },
    );
    expect(text).toBe(generated);
  });

  it('runs three servers as one JetStream cluster on volumes, syncing every write', () => {
    expect(values.config.cluster).toEqual({ enabled: true, replicas: 3 });
    expect(values.config.jetstream.enabled).toBe(true);
    expect(values.config.jetstream.fileStore).toMatchObject({
      enabled: true,
      pvc: { enabled: true },
    });
    expect(values.config.jetstream.merge.sync_interval).toBe('always');
  });

  it('has every identity with its production permissions, keys from the server environment', () => {
    const users = values.config.merge.authorization.users;
    for (const identity of NATS_IDENTITIES) {
      const variable = `NKEY_${identity.toUpperCase().replace(/-/g, '_')}`;
      const user = users.find((candidate) => candidate.nkey === `<< $${variable} >>`);
      expect(user?.permissions?.publish.allow).toEqual(natsPermissions(identity, '').publish);
      expect(user?.permissions?.subscribe.allow).toEqual(natsPermissions(identity, '').subscribe);
    }
    expect(users.map((user) => user.nkey)).toContain('<< $NKEY_ADMIN >>');
    expect(users).toHaveLength(NATS_IDENTITIES.length + 1);
    expect(values.container.merge.envFrom[0]?.secretRef.name).toBe('lockerroom-nats-keys');
  });
});
