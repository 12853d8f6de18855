/**
 * How session JWTs are signed, for the two processes that handle them: auth signs them (and stays
 * the authority on whether their session still stands), the gateway verifies signature, algorithm,
 * expiry and issuer before asking auth. Both must find the same key the same way, so it is stated
 * once here.
 *
 * The key is JWT_SECRET, required in production. Elsewhere, when it is unset, a random key is made
 * once per data directory and kept in `<DATA_DIR>/secrets/jwt-secret` (mode 0600), so `npm start`
 * needs no setup, sessions survive a restart, processes sharing a DATA_DIR agree on one key, and no
 * key anyone can read in the source signs sessions.
 */
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  linkSync,
  mkdirSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** The only algorithm a session token may carry (`alg: none` or any other is refused). */
export const SESSION_TOKEN_ALGORITHM = 'HS256';
export const SESSION_TOKEN_ISSUER = 'lockerroom-auth';

const MIN_LENGTH = 32;

/** The development key earlier versions shipped in their source: public, so never accepted. */
const PUBLISHED_DEV_SECRET = 'lockerroom-development-secret-change-me-0123456789';

/** The JWT_SECRET variable of a process that signs or verifies sessions. */
export const jwtSecretSchema = z
  .string()
  .min(MIN_LENGTH, `must be at least ${MIN_LENGTH} characters`)
  .refine((v) => v !== PUBLISHED_DEV_SECRET, 'is the published development key; set your own')
  .optional();

/** For the config schema's `superRefine`: production must set JWT_SECRET. */
export function requireJwtSecretInProduction(
  config: { NODE_ENV: string; JWT_SECRET?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (config.NODE_ENV === 'production' && !config.JWT_SECRET) {
    ctx.addIssue({
      code: 'custom',
      path: ['JWT_SECRET'],
      message: 'is required in production (a long random string, e.g. openssl rand -base64 48)',
    });
  }
}

/** The session key of a parsed config: JWT_SECRET, or the one kept under DATA_DIR. */
export function sessionSecret(config: {
  JWT_SECRET?: string | undefined;
  DATA_DIR: string;
}): string {
  return config.JWT_SECRET ?? localJwtSecret(config.DATA_DIR);
}

export function jwtSecretFile(dataDir: string): string {
  return path.resolve(dataDir, 'secrets', 'jwt-secret');
}

function readSecret(file: string): string | undefined {
  try {
    const secret = readFileSync(file, 'utf8').trim();
    // Owner only, even when the file was copied in with looser rights.
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    return secret.length >= MIN_LENGTH ? secret : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The key kept under `dataDir`, made on first use. */
export function localJwtSecret(dataDir: string): string {
  const file = jwtSecretFile(dataDir);
  const existing = readSecret(file);
  if (existing) return existing;
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  // Written whole under another name, then linked into place: a process starting at the same
  // moment either wins the link or reads the winner's complete key, never half of one.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `${secret}\n`, { mode: 0o600 });
  try {
    linkSync(draft, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = readSecret(file);
    if (!winner) {
      throw new Error(`${file} holds no usable key; remove it to make a new one`, { cause: error });
    }
    return winner;
  } finally {
    unlinkSync(draft);
  }
}
