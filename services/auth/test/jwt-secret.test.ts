/**
 * The session key: required in production, never the key published in earlier sources, and
 * outside production without JWT_SECRET a random key made once per DATA_DIR, readable only by its
 * owner.
 */
import { mkdtemp, readFile, rm, stat, writeFile, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ConfigError, jwtSecretFile, localJwtSecret, parseConfig } from '@lr/nest-kit';
import { authConfigSchema } from '../src/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('JWT_SECRET', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'lr-jwt-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('is required in production, naming the variable', () => {
    expect(() => parseConfig(authConfigSchema, { NODE_ENV: 'production', DATA_DIR: dir })).toThrow(
      ConfigError,
    );
    expect(() => parseConfig(authConfigSchema, { NODE_ENV: 'production', DATA_DIR: dir })).toThrow(
      /^Configuration error: JWT_SECRET is missing: is required in production/,
    );
    const set = parseConfig(authConfigSchema, {
      NODE_ENV: 'production',
      DATA_DIR: dir,
      JWT_SECRET: 'x'.repeat(32),
    });
    expect(set.JWT_SECRET).toBe('x'.repeat(32));
  });

  it('refuses the development key earlier versions published, and short keys', () => {
    expect(() =>
      parseConfig(authConfigSchema, {
        DATA_DIR: dir,
        JWT_SECRET: 'lockerroom-development-secret-change-me-0123456789',
      }),
    ).toThrow(/JWT_SECRET is invalid: is the published development key/);
    expect(() => parseConfig(authConfigSchema, { DATA_DIR: dir, JWT_SECRET: 'short' })).toThrow(
      /JWT_SECRET is invalid: must be at least 32 characters/,
    );
  });

  it('outside production, makes a random key once per data directory, mode 0600', async () => {
    const first = parseConfig(authConfigSchema, { NODE_ENV: 'development', DATA_DIR: dir });
    expect(first.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    const file = jwtSecretFile(dir);
    expect((await readFile(file, 'utf8')).trim()).toBe(first.JWT_SECRET);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(file))).mode & 0o077).toBe(0);
    // The same key on the next start (sessions survive a restart), another one elsewhere.
    expect(parseConfig(authConfigSchema, { DATA_DIR: dir }).JWT_SECRET).toBe(first.JWT_SECRET);
    const other = await mkdtemp(path.join(tmpdir(), 'lr-jwt-'));
    try {
      expect(localJwtSecret(other)).not.toBe(first.JWT_SECRET);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });

  it('tightens a key file left readable by others, and names an unusable one', async () => {
    const key = localJwtSecret(dir);
    const file = jwtSecretFile(dir);
    await chmod(file, 0o644);
    expect(localJwtSecret(dir)).toBe(key);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    await writeFile(file, 'too-short\n');
    expect(() => localJwtSecret(dir)).toThrow(/holds no usable key; remove it/);
  });

  it('gives processes starting together the same key (built code)', async () => {
    const entry = pathToFileURL(path.join(here, '../../../libs/nest-kit/dist/session-key.js')).href;
    const script = `import(${JSON.stringify(entry)}).then((m) => process.stdout.write(m.localJwtSecret(process.argv[1])))`;
    const keys = await Promise.all(
      Array.from(
        { length: 6 },
        () =>
          new Promise<string>((resolve, reject) => {
            execFile(process.execPath, ['-e', script, dir], (error, stdout) =>
              error ? reject(error) : resolve(stdout),
            );
          }),
      ),
    );
    expect(keys[0]!.length).toBeGreaterThanOrEqual(32);
    expect(new Set(keys).size).toBe(1);
  });

  it('reads an empty INITIAL_ADMIN_CODE as unset (compose passes the variable empty)', () => {
    expect(
      parseConfig(authConfigSchema, { DATA_DIR: dir, INITIAL_ADMIN_CODE: '' }).INITIAL_ADMIN_CODE,
    ).toBeUndefined();
    expect(() =>
      parseConfig(authConfigSchema, { DATA_DIR: dir, INITIAL_ADMIN_CODE: 'short' }),
    ).toThrow(/INITIAL_ADMIN_CODE/);
  });
});
