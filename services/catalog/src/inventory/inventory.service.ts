/** Stock questions: the orders service's fail-fast check, the dashboard's availability, a size's history. */
import { Injectable } from '@nestjs/common';
import {
  type AvailabilityDto,
  type ConsoleList,
  type InventoryCheckResult,
  type MovementDto,
  type ShortLine,
} from '@lr/contracts';
import { InventoryRepository, type MovementFilter } from './inventory.repository.js';
import { toMovementDto } from './inventory.mapper.js';

export interface CheckLine {
  productId: string;
  size: string;
  quantity: number;
}

@Injectable()
export class InventoryService {
  constructor(private readonly repository: InventoryRepository) {}

  /** Which lines the current stock cannot cover (missing or hidden products and sizes count as 0). */
  async check(lines: CheckLine[], allowHidden: boolean): Promise<InventoryCheckResult> {
    const merged = new Map<string, CheckLine>();
    for (const line of lines) {
      const key = `${line.productId}\u0000${line.size}`;
      const existing = merged.get(key);
      if (existing) existing.quantity += line.quantity;
      else merged.set(key, { ...line });
    }
    const sizes = await this.repository.sizesOf([...merged.values()].map((l) => l.productId));
    const shortLines: ShortLine[] = [];
    for (const line of merged.values()) {
      const size = sizes.find((s) => s.productId === line.productId && s.size === line.size);
      const available = size && (size.isShow || allowHidden) ? size.stock : 0;
      if (available < line.quantity || !size) {
        shortLines.push({
          productId: line.productId,
          size: line.size,
          name: size?.name ?? '',
          requested: line.quantity,
          available,
        });
      }
    }
    return { shortLines };
  }

  async availability(): Promise<AvailabilityDto> {
    const [productsCount, sizes] = await Promise.all([
      this.repository.countProducts(),
      this.repository.allSizes(),
    ]);
    const outOfStock = new Map<string, { name: string; entries: string[] }>();
    const lowStock: AvailabilityDto['lowStock'] = [];
    let outOfStockSizes = 0;
    for (const s of sizes) {
      if (s.stock === 0) {
        outOfStockSizes += 1;
        const key = s.name.toLowerCase();
        const group = outOfStock.get(key) ?? { name: s.name, entries: [] };
        group.entries.push(`${s.subCategory} | ${s.size}`);
        outOfStock.set(key, group);
      } else if (s.stock <= s.lowStockThreshold) {
        lowStock.push({
          productId: s.productId,
          name: s.name,
          SubCategory: s.subCategory,
          size: s.size,
          stock: s.stock,
        });
      }
    }
    lowStock.sort((a, b) => a.stock - b.stock || a.name.localeCompare(b.name));
    return {
      productsCount,
      outOfStockSizes,
      inStockSizes: sizes.length - outOfStockSizes,
      outOfStock: [...outOfStock.values()],
      lowStock,
    };
  }

  async movements(
    filter: MovementFilter,
    range: { start: number; end: number },
    sort: { field: string; order: 'ASC' | 'DESC' } | null,
  ): Promise<ConsoleList<MovementDto>> {
    const { rows, total } = await this.repository.listMovements(
      filter,
      range.start,
      range.end - range.start + 1,
      sort,
    );
    return { items: rows.map(toMovementDto), total };
  }
}
