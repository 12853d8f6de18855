/**
 * Configuration is parsed once from the environment by a zod schema at boot (convention 5).
 * A bad or missing variable stops the process with one line naming it.
 */
import { z } from 'zod';
import { DEFAULT_CHARITY_TIME_ZONE, isKnownTimeZone } from '@lr/contracts';

/** A yes/no variable: `true`/`1` or `false`/`0` (anything else names the variable at boot). */
export const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

/** An IANA time zone the runtime knows, e.g. `Europe/London` (anything else stops the boot). */
export const timeZoneSetting = z
  .string()
  .refine(isKnownTimeZone, 'must be an IANA time zone, e.g. America/Los_Angeles');

/**
 * CHARITY_TIME_ZONE, read by every service whose answers depend on the charity's day or hour
 * (orders' pickups, notices and daily summary; reporting's days and weeks): one setting, so the
 * dashboard's "today", the summary mail and the report agree on when a day starts.
 */
export const charityTimeZoneSetting = timeZoneSetting.default(DEFAULT_CHARITY_TIME_ZONE);

/** Variables every service and the gateway read. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/ })
    .default('postgres://postgres@127.0.0.1:5432/lockerroom'),
  NATS_URL: z.string().min(1).default('nats://127.0.0.1:4222'),
  /** Prefix of every subject and stream; empty in production, unique per test run. */
  NATS_NAMESPACE: z
    .string()
    .regex(/^[A-Za-z0-9_-]*$/, 'letters, digits, _ and - only')
    .default(''),
  /**
   * This process's NATS identity (an NKEY user seed, `SU...`): the server grants each identity only
   * its own subjects (docs/adr/0062-nats-permissions.md). Unset: connect without credentials (a server without
   * authorization, e.g. a developer's own).
   */
  NATS_NKEY_SEED: z
    .string()
    .trim()
    .regex(/^SU[A-Z2-7]{56}$/, 'an NKEY user seed (SU followed by 56 base32 characters)')
    .optional(),
  /**
   * In production a process refuses to connect to NATS without its own identity (anyone reaching
   * an open server could forge any message); `true` allows it, e.g. behind a private network
   * policy with its own authentication.
   */
  NATS_ALLOW_UNAUTHENTICATED: booleanFromEnv.default(false),
  /** How long a request-reply call may take before the caller gives up (resends included). */
  RPC_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * How long the first attempt of a call that may be repeated waits for its reply before the same
   * request goes out again beside it (each later attempt waits twice as long); resend-policy.ts.
   */
  RPC_ATTEMPT_TIMEOUT_MS: z.coerce.number().int().min(50).default(1_000),
  /** Where demo-mode mail (an mbox file) and local media live. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** SMTP server for outgoing mail; without it mail is appended to <DATA_DIR>/mail/outgoing.mbox. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Locker Room <no-reply@lockerroom.local>'),
  /** Days a published outbox row is kept (the stream keeps the event); 0 keeps them forever. */
  OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(0).default(7),
  /**
   * How long an event this process committed may wait for others before its relay publishes it
   * (ms, from the first of them; 0: at once). Events of one type published together travel as one
   * message, which costs the broker and every consumer about what one event does.
   */
  OUTBOX_PUBLISH_WINDOW_MS: z.coerce.number().int().min(0).max(1_000).default(25),
  /** Copies of each stream a NATS cluster keeps (1 on one server, 3 on a three-node cluster). */
  NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  /**
   * Port of this process's own Prometheus listener (GET /metrics), apart from any public port;
   * unset: no listener.
   */
  METRICS_PORT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(1).max(65535).optional(),
  ),
  /**
   * Address the metrics listener binds. Loopback by default: the counts it shows (login failures,
   * throttles, per-route statuses) are not for the public, and it has no authentication. Set
   * 0.0.0.0 where the scraper reaches the process over a private network (a Kubernetes pod, a
   * compose network).
   */
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
});
export type BaseConfig = z.infer<typeof baseConfigSchema>;

export class ConfigError extends Error {}

/** Parses `env` with `schema`; throws ConfigError whose message names the first bad variable. */
export function parseConfig<S extends z.ZodType>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const name = issue?.path.map(String).join('.') || '(unknown)';
  const received = name in env ? 'invalid' : 'missing';
  throw new ConfigError(
    `Configuration error: ${name} is ${received}: ${issue?.message ?? 'invalid'}`,
  );
}

/**
 * Why this process may not start on its NATS settings, or null: in production, a connection without
 * an NKEY identity needs NATS_ALLOW_UNAUTHENTICATED=true.
 */
export function natsAuthProblem(config: unknown): string | null {
  const { NODE_ENV, NATS_NKEY_SEED, NATS_ALLOW_UNAUTHENTICATED } = config as Partial<BaseConfig>;
  if (NODE_ENV !== 'production' || NATS_NKEY_SEED || NATS_ALLOW_UNAUTHENTICATED) return null;
  return (
    'Configuration error: NATS_NKEY_SEED is missing: in production every process connects to NATS ' +
    'with its own NKEY identity (NATS_ALLOW_UNAUTHENTICATED=true connects without one)'
  );
}

/**
 * For `main.ts`: parse or exit(1) with the one-line message. Kept apart from `parseConfig` so
 * tests can check the message without exiting.
 */
export function loadConfigOrExit<S extends z.ZodType>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  try {
    const config = parseConfig(schema, env);
    const problem = natsAuthProblem(config);
    if (problem) throw new ConfigError(problem);
    return config;
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
