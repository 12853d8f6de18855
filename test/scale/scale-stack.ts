/**
 * The product scaled out on one machine: a three-node nats-server cluster with JetStream and the
 * production authorization (namespace '', fresh keys), two replicas of each service and two
 * gateways as supervised processes, all on one PostgreSQL database, demo data seeded. Each NATS
 * node can be killed and started again on its own store.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, nkeyAuthenticator, type ConnectionOptions } from '@nats-io/transport-node';
import { createTestDatabase, freePortRun, type TestDatabase } from '@lr/testing';
import { createNatsKeyPairs, renderNatsAuthorization } from '@lr/nest-kit';
// @ts-expect-error plain ES modules without types
import { findNatsServer, reachable } from '../../scripts/stack/nats.mjs';
// @ts-expect-error plain ES modules without types
import { Supervisor } from '../../scripts/stack/supervisor.mjs';
// @ts-expect-error plain ES modules without types
import { SERVICES, serviceEntry } from '../../scripts/stack/paths.mjs';
// @ts-expect-error plain ES modules without types
import { waitForHealthy } from '../../scripts/stack/health.mjs';
// @ts-expect-error plain ES modules without types
import { seedDemoData } from '../../scripts/stack/seed.mjs';

export const NATS_NODES = 3;
export const REPLICAS_PER_SERVICE = 2;
const GATEWAYS = 2;
/** The gateways' session cache lifetime here (their default, set so the tests can rely on it). */
export const SESSION_CACHE_TTL_MS = 5_000;

interface SupervisorLike {
  start(name: string, entry: string, extraEnv?: Record<string, string>): void;
  kill(name: string, signal?: string): void;
  restart(name: string): void;
  stopAll(): Promise<void>;
  explainUnhealthy(): string;
}

interface NatsNode {
  name: string;
  port: number;
  configFile: string;
  child: ChildProcess | null;
  /** The last of what the node wrote to stderr (why it stopped, when it did). */
  stderr: string;
}

export interface ScaleStack {
  /** Base url of each gateway. */
  gateways: string[];
  /** Supervised process names: `catalog-1`, `catalog-2`, ..., `gateway-1`, `gateway-2`. */
  supervisor: SupervisorLike;
  /** How test code connects to the cluster: every node, as the unrestricted admin. */
  nats: ConnectionOptions;
  /** Each supervised process's Prometheus endpoint (a restarted one keeps its port). */
  metrics: Record<string, string>;
  pool: pg.Pool;
  killNatsNode(index: number): Promise<void>;
  startNatsNode(index: number): Promise<void>;
  stop(): Promise<void>;
}

/** One node's config: the cluster block, its own store, the product's authorization. */
function nodeConfig(options: {
  name: string;
  port: number;
  clusterPort: number;
  routes: number[];
  storeDir: string;
  authorization: string;
}): string {
  return [
    `server_name: "${options.name}"`,
    `host: "127.0.0.1"`,
    `port: ${options.port}`,
    `jetstream {`,
    `  store_dir: "${options.storeDir}"`,
    `}`,
    `cluster {`,
    `  name: "lr-scale"`,
    `  listen: "127.0.0.1:${options.clusterPort}"`,
    `  routes: [`,
    ...options.routes.map((port) => `    "nats-route://127.0.0.1:${port}"`),
    `  ]`,
    `}`,
    options.authorization,
  ].join('\n');
}

