#!/usr/bin/env node
/**
 * NATS credentials for deployments (docs/adr/0062-nats-permissions.md):
 *
 *   node scripts/nats-credentials.mjs template         deploy/nats.conf's authorization block,
 *                                                       keys as $NKEY_<IDENTITY> variables
 *   node scripts/nats-credentials.mjs generate DIR [--owner uid:gid]
 *                                                       on first run DIR/<identity>/<identity>.nk
 *                                                       (seeds, 600); DIR/server/nkeys.env (public
 *                                                       keys, for the server) on every run
 *   node scripts/nats-credentials.mjs k8s              kubectl commands creating one Secret per
 *                                                       process and the server's public keys
 *   node scripts/nats-credentials.mjs helm-values      deploy/k8s/nats-values.yaml: the official
 *                                                       NATS chart as a 3-node JetStream cluster
 *                                                       with these permissions
 *
 * Needs the built libraries (npm run build:server).
 */
import { chownSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { natsAuthLib } from './stack/nats.mjs';
import { ROOT } from './stack/paths.mjs';

const lib = await natsAuthLib();
const [command, dir] = process.argv.slice(2);

const variableOf = lib.natsKeyVariable;

/**
 * Keeps each identity's seed in DIR/<identity>/<identity>.nk (made on first run), and writes the
 * server's DIR/server/nkeys.env from them. One directory per identity so each can be a volume of
 * its own; `owner` (uid:gid) is who the processes run as, when this runs as root.
 */
function generate(out, owner) {
  const [uid, gid] = owner ? owner.split(':').map(Number) : [];
  const own = (file) => {
    if (uid !== undefined) chownSync(file, uid, gid ?? uid);
  };
  const fresh = lib.createNatsKeyPairs();
  const env = [];
  let made = 0;
  for (const identity of Object.keys(fresh)) {
    const dirOf = path.join(out, identity);
    const seedFile = path.join(dirOf, `${identity}.nk`);
    mkdirSync(dirOf, { recursive: true });
    if (!existsSync(seedFile)) {
      writeFileSync(seedFile, `${fresh[identity].seed}\n`, { mode: 0o600 });
      made += 1;
    }
    own(dirOf);
    own(seedFile);
    const publicKey = lib.publicKeyOfSeed(readFileSync(seedFile, 'utf8'));
    env.push(`${variableOf(identity)}=${publicKey}`);
  }
  mkdirSync(path.join(out, 'server'), { recursive: true });
  // Public keys only: not secret, but written afresh so they always match the seeds.
  writeFileSync(path.join(out, 'server/nkeys.env'), `${env.join('\n')}\n`, { mode: 0o644 });
  console.log(
    made ? `NATS credentials: ${made} new identities in ${out}` : 'NATS credentials kept',
  );
}

function k8s() {
  const pairs = lib.createNatsKeyPairs();
  const lines = ['# One Secret per process (its seed) and the public keys for the NATS server.'];
  for (const [identity, pair] of Object.entries(pairs)) {
    lines.push(
      `kubectl create secret generic lockerroom-nats-${identity} --from-literal=NATS_NKEY_SEED='${pair.seed}'`,
    );
  }
  const literals = Object.entries(pairs)
    .map(([identity, pair]) => `--from-literal=${variableOf(identity)}='${pair.publicKey}'`)
    .join(' ');
  lines.push(`kubectl create secret generic lockerroom-nats-keys ${literals}`);
  console.log(lines.join('\n'));
}

/**
 * Values for the official NATS Helm chart (nats-io/k8s, chart 1.x): three servers routed into one
 * JetStream cluster on persistent volumes, every write synced before it is acknowledged, and the
 * same users and permissions as deploy/nats.conf. The chart renders `<< $VAR >>` unquoted, so the
 * public keys come from the server's environment (the lockerroom-nats-keys Secret), never from this
 * file.
 */
async function helmValues() {
  // A dev dependency, for this maintainer's command only: the image runs `generate` without it.
  const { stringify } = await import('yaml');
  const { NATS_IDENTITIES, natsPermissions } = await import(
    path.join(ROOT, 'libs/contracts/dist/index.js')
  );
  const users = NATS_IDENTITIES.map((identity) => {
    const permissions = natsPermissions(identity, '');
    return {
      nkey: `<< $${variableOf(identity)} >>`,
      permissions: {
        publish: {
          allow: permissions.publish,
          ...(permissions.publishDeny.length > 0 ? { deny: permissions.publishDeny } : {}),
        },
        subscribe: { allow: permissions.subscribe },
        ...(permissions.allowResponses ? { allow_responses: true } : {}),
      },
    };
  });
  users.push({ nkey: `<< $${variableOf('admin')} >>` });
  const values = {
    config: {
      cluster: { enabled: true, replicas: 3 },
      jetstream: {
        enabled: true,
        fileStore: { enabled: true, pvc: { enabled: true, size: '10Gi' } },
        merge: { sync_interval: 'always' },
      },
      merge: { authorization: { users } },
    },
    container: {
      merge: { envFrom: [{ secretRef: { name: 'lockerroom-nats-keys' } }] },
    },
    podTemplate: {
      topologySpreadConstraints: {
        'kubernetes.io/hostname': { maxSkew: 1, whenUnsatisfiable: 'DoNotSchedule' },
      },
    },
  };
  process.stdout.write(
    '# Generated by `node scripts/nats-credentials.mjs helm-values` from the permission description\n' +
      '# (libs/contracts/src/nats-permissions.ts); a test keeps it equal. Install (deploy/k8s/README.md):\n' +
      '#   helm install nats nats/nats -f deploy/k8s/nats-values.yaml\n' +
      stringify(values, { lineWidth: 0 }),
  );
}

switch (command) {
  case 'template':
    process.stdout.write(lib.renderNatsAuthorizationTemplate());
    break;
  case 'generate':
    if (!dir) throw new Error('usage: nats-credentials.mjs generate DIR [--owner uid:gid]');
    generate(
      dir,
      process.argv.includes('--owner')
        ? process.argv[process.argv.indexOf('--owner') + 1]
        : undefined,
    );
    break;
  case 'k8s':
    k8s();
    break;
  case 'helm-values':
    await helmValues();
    break;
  default:
    console.error('usage: nats-credentials.mjs template | generate DIR | k8s | helm-values');
    process.exit(2);
}
