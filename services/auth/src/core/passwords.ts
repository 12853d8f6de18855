/** Password hashing with argon2id (OWASP parameters: 19 MiB, 2 passes, 1 lane). */
import { randomInt } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

// `Algorithm` is a const enum, which the test compiler (swc) cannot inline: use its value.
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * How many argon2 computations (hashes and verifications) this process has started. Argon2 is the
 * costly part of the code flows; the tests read this to prove that a refused request spent none.
 */
export const argon2Work = { count: 0 };

export function hashPassword(password: string): Promise<string> {
  argon2Work.count += 1;
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  argon2Work.count += 1;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a random string, verified against when the login id is unknown, so that a wrong id
 * and a wrong code take the same time.
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(`unknown-account-${randomInt(1_000_000_000)}`);
  return dummyHash;
}

/** Readable codes for "set new code": no 0/O, 1/l/I look-alikes. */
const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function generateCode(length = 10): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}