async function spawnNode(binary: string, node: NatsNode): Promise<void> {
  const child = spawn(binary, ['-c', node.configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  node.stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    node.stderr = (node.stderr + chunk.toString()).slice(-2000);
  });
  node.child = child;
  const deadline = Date.now() + 15_000;
  while (!(await reachable(`nats://127.0.0.1:${node.port}`))) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`nats-server ${node.name} did not start: ${node.stderr.trim()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function isRunning(node: NatsNode): node is NatsNode & { child: ChildProcess } {
  return !!node.child && node.child.exitCode === null && node.child.signalCode === null;
}

/** Sends `signal` to a running node and resolves once it has exited. */
function stopNode(node: NatsNode, signal: NodeJS.Signals): Promise<void> {
  if (!isRunning(node)) return Promise.resolve();
  const { child } = node;
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** Nodes that are not running, with their last words (for a stack that never became healthy). */
function deadNodes(nodes: readonly NatsNode[]): string {
  return nodes
    .filter((node) => !isRunning(node))
    .map((node) => `nats-server ${node.name} is not running: ${node.stderr.trim() || '-'}`)
    .join('\n');
}

/**
 * Every node running and answering JetStream requests on its own, so each sees the meta leader.
 * A quorum alone is not enough: a stream with three replicas cannot be placed while one node is
 * missing, and every service would then fail to start.
 */
async function waitForCluster(
  nodes: readonly NatsNode[],
  nats: ConnectionOptions,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (const node of nodes) {
    for (;;) {
      if (!isRunning(node)) throw new Error(`JetStream cluster not ready: ${deadNodes([node])}`);
      try {
        const nc = await connect({
          ...nats,
          servers: [`nats://127.0.0.1:${node.port}`],
          reconnect: false,
          ignoreClusterUpdates: true,
          timeout: 2000,
        });
        try {
          await (await jetstreamManager(nc)).getAccountInfo();
          break;
        } finally {
          await nc.close();
        }
      } catch (error) {
        if (Date.now() > deadline)
          throw new Error(
            `JetStream cluster not ready at ${node.name}: ${(error as Error).message}`,
            { cause: error },
          );
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }
}

export interface ScaleStackOptions {
  /** Runs after the cluster and the database are up, before any service starts. */
  beforeServices?: (nats: ConnectionOptions) => Promise<void>;
  log?: (line: string) => void;
}

