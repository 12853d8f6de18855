/**
 * NATS identities (NKEYs) and the server's `authorization` block generated from the one permission
 * description in contracts (NATS_GRANTS). NKEYs work alike on nats-server 2.9 and 2.10; the server
 * keeps only public keys, so its config holds no secret, and a seed never travels on the wire
 * (challenge signing). See docs/adr/0062-nats-permissions.md.
 */
import { nkeys } from '@nats-io/transport-node';
import { NATS_IDENTITIES, natsPermissions, type NatsIdentity } from '@lr/contracts';

/** The unrestricted identity test code (assertions, stream cleanup) and operators use. */
export const NATS_ADMIN = 'admin';
export type NatsUser = NatsIdentity | typeof NATS_ADMIN;

export interface NatsKeyPair {
  /** Secret: `NATS_NKEY_SEED` of the process. */
  seed: string;
  /** Public key (starts with U): what the server config lists. */
  publicKey: string;
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();

export function createNatsKeyPair(): NatsKeyPair {
  const pair = nkeys.createUser();
  return { seed: decoder.decode(pair.getSeed()), publicKey: pair.getPublicKey() };
}

/** The public key of a user seed; throws on anything that is not one. */
export function publicKeyOfSeed(seed: string): string {
  const pair = nkeys.fromSeed(encoder.encode(seed.trim()));
  const publicKey = pair.getPublicKey();
  if (!publicKey.startsWith('U')) throw new Error('not a user NKEY seed (it must start with SU)');
  return publicKey;
}

/** One key pair per identity and one for the admin. */
export function createNatsKeyPairs(): Record<NatsUser, NatsKeyPair> {
  const pairs = {} as Record<NatsUser, NatsKeyPair>;
  for (const user of [...NATS_IDENTITIES, NATS_ADMIN] as const) pairs[user] = createNatsKeyPair();
  return pairs;
}

function quoted(subjects: readonly string[], indent: string): string {
  return subjects.map((s) => `${indent}  "${s}"`).join('\n');
}

/** A key, or a `$VARIABLE` nats-server reads from its environment (left unquoted). */
function keyValue(key: string): string {
  return key.startsWith('$') ? key : `"${key}"`;
}

export interface RenderAuthorizationOptions {
  /** Exact namespace (`''` in production) or WILDCARD_NAMESPACE for a shared test server. */
  namespace: string;
  /**
   * Public key of each identity, or a config variable reference such as `$NKEY_GATEWAY` for a
   * template whose keys the server reads from its environment. Identities left out get no user.
   */
  keys: Partial<Record<NatsUser, string>>;
}

/**
 * The `authorization { users = [...] }` block of nats-server's config: every identity with its
 * allow lists (its replies on its own inbox prefix only); the admin without restrictions.
 */
export function renderNatsAuthorization(options: RenderAuthorizationOptions): string {
  const users: string[] = [];
  for (const identity of NATS_IDENTITIES) {
    const key = options.keys[identity];
    if (!key) continue;
    const permissions = natsPermissions(identity, options.namespace);
    users.push(
      [
        `    # ${identity}`,
        `    {`,
        `      nkey: ${keyValue(key)}`,
        `      permissions: {`,
        `        publish: {`,
        `          allow: [`,
        quoted(permissions.publish, '          '),
        `          ]`,
        ...(permissions.publishDeny.length > 0
          ? [`          deny: [`, quoted(permissions.publishDeny, '          '), `          ]`]
          : []),
        `        }`,
        `        subscribe: {`,
        `          allow: [`,
        quoted(permissions.subscribe, '          '),
        `          ]`,
        `        }`,
        ...(permissions.allowResponses ? [`        allow_responses: true`] : []),
        `      }`,
        `    }`,
      ].join('\n'),
    );
  }
  const admin = options.keys[NATS_ADMIN];
  if (admin) {
    users.push(`    # admin: operators and test code\n    { nkey: ${keyValue(admin)} }`);
  }
  return `authorization {\n  users = [\n${users.join('\n')}\n  ]\n}\n`;
}

/** The environment variable a deployment's server config reads a user's public key from. */
export function natsKeyVariable(user: NatsUser): string {
  return `NKEY_${user.toUpperCase().replace(/-/g, '_')}`;
}

/**
 * The authorization block of deploy/nats.conf: production namespace, every public key read from
 * the server's environment (`$NKEY_GATEWAY`, ...), so the file holds no deployment's keys.
 */
export function renderNatsAuthorizationTemplate(): string {
  const users = [...NATS_IDENTITIES, NATS_ADMIN] as const;
  const keys = Object.fromEntries(users.map((user) => [user, `$${natsKeyVariable(user)}`]));
  return renderNatsAuthorization({ namespace: '', keys });
}

export interface RenderServerConfigOptions extends RenderAuthorizationOptions {
  host?: string;
  port: number;
  storeDir: string;
  httpPort?: number;
}

/** A whole nats-server config for a local or test server: JetStream plus the authorization. */
export function renderNatsServerConfig(options: RenderServerConfigOptions): string {
  return [
    `# Generated by @lr/nest-kit renderNatsServerConfig; regenerated on every start.`,
    `host: "${options.host ?? '127.0.0.1'}"`,
    `port: ${options.port}`,
    ...(options.httpPort ? [`http_port: ${options.httpPort}`] : []),
    `jetstream {`,
    `  store_dir: "${options.storeDir}"`,
    `}`,
    renderNatsAuthorization(options),
  ].join('\n');
}
