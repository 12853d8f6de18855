/**
 * Turns a donation's requested lines into lines with a size id: locks the products and sizes named
 * (the same order as every other stock writer, so no deadlock), refuses unknown products and sizes
 * with the line named, and creates the sizes a line explicitly marks as new.
 */
import { Injectable } from '@nestjs/common';
import { AppError, type donationLineInputSchema } from '@lr/contracts';
import type { Executor } from '@lr/nest-kit';
import type { z } from 'zod';
import { InventoryRepository } from '../inventory/inventory.repository.js';
import type { SizeWithProduct } from '../inventory/locked-stock.js';
import { ProductsRepository } from '../products/products.repository.js';
import { DonationsRepository, type NewDonationLine } from './donations.repository.js';

type LineInput = z.output<typeof donationLineInputSchema>;

export interface LockedSizes {
  /** Sizes of every locked product, stock included (kept current by the caller as it moves stock). */
  sizes: SizeWithProduct[];
  lines: NewDonationLine[];
  createdSizes: boolean;
}

@Injectable()
export class DonationLines {
  constructor(
    private readonly inventory: InventoryRepository,
    private readonly products: ProductsRepository,
    private readonly donations: DonationsRepository,
  ) {}

  /**
   * `alsoLock` names products whose sizes the caller needs too (a correction's previous lines).
   */
  async resolve(tx: Executor, input: LineInput[], alsoLock: string[] = []): Promise<LockedSizes> {
    const productIds = [...new Set([...input.map((l) => l.productId), ...alsoLock])];
    const { sizes } = await this.inventory.lockProductsAndSizes(tx, productIds);
    const info = await this.donations.productInfo(tx, productIds);
    const lines: NewDonationLine[] = [];
    let createdSizes = false;
    for (const [i, line] of input.entries()) {
      const product = info.get(line.productId);
      if (!product) throw AppError.badRequest(`lines.${i}.productId: product not found`);
      let size = sizes.find(
        (s) => s.productId === line.productId && s.size.toLowerCase() === line.size.toLowerCase(),
      );
      if (!size) {
        if (!line.newSize) {
          throw AppError.badRequest(
            `lines.${i}.size: ${product.name} has no size "${line.size}"; mark the line as a new size to create it`,
          );
        }
        const [inserted] = await this.products.insertSizes(tx, line.productId, [line.size]);
        size = {
          sizeId: inserted!.id,
          productId: line.productId,
          size: inserted!.size,
          stock: 0,
          name: product.name,
          isShow: true,
        };
        sizes.push(size);
        createdSizes = true;
      }
      lines.push({
        productId: line.productId,
        productName: product.name,
        category: product.category,
        subCategory: product.subCategory,
        sizeId: size.sizeId,
        size: size.size,
        quantity: line.quantity,
      });
    }
    return { sizes, lines, createdSizes };
  }
}

/** Quantity per size id. */
export function quantityBySize(lines: readonly { sizeId: string; quantity: number }[]) {
  const totals = new Map<string, number>();
  for (const l of lines) totals.set(l.sizeId, (totals.get(l.sizeId) ?? 0) + l.quantity);
  return totals;
}
