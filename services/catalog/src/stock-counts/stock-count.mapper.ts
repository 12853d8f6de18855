/** Explicit row -> response functions for stock counts. */
import type {
  StockCountDifferenceDto,
  StockCountDto,
  StockCountLineDto,
  StockCountMovementDto,
} from '@lr/contracts';
import type { CountLineRow, CountRow, MovementSinceRow } from './stock-counts.repository.js';

export function toStockCountDto(row: CountRow): StockCountDto {
  return {
    id: row.id,
    scope: row.scope,
    status: row.status,
    note: row.note,
    sizes: row.sizes,
    countedSizes: row.countedSizes,
    startedAt: row.startedAt,
    startedBy: row.startedByName,
    finalisedAt: row.finalisedAt,
    finalisedBy: row.finalisedByName,
    adjustedSizes: row.adjustedSizes,
    netAdjustment: row.netAdjustment,
    absoluteAdjustment: row.absoluteAdjustment,
  };
}

/** The books' figure is never part of a line while the count is open: counting stays blind. */
export function toStockCountLineDto(row: CountLineRow): StockCountLineDto {
  return {
    id: row.id,
    sizeId: row.sizeId,
    productId: row.productId,
    productName: row.productName,
    category: row.category,
    subCategory: row.subCategory,
    size: row.size,
    counted: row.counted,
    sizeExists: row.stock !== null,
    books: row.books,
    difference: row.difference,
  };
}

export function toDifferenceDto(
  row: CountLineRow,
  books: number,
  counted: number,
): StockCountDifferenceDto {
  return {
    sizeId: row.sizeId,
    productId: row.productId,
    productName: row.productName,
    category: row.category,
    size: row.size,
    books,
    counted,
    difference: counted - books,
  };
}

export function toCountMovementDto(row: MovementSinceRow): StockCountMovementDto {
  return { ...row, id: String(row.id) };
}
