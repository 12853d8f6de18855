/** Explicit row -> response and row -> event functions for donations. */
import type {
  Category,
  DonationDto,
  DonationSnapshot,
  DonationSourceDto,
  ProductChoiceDto,
} from '@lr/contracts';
import type { DonationAggregate, ProductChoiceRow, SourceRow } from './donations.repository.js';

export function toSourceDto(row: SourceRow): DonationSourceDto {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    contact: row.contact,
    createdAt: row.createdAt,
  };
}

export function toDonationDto({ donation, lines }: DonationAggregate): DonationDto {
  return {
    id: donation.id,
    receivedOn: donation.receivedOn,
    sourceId: donation.sourceId,
    sourceName: donation.sourceName,
    sourceKind: donation.sourceKind,
    note: donation.note,
    items: lines.reduce((sum, l) => sum + l.quantity, 0),
    lines: lines.map((l) => ({
      id: l.id,
      productId: l.productId,
      productName: l.productName,
      category: l.category,
      subCategory: l.subCategory,
      sizeId: l.sizeId,
      size: l.size,
      quantity: l.quantity,
    })),
    version: donation.version,
    recordedBy: donation.recordedByName,
    createdAt: donation.createdAt,
    updatedAt: donation.updatedAt,
  };
}

export function toDonationSnapshot({ donation, lines }: DonationAggregate): DonationSnapshot {
  return {
    id: donation.id,
    receivedOn: donation.receivedOn,
    source: { id: donation.sourceId, name: donation.sourceName, kind: donation.sourceKind },
    note: donation.note,
    version: donation.version,
    lines: lines.map((l) => ({
      productId: l.productId,
      productName: l.productName,
      category: l.category as Category,
      size: l.size,
      quantity: l.quantity,
    })),
  };
}

export function toProductChoiceDto(row: ProductChoiceRow): ProductChoiceDto {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    subCategory: row.subCategory,
    isShow: row.isShow,
    sizes: row.sizes,
  };
}
