/**
 * NATS for `npm start`: the server NATS_URL names when it is set; otherwise our own
 * `nats-server -js` from the PATH on 127.0.0.1:4229 (EMBEDDED_NATS_PORT) with its store under
 * ./data/nats; otherwise a clear message on how to install one.
 *
 * A server started here runs with authorization: every process gets its own NKEY identity and only
 * its own subjects (nest-kit renderNatsServerConfig). The keys are made on first start and kept in
 * <dataDir>/nats-credentials.json (mode 600); the server config is written again on every start,
 * so a change of the permission description applies at the next start.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ROOT } from './paths.mjs';

/** The generator lives in the built nest-kit (the stack runs built code anyway). */
export async function natsAuthLib() {
  return import(path.join(ROOT, 'libs/nest-kit/dist/nats-auth.js'));
}

function writeSecret(file, text) {
  writeFileSync(file, text, { mode: 0o600 });
  // The mode only applies to a new file: tighten one made before.
  chmodSync(file, 0o600);
}

/** The key pairs kept in `dataDir` (made on first use): { identity: { seed, publicKey } }. */
export async function localNatsKeyPairs(dataDir) {
  const file = path.resolve(dataDir, 'nats-credentials.json');
  const lib = await natsAuthLib();
  let pairs = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const fresh = lib.createNatsKeyPairs();
  // An identity added since the first start gets its keys now; existing ones are kept.
  const missing = Object.keys(fresh).filter((identity) => !pairs[identity]);
  if (missing.length > 0 || !existsSync(file)) {
    pairs = { ...Object.fromEntries(missing.map((id) => [id, fresh[id]])), ...pairs };
    mkdirSync(path.dirname(file), { recursive: true });
    writeSecret(file, `${JSON.stringify(pairs, null, 2)}\n`);
  }
  return pairs;
}

/** identity -> seed, for handing each process its own. */
export function seedsOf(pairs) {
  return Object.fromEntries(Object.entries(pairs).map(([id, pair]) => [id, pair.seed]));
}

/**
 * Seeds from the environment for a server started elsewhere: NATS_NKEY_SEED_<IDENTITY>, e.g.
 * NATS_NKEY_SEED_GATEWAY, NATS_NKEY_SEED_ORDERS_READER.
 */
export function seedsFromEnv(env = process.env) {
  const seeds = {};
  for (const [name, value] of Object.entries(env)) {
    const match = /^NATS_NKEY_SEED_([A-Z_]+)$/.exec(name);
    if (match && value) seeds[match[1].toLowerCase().replace(/_/g, '-')] = value;
  }
  return seeds;
}

/** The port of the nats-server `npm start` runs itself (beside any other on the usual 4222). */
export function embeddedNatsPort(env = process.env) {
  return Number(env.EMBEDDED_NATS_PORT ?? 4229);
}

export function portTaken(port) {
  return Object.assign(
    new Error(
      `Port ${port} is taken: npm start runs its own NATS server there. Stop what listens on it ` +
        '(a Locker Room left running?), set EMBEDDED_NATS_PORT to another port, or set NATS_URL ' +
        '(and NATS_NKEY_SEED_<PROCESS>) to use a server you run.',
    ),
    { help: true },
  );
}

/** One line: the processes will accept messages from anyone who reaches that server. */
export function unauthenticatedWarning(natsUrl) {
  return (
    `Warning: NATS_URL is set without credentials (NATS_NKEY_SEED_<PROCESS>): every process ` +
    `connects to ${natsUrl} unauthenticated, and anyone who reaches it can send them forged messages.`
  );
}

export const INSTALL_HELP = `nats-server was not found on the PATH and no NATS server answers at NATS_URL.
Install one, then run npm start again:
  Debian/Ubuntu:  sudo apt-get install nats-server
  macOS:          brew install nats-server
  Docker:         docker run -d --name nats -p 4222:4222 nats:2.10 -js
or point NATS_URL at a running server (JetStream enabled).`;

export function reachable(url, timeoutMs = 1000) {
  const first = url.split(',')[0].replace(/^nats:\/\//, '');
  const [host, port] = first.includes(':') ? first.split(':') : [first, '4222'];
  return new Promise((resolve) => {
    const socket = net.connect({ host: host.replace(/^.*@/, ''), port: Number(port) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export function findNatsServer() {
  const result = spawnSync('sh', ['-c', 'command -v nats-server'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

/**
 * Starts nats-server with JetStream and the generated authorization for `namespace` (exact, or
 * '*' for a server shared by many test namespaces). Resolves with its url, `seeds` (identity ->
 * seed, `admin` included) and stop().
 */
export async function startLocalNats({ dataDir, port, log, namespace = '' }) {
  const binary = findNatsServer();
  if (!binary) throw Object.assign(new Error(INSTALL_HELP), { help: true });
  const storeDir = path.resolve(dataDir, 'nats');
  mkdirSync(storeDir, { recursive: true });
  const pairs = await localNatsKeyPairs(dataDir);
  const lib = await natsAuthLib();
  const configFile = path.join(storeDir, 'nats-server.conf');
  writeSecret(
    configFile,
    lib.renderNatsServerConfig({
      namespace,
      port,
      storeDir,
      keys: Object.fromEntries(Object.entries(pairs).map(([id, pair]) => [id, pair.publicKey])),
    }),
  );
  log(`Starting nats-server -js (store ${storeDir}) on 127.0.0.1:${port} ...`);
  const child = spawn(binary, ['-c', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-2000);
  });
  const url = `nats://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  while (!(await reachable(url))) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`nats-server did not start: ${stderr.trim()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    seeds: seedsOf(pairs),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
