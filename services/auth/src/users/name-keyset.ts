/**
 * The cursor of the by-name walk (the login dropdown): the last row's name and id, as base64url JSON
 * so any name fits. Checked strictly before it reaches SQL: a forged cursor is a 400.
 */
import { AppError } from '@lr/contracts';
import { z } from 'zod';
import { isUuid } from './users.repository.js';

const keysetSchema = z.tuple([
  z
    .string()
    .max(200)
    .refine((name) => !name.includes('\u0000')),
  z.string().refine(isUuid),
]);

export function encodeNameKeyset(row: { name: string; id: string }): string {
  return Buffer.from(JSON.stringify([row.name, row.id])).toString('base64url');
}

export function decodeNameKeyset(
  cursor: string | null | undefined,
): { name: string; id: string } | null {
  if (cursor === null || cursor === undefined) return null;
  try {
    const [name, id] = keysetSchema.parse(
      JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')),
    );
    return { name, id };
  } catch {
    throw AppError.badRequest('after: not a cursor of this list');
  }
}
