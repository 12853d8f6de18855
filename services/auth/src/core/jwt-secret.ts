/**
 * The session key when JWT_SECRET is unset outside production: random, made once per data
 * directory and kept in `<DATA_DIR>/secrets/jwt-secret` (mode 0600), so `npm start` needs no
 * setup, sessions survive a restart, and no key anyone can read in the source signs sessions.
 * Production must set JWT_SECRET (config.ts refuses to start without it).
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

const MIN_LENGTH = 32;

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
