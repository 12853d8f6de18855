#!/usr/bin/env node
/**
 * NATS credentials for deployments (docs/decisions.md, "NATS permissions"):
 *
 *   node scripts/nats-credentials.mjs template         deploy/nats.conf's authorization block,
 *                                                       keys as $NKEY_<IDENTITY> variables
 *   node scripts/nats-credentials.mjs generate DIR [--owner uid:gid]
 *                                                       on first run DIR/<identity>/<identity>.nk
 *                                                       (seeds, 600); DIR/server/nkeys.env (public
 *                                                       keys, for the server) on every run
 *   node scripts/nats-credentials.mjs k8s              kubectl commands creating one Secret per
 *                                                       process and the server's public keys
 *
 * Needs the built libraries (npm run build:server).
 */
import { chownSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { natsAuthLib } from './stack/nats.mjs';

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
  default:
    console.error('usage: nats-credentials.mjs template | generate DIR | k8s');
    process.exit(2);
}
