/**
 * The cursor of the newest-first order walks: `<created_at in UTC with microseconds>|<order number>`,
 * the last order a page returned. It is checked strictly before it reaches SQL, so a forged cursor
 * is a 400, never a database error.
 */
import { AppError } from '@lr/contracts';
import type { OrderKeyset } from './order-lists.repository.js';

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|(\d{1,15})$/;

export function encodeOrderKeyset(keyset: OrderKeyset): string {
  return `${keyset.createdAt}|${keyset.orderNumber}`;
}

export function decodeOrderKeyset(cursor: string | null | undefined): OrderKeyset | null {
  if (cursor === null || cursor === undefined) return null;
  const match = CURSOR.exec(cursor);
  if (!match || Number.isNaN(Date.parse(match[1] ?? ''))) {
    throw AppError.badRequest('after: not a cursor of this list');
  }
  return { createdAt: match[1] ?? '', orderNumber: Number(match[2]) };
}
