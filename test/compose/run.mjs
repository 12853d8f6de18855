#!/usr/bin/env node
/**
 * `npm run test:compose`: the real docker-compose.yml on this machine's container engine, tested
 * from outside through its published ports only, then removed with its volumes. Steps:
 *   previous version (full form only): the image of an earlier commit, data made with it;
 *   build and start the current one (the upgrade: migrations run on start), the journey;
 *   NATS refuses a connection without credentials; down and up keeps everything;
 *   backup of the running stack, restore into a fresh stack started with the https profile
 *   (Caddy, its internal CA), the same data and a login over HTTPS; down -v.
 * `--short` (CI) skips the previous version's image and the upgrade check.
 * Prints a table of each step and its time.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { connect } from '@nats-io/transport-node';
import { freePortRun } from '../../scripts/stack/ports.mjs';
import { Engine, HERE, ROOT } from './lib/engine.mjs';
import { httpsRequester } from './lib/https-client.mjs';
import { assertSame, Client, journey, snapshot } from './lib/journey.mjs';
import { waitFor } from './lib/wait.mjs';

const SHORT = process.argv.includes('--short');
const PREVIOUS = process.env.LR_COMPOSE_PREVIOUS ?? '7b6f5c3';
const PROCESSES = ['auth', 'catalog', 'orders', 'reporting', 'gateway'];
const HEALTHY = ['postgres', 'nats', ...PROCESSES];
const DOMAIN = 'shop.example.org';

const rows = [];
async function step(name, action) {
  const started = Date.now();
  console.log(`== ${name} ...`);
  try {
    const note = await action();
    rows.push([name, (Date.now() - started) / 1000, 'ok', note ?? '']);
    console.log(
      `   ok (${((Date.now() - started) / 1000).toFixed(1)} s)${note ? `: ${note}` : ''}`,
    );
  } catch (error) {
    rows.push([name, (Date.now() - started) / 1000, 'FAILED', error.message.split('\n')[0]]);
    // What each container said last: the one thing CI's output can show of a failed step.
    for (const stack of [first, second]) {
      console.error(`--- last log lines of ${stack.project}\n${engine.logs(stack.project, 40)}`);
    }
    throw error;
  }
}

function printTable() {
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log(`\n| ${'step'.padEnd(width)} | time (s) | result | detail`);
  console.log(`|${'-'.repeat(width + 2)}|----------|--------|-------`);
  for (const [name, seconds, result, note] of rows)
    console.log(
      `| ${name.padEnd(width)} | ${seconds.toFixed(1).padStart(8)} | ${result.padEnd(6)} | ${note}`,
    );
  const total = rows.reduce((sum, [, seconds]) => sum + seconds, 0);
  console.log(`| ${'total'.padEnd(width)} | ${total.toFixed(1).padStart(8)} |        |`);
}

const engine = new Engine();
const work = engine.dir;
const backupDir = path.join(work, 'backups');
mkdirSync(backupDir, { recursive: true });
// NATS 2.9 (Debian's) refuses `sync_interval`: the same config without that one line.
const natsConf = path.join(work, 'nats-2.9.conf');
writeFileSync(
  natsConf,
  readFileSync(path.join(ROOT, 'deploy/nats.conf'), 'utf8').replace(/^\s*sync_interval:.*\n/m, ''),
);
const secrets = {
  JWT_SECRET: randomBytes(32).toString('hex'),
  INITIAL_ADMIN_CODE: randomBytes(9).toString('base64url'),
  POSTGRES_PASSWORD: randomBytes(18).toString('base64url'),
};
// The host ports of both stacks: one run of six, free on every address (the proxy publishes on all
// of them), so that no two listeners are handed the same port. Drawn below the ephemeral range,
// where an outgoing connection cannot take one before the stack binds it.
const firstPorts = await freePortRun(6, '0.0.0.0');
const secondPorts = firstPorts + 2;
const first = {
  project: 'lrctmain',
  env: {
    ...secrets,
    HTTP_PORT: String(firstPorts),
    MAIL_UI_PORT: String(firstPorts + 1),
    BACKUP_DIR: backupDir,
    LR_TEST_NATS_CONF: natsConf,
  },
};
first.env.PUBLIC_URL = `http://localhost:${first.env.HTTP_PORT}`;
// Spelled out for the previous version, whose entrypoint does not derive them and whose gateway
// refuses them empty; the values this version derives without DOMAIN.
Object.assign(first.env, { COOKIE_SECURE: 'false', TRUST_PROXY: 'false' });
const second = {
  project: 'lrctrestored',
  env: {
    ...secrets,
    HTTP_PORT: String(secondPorts),
    MAIL_UI_PORT: String(secondPorts + 1),
    HTTPS_PORT: String(secondPorts + 2),
    HTTP_PUBLIC_PORT: String(secondPorts + 3),
    DOMAIN,
    CADDY_TLS: 'internal',
    BACKUP_DIR: backupDir,
    LR_TEST_NATS_CONF: natsConf,
  },
};
const httpClient = (env) =>
  new Client((pathname, init) => fetch(`http://127.0.0.1:${env.HTTP_PORT}${pathname}`, init));
const compose = (stack, args, options) => engine.compose(stack.project, args, stack.env, options);
const up = async (stack, profiles = []) => {
  compose(stack, [...profiles.flatMap((name) => ['--profile', name]), 'up', '-d']);
  await engine.waitHealthy(stack.project, HEALTHY);
};

/** Seconds until the gateway answers a product list with 200 (at most `limitMs`). */
async function untilShopAnswers(env, limitMs) {
  const started = Date.now();
  for (;;) {
    const status = await fetch(
      `http://127.0.0.1:${env.HTTP_PORT}/api/v1/products?keyword=&page=1&resultPerPage=1`,
    ).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return (Date.now() - started) / 1000;
    if (Date.now() - started > limitMs)
      throw new Error(`the shop did not answer a product list within ${limitMs} ms (${status})`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

let failed = false;
try {
  await step('container engine (podman service)', async () => {
    await engine.start();
    // A run cut off earlier leaves its containers and volumes (a database with another password):
    // every stack starts from nothing.
    for (const stack of [first, second]) compose(stack, ['down', '-v'], { allowFail: true });
  });
  await step('stand-in images (skipped when built)', () => {
    const result = spawnSync(path.join(HERE, 'standins/build-standins.sh'), {
      env: engine.env,
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`stand-ins: ${result.stderr}`);
  });

  let before;
  if (!SHORT) {
    await step(`previous version's image (${PREVIOUS})`, () => buildPrevious());
    await step('previous version: up, health checks', () => up(first));
    await step('previous version: journey', async () => {
      await journey(httpClient(first.env), secrets.INITIAL_ADMIN_CODE);
      before = await snapshot(httpClient(first.env), secrets.INITIAL_ADMIN_CODE);
    });
  }
  await step('docker compose build (one image)', () => {
    compose(first, ['build']);
    return `lockerroom:local ${(engine.imageSize('lockerroom:local') / 1e6).toFixed(0)} MB`;
  });
  await step(SHORT ? 'up -d, every health check' : 'upgrade: up -d, every health check', () =>
    up(first),
  );
  if (!SHORT)
    await step('upgrade kept every record', async () =>
      assertSame(
        before,
        await snapshot(httpClient(first.env), secrets.INITIAL_ADMIN_CODE),
        'upgrade',
      ),
    );
  await step('journey: order, Delivered, stock, report', async () => {
    const made = await journey(httpClient(first.env), secrets.INITIAL_ADMIN_CODE);
    return `order ${made.orderId}`;
  });
  await step('NATS refuses an unauthenticated client', () => natsRefuses(first));
  await step('down, up: every record kept', async () => {
    const kept = await snapshot(httpClient(first.env), secrets.INITIAL_ADMIN_CODE);
    compose(first, ['down']);
    await up(first);
    // Healthy containers can still be warming up on a busy machine: wait (bounded) until the shop
    // answers a catalog read, as an operator checking it would, and say how long that took.
    const readyAfter = await untilShopAnswers(first.env, 60_000);
    const same = assertSame(
      kept,
      await snapshot(httpClient(first.env), secrets.INITIAL_ADMIN_CODE),
      'restart',
    );
    return `${same}; answered ${readyAfter.toFixed(1)} s after healthy`;
  });
  let backedUp;
  let archive;
  await step('backup of the running stack', async () => {
    backedUp = await snapshot(httpClient(first.env), secrets.INITIAL_ADMIN_CODE);
    compose(first, ['run', '--rm', 'backup']);
    archive = readdirSync(backupDir).find((name) => name.endsWith('.tar.gz'));
    if (!archive) throw new Error('no archive in the backup folder');
    return archive;
  });
  await step('down -v (first stack)', () => {
    compose(first, ['down', '-v']);
  });
  await step('restore into a fresh stack', async () => {
    compose(second, ['up', '-d', 'postgres', 'nats']);
    await engine.waitHealthy(second.project, ['postgres', 'nats']);
    compose(second, ['run', '--rm', 'restore', 'npm', 'run', 'restore', `backups/${archive}`]);
  });
  let https;
  await step('https profile up (Caddy, internal CA)', async () => {
    await up(second, ['https']);
    https = await httpsClient(second);
  });
  await step('restored stack has the same data (over HTTPS)', async () =>
    assertSame(backedUp, await snapshot(https, secrets.INITIAL_ADMIN_CODE), 'restore'),
  );
  await step('login over HTTPS: secure cookie, session', async () => {
    const { cookie, response } = await https.login('admin', secrets.INITIAL_ADMIN_CODE);
    const setCookie = response.headers.get('set-cookie') ?? '';
    if (!/;\s*Secure/i.test(setCookie)) throw new Error(`cookie not Secure: ${setCookie}`);
    const me = await https.json('GET', '/api/v1/me', { cookie });
    if (me.user?.role !== 'admin') throw new Error(`session: ${JSON.stringify(me).slice(0, 200)}`);
    return 'Secure cookie, /api/v1/me as admin';
  });
  await step('journey over HTTPS on the restored stack', async () => {
    const made = await journey(https, secrets.INITIAL_ADMIN_CODE);
    return `order ${made.orderId}`;
  });
} catch (error) {
  failed = true;
  console.error(`\n${error.stack ?? error.message}`);
} finally {
  await step('down -v (every stack)', () => {
    for (const stack of [first, second])
      compose(stack, ['--profile', 'https', '--profile', 'tools', 'down', '-v'], {
        allowFail: true,
      });
  }).catch(() => undefined);
  await engine.stop();
  rmSync(work, { recursive: true, force: true });
  printTable();
}
process.exit(failed ? 1 : 0);

/** The previous version's image, built once per commit and kept; tagged lockerroom:local. */
function buildPrevious() {
  const commit = spawnSync('git', ['rev-parse', '--short', PREVIOUS], {
    cwd: ROOT,
    encoding: 'utf8',
  }).stdout.trim();
  const kept = `localhost/lockerroom-previous:${commit}`;
  if (engine.podman(['image', 'exists', kept], { allowFail: true }).status !== 0) {
    const tree = path.join(work, 'previous');
    spawnSync('git', ['worktree', 'add', '--detach', tree, commit], { cwd: ROOT });
    try {
      engine.podman([
        'build',
        '--layers',
        '--build-arg',
        'NODE_IMAGE=localhost/lr-standin-node:20',
        '--build-arg',
        'SERVICE=gateway',
        '-t',
        kept,
        '-f',
        path.join(tree, 'deploy/Dockerfile'),
        tree,
      ]);
    } finally {
      spawnSync('git', ['worktree', 'remove', '--force', tree], { cwd: ROOT });
    }
  }
  // The previous version's packaging could not run this compose file (its credentials job imported
  // a dev dependency the image had pruned; its health check had no gateway mode; its image had no
  // media folder, so the media volume was root's). Its code and migrations stay as they were; only
  // those three packaging fixes of this version go on top.
  const patch = path.join(work, 'previous-patch');
  mkdirSync(patch, { recursive: true });
  cpSync(path.join(ROOT, 'scripts/nats-credentials.mjs'), path.join(patch, 'nats-credentials.mjs'));
  cpSync(path.join(ROOT, 'deploy/healthcheck.mjs'), path.join(patch, 'healthcheck.mjs'));
  writeFileSync(
    path.join(patch, 'Containerfile'),
    [
      `FROM ${kept}`,
      'COPY nats-credentials.mjs /app/scripts/nats-credentials.mjs',
      'COPY healthcheck.mjs /app/deploy/healthcheck.mjs',
      'USER root',
      'RUN mkdir -p /data/media && chown node:node /data/media',
      'USER node',
    ].join('\n'),
  );
  // The name compose asks the engine's Docker API for (a short name means docker.io/library/).
  engine.podman(['build', '-q', '-t', 'docker.io/library/lockerroom:local', patch]);
  return `${kept} + packaging fixes`;
}

/** From this machine to NATS's address on the compose network, without credentials. */
async function natsRefuses(stack) {
  const id = engine
    .compose(stack.project, ['ps', '-q', 'nats'], stack.env)
    .stdout.trim()
    .split('\n')[0];
  const address = engine
    .podman(['inspect', id, '--format', '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}'])
    .stdout.trim();
  try {
    const nc = await connect({
      servers: `nats://${address}:4222`,
      timeout: 5000,
      reconnect: false,
    });
    await nc.close();
  } catch (error) {
    if (/authorization/i.test(error.message)) return `${address}:4222: ${error.message}`;
    throw new Error(`NATS at ${address}:4222 failed otherwise: ${error.message}`, {
      cause: error,
    });
  }
  throw new Error(`NATS at ${address}:4222 accepted a client without credentials`);
}

/** A client of Caddy's published HTTPS port, trusting only Caddy's own CA. */
async function httpsClient(stack) {
  let ca;
  await waitFor("Caddy's internal CA", () => {
    const id = engine.compose(stack.project, ['ps', '-q', 'caddy'], stack.env).stdout.trim();
    const result = engine.podman(
      ['exec', id, 'cat', '/data/caddy/pki/authorities/local/root.crt'],
      { allowFail: true },
    );
    ca = result.status === 0 ? result.stdout : undefined;
    return Boolean(ca);
  });
  const client = new Client(
    httpsRequester({ port: Number(stack.env.HTTPS_PORT), domain: DOMAIN, ca }),
  );
  await waitFor('the gateway over HTTPS', async () => (await client.request('/health')).ok);
  return client;
}
