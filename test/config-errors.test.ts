/**
 * A process started with a bad or missing variable exits non-zero with one line naming it.
 * Runs the built gateway entry point (npm test builds first).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseConfigSchema, ConfigError, natsAuthProblem, parseConfig } from '@lr/nest-kit';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('configuration errors', () => {
  it('names the bad variable', () => {
    expect(() => parseConfig(baseConfigSchema, { NATS_NAMESPACE: 'has spaces' })).toThrow(
      ConfigError,
    );
    expect(() => parseConfig(baseConfigSchema, { NATS_NAMESPACE: 'has spaces' })).toThrow(
      /NATS_NAMESPACE/,
    );
  });

  it('allows an unauthenticated NATS connection in production only when told to', () => {
    const production = { NODE_ENV: 'production' };
    expect(natsAuthProblem(parseConfig(baseConfigSchema, production))).toMatch(/NATS_NKEY_SEED/);
    expect(
      natsAuthProblem(
        parseConfig(baseConfigSchema, { ...production, NATS_ALLOW_UNAUTHENTICATED: 'true' }),
      ),
    ).toBeNull();
    expect(
      natsAuthProblem(
        parseConfig(baseConfigSchema, { ...production, NATS_NKEY_SEED: `SU${'A'.repeat(56)}` }),
      ),
    ).toBeNull();
    // Outside production a developer's own open server stays usable (npm start warns about it).
    expect(natsAuthProblem(parseConfig(baseConfigSchema, {}))).toBeNull();
  });

  it.each([
    ['gateway/dist/main.js', { PORT: 'not-a-port' }, /PORT/],
    ['gateway/dist/main.js', { DATABASE_URL: 'mysql://nope' }, /DATABASE_URL/],
    ['services/catalog/dist/main.js', { LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    ['services/auth/dist/main.js', { NODE_ENV: 'production' }, /JWT_SECRET is missing/],
    // The gateway verifies session tokens itself, with the same key.
    ['gateway/dist/main.js', { NODE_ENV: 'production' }, /JWT_SECRET is missing/],
    [
      'services/auth/dist/main.js',
      { JWT_SECRET: 'lockerroom-development-secret-change-me-0123456789' },
      /JWT_SECRET is invalid: is the published development key/,
    ],
    // In production a process refuses to talk to NATS without its own identity.
    [
      'services/orders/dist/main.js',
      { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) },
      /NATS_NKEY_SEED is missing: in production every process connects to NATS with its own NKEY identity/,
    ],
    [
      'gateway/dist/main.js',
      { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) },
      /NATS_NKEY_SEED is missing/,
    ],
  ])('%s exits non-zero naming the variable %o', (entry, env, pattern) => {
    const result = spawnSync(process.execPath, [path.join(root, entry)], {
      env: { PATH: process.env.PATH, ...env },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).not.toBe(0);
    expect(result.status).not.toBeNull();
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(pattern);
  });
});
