/**
 * Opaque cursors of keyset walks: the sort key of the last row a page returned, as base64url JSON so
 * any text fits. Decoding checks the key against its schema before it reaches SQL: a forged cursor
 * is a 400, never a database error.
 */
import { AppError } from '@lr/contracts';
import type { z } from 'zod';

export function encodeKeyset(key: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeKeyset<S extends z.ZodType>(
  cursor: string | null | undefined,
  schema: S,
): z.infer<S> | null {
  if (cursor === null || cursor === undefined) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const result = schema.safeParse(parsed);
  if (!result.success) throw AppError.badRequest('after: not a cursor of this list');
  return result.data;
}