export async function startScaleStack(options: ScaleStackOptions = {}): Promise<ScaleStack> {
  // What the supervisor said (a process that exited, its last lines), for a stack that never
  // became healthy: the error carries the latest of it.
  const said: string[] = [];
  const log = (line: string) => {
    said.push(line);
    if (said.length > 40) said.shift();
    options.log?.(line);
  };
  const binary = findNatsServer() as string | null;
  if (!binary) throw new Error('nats-server is not on the PATH');
  const dataDir = `/tmp/lockerroom-scale/${randomBytes(4).toString('hex')}`;
  const pairs = createNatsKeyPairs();
  const authorization = renderNatsAuthorization({
    namespace: '',
    keys: Object.fromEntries(Object.entries(pairs).map(([id, pair]) => [id, pair.publicKey])),
  });
  // Every listener's port from one run below the kernel's ephemeral range: an outgoing connection
  // (a node dialling its routes, say) cannot take one between this choice and the listen. A node
  // whose cluster port was taken would exit after its client port answered, leaving the cluster a
  // node short. Per node a client and a cluster port; per gateway its HTTP port; per process a
  // metrics port.
  const processes = REPLICAS_PER_SERVICE * (SERVICES as string[]).length + GATEWAYS;
  const listenerCount = 2 * NATS_NODES + GATEWAYS + processes;
  let nextPort = await freePortRun(listenerCount);
  const takePort = () => nextPort++;
  const ports = Array.from({ length: NATS_NODES }, takePort);
  const clusterPorts = Array.from({ length: NATS_NODES }, takePort);
  const nodes: NatsNode[] = ports.map((port, i) => {
    const name = `n${i + 1}`;
    const storeDir = path.join(dataDir, name);
    mkdirSync(storeDir, { recursive: true });
    const configFile = path.join(storeDir, 'nats-server.conf');
    writeFileSync(
      configFile,
      nodeConfig({
        name,
        port,
        clusterPort: clusterPorts[i]!,
        routes: clusterPorts.filter((_, j) => j !== i),
        storeDir,
        authorization,
      }),
      { mode: 0o600 },
    );
    return { name, port, configFile, child: null, stderr: '' };
  });

  let database: TestDatabase | undefined;
  let pool: pg.Pool | undefined;
  let supervisor: SupervisorLike | undefined;
  const stopNodes = () => Promise.all(nodes.map((node) => stopNode(node, 'SIGTERM')));
  const stop = async () => {
    await pool?.end().catch(() => undefined);
    await supervisor?.stopAll().catch(() => undefined);
    await stopNodes();
    await database?.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await Promise.all(nodes.map((node) => spawnNode(binary, node)));
    const natsUrl = nodes.map((node) => `nats://127.0.0.1:${node.port}`).join(',');
    const nats: ConnectionOptions = {
      servers: natsUrl.split(','),
      authenticator: nkeyAuthenticator(new TextEncoder().encode(pairs.admin.seed)),
    };
    await waitForCluster(nodes, nats);
    database = await createTestDatabase('lrscale');
    await options.beforeServices?.(nats);

    const gatewayPorts = Array.from({ length: GATEWAYS }, takePort);
    const gateways = gatewayPorts.map((port) => `http://127.0.0.1:${port}`);
    supervisor = new Supervisor({
      env: {
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        DATABASE_URL: database.url,
        NATS_URL: natsUrl,
        NATS_NAMESPACE: '',
        NATS_STREAM_REPLICAS: String(NATS_NODES),
        DATA_DIR: dataDir,
        DEMO_CODE: 'demo345',
        LOGIN_FAILURE_DELAY_MS: '0',
        // The load places many orders from each school: no hourly limit here.
        ORDERS_PER_SCHOOL_PER_HOUR: '0',
        // Calls in flight at a killed replica or NATS node are sent again after RPC_ATTEMPT_TIMEOUT_MS
        // (default); the whole call's deadline leaves room for that on a busy 2-core machine.
        RPC_TIMEOUT_MS: '10000',
        SESSION_CACHE_TTL_MS: String(SESSION_CACHE_TTL_MS),
      },
      log,
      quiet: true,
    }) as SupervisorLike;
    const metrics: Record<string, string> = {};
    const metricsPort = (name: string) => {
      const port = takePort();
      metrics[name] = `http://127.0.0.1:${port}/metrics`;
      return String(port);
    };
    for (const service of SERVICES as string[])
      for (let r = 1; r <= REPLICAS_PER_SERVICE; r += 1)
        supervisor.start(`${service}-${r}`, serviceEntry(service), {
          NATS_NKEY_SEED: pairs[service as keyof typeof pairs].seed,
          METRICS_PORT: metricsPort(`${service}-${r}`),
        });
    for (const [i, port] of gatewayPorts.entries())
      supervisor.start(`gateway-${i + 1}`, serviceEntry('gateway'), {
        NATS_NKEY_SEED: pairs.gateway.seed,
        PORT: String(port),
        PUBLIC_URL: gateways[i]!,
        METRICS_PORT: metricsPort(`gateway-${i + 1}`),
      });
    const started = supervisor;
    const explain = () =>
      [
        `The supervisor said:\n${said.join('\n') || '-'}`,
        started.explainUnhealthy(),
        deadNodes(nodes),
      ]
        .filter(Boolean)
        .join('\n');
    await Promise.all(gateways.map((url) => waitForHealthy(url, 180_000, explain)));
    await seedDemoData({ databaseUrl: database.url, demoCode: 'demo345', log });
    pool = new pg.Pool({ connectionString: database.url, max: 4 });
    pool.on('error', () => undefined);

    return {
      gateways,
      supervisor,
      nats,
      metrics,
      pool,
      killNatsNode: (index) => stopNode(nodes[index]!, 'SIGKILL'),
      startNatsNode: (index) => spawnNode(binary, nodes[index]!),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
