/**
 * The real NATS server for tests, with a namespace unique to this test file so parallel files and
 * parallel runs never see each other's subjects, streams or consumers.
 *
 * It runs with the product's authorization (generated for a wildcard namespace): jest's global setup
 * (test/support/nats-global-setup.mjs) starts it and hands the workers its url and every
 * identity's seed. Services under test connect as themselves; test code connects as `admin`.
 */
import { randomBytes } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import {
  connect,
  nkeyAuthenticator,
  type ConnectionOptions,
  type NatsConnection,
} from '@nats-io/transport-node';
import { inboxPrefixOf, type NatsIdentity } from '@lr/contracts';
import type { NatsUser } from '@lr/nest-kit';

function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(
      `${name} is not set: tests need the authorized NATS server that jest's global setup starts ` +
        '(run them through jest: npm run test:unit, npm test).',
    );
  }
  return value;
}

/** The authorized test server's url. */
export function testNatsUrl(): string {
  return required('TEST_NATS_URL');
}

/** The NKEY seed of `user` on the test server. */
export function testNatsSeed(user: NatsUser): string {
  const seeds = JSON.parse(required('LR_TEST_NATS_SEEDS')) as Partial<Record<NatsUser, string>>;
  const seed = seeds[user];
  if (!seed) throw new Error(`the test NATS server has no identity ${user}`);
  return seed;
}

export function uniqueNamespace(): string {
  return `t${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

/** One dial's timeout, and how long a test connection keeps dialling after dials time out. */
const DIAL_TIMEOUT_MS = 5_000;
const DIAL_BUDGET_MS = 60_000;

/**
 * A connection as `user` (default the unrestricted admin of test code); an identity's connection
 * uses its own inbox prefix, as the product's do. A dial can fail on a machine starved by a test
 * stack booting beside it: nats-server closes a connection whose CONNECT comes later than its
 * authentication timeout (2 s; the test process had not run for that long), and the client then
 * waits out its dial timeout. So a dial that times out is tried again, for up to a minute.
 */
export async function connectTestNats(
  user: NatsUser = 'admin',
  options: Partial<ConnectionOptions> = {},
): Promise<NatsConnection> {
  const started = Date.now();
  for (;;) {
    try {
      return await connect({
        servers: testNatsUrl(),
        name: `test-${user}`,
        maxReconnectAttempts: -1,
        timeout: DIAL_TIMEOUT_MS,
        authenticator: nkeyAuthenticator(new TextEncoder().encode(testNatsSeed(user))),
        ...(user === 'admin' ? {} : { inboxPrefix: inboxPrefixOf(user as NatsIdentity) }),
        ...options,
      });
    } catch (error) {
      const late = Date.now() - started > DIAL_BUDGET_MS;
      if ((error as Error).name !== 'TimeoutError' || late) throw error;
    }
  }
}

/** Deletes the streams (and with them the consumers) created under `namespace`. */
export async function deleteNamespaceStreams(nc: NatsConnection, namespace: string): Promise<void> {
  const jsm = await jetstreamManager(nc);
  const names: string[] = [];
  for await (const name of jsm.streams.names()) {
    if (name.startsWith(`${namespace}_`)) names.push(name);
  }
  await Promise.all(names.map((name) => jsm.streams.delete(name).catch(() => false)));
}

/** For a stack of processes (scripts/stack startStack) on the test server: its url and seeds. */
export function testStackNats(): { natsUrl: string; natsSeeds: Record<string, string> } {
  return {
    natsUrl: testNatsUrl(),
    natsSeeds: JSON.parse(required('LR_TEST_NATS_SEEDS')) as Record<string, string>,
  };
}

/** The same as environment variables of `npm start` (NATS_URL, NATS_NKEY_SEED_<IDENTITY>). */
export function testStackNatsEnv(): Record<string, string> {
  const { natsUrl, natsSeeds } = testStackNats();
  const env: Record<string, string> = { NATS_URL: natsUrl };
  for (const [identity, seed] of Object.entries(natsSeeds)) {
    if (identity === 'admin') continue;
    env[`NATS_NKEY_SEED_${identity.toUpperCase().replace(/-/g, '_')}`] = seed;
  }
  return env;
}
