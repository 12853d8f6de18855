/** The opaque cursor of the paged orders export: base64url of the last row's keyset position. */
import { z } from 'zod';
import { AppError } from '@lr/contracts';
import type { ExportKey } from './export.repository.js';

const keySchema = z.tuple([z.iso.datetime(), z.uuid(), z.number().int().nonnegative()]);

export function encodeCursor(key: ExportKey): string {
  return Buffer.from(JSON.stringify([key.createdAt, key.orderId, key.position])).toString(
    'base64url',
  );
}

export function decodeCursor(cursor: string): ExportKey {
  try {
    const [createdAt, orderId, position] = keySchema.parse(
      JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')),
    );
    return { createdAt, orderId, position };
  } catch {
    throw AppError.badRequest('cursor: invalid');
  }
}
