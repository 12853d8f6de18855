/** Explicit row -> response functions for the stock ledger. */
import type { MovementDto } from '@lr/contracts';
import type { StockMovementRow } from '../db/schema.js';

export function toMovementDto(row: StockMovementRow): MovementDto {
  return {
    id: String(row.id),
    productId: row.productId,
    sizeId: row.sizeId,
    size: row.size,
    delta: row.delta,
    reason: row.reason,
    orderId: row.orderId,
    eventId: row.eventId,
    actorId: row.actorId,
    actorName: row.actorName,
    donationId: row.donationId,
    countId: row.countId,
    createdAt: row.createdAt.toISOString(),
  };
}
