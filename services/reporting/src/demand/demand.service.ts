/** Demand against stock for the console (page, CSV) and the public "most needed" list. */
import { Injectable } from '@nestjs/common';
import {
  demandCsvInputSchema,
  demandListInputSchema,
  MOST_NEEDED_MAX_GROUPS,
  MOST_NEEDED_MAX_SIZES,
  type CsvFile,
  type DemandRow,
  type MostNeededList,
} from '@lr/contracts';
import type { z } from 'zod';
import { csvRows } from '../export/csv.js';
import { DemandRepository } from './demand.repository.js';

const CSV_HEADER = [
  'Product',
  'Category',
  'Sizing',
  'Size',
  'Processing',
  'Packing',
  'Requested',
  'Ready for pickup',
  'On hand',
  'Shortfall',
];

function csvLine(r: DemandRow) {
  return [
    r.name,
    r.category,
    r.subCategory ?? '',
    r.size,
    r.processing,
    r.packing,
    r.requested,
    r.readyForPickup,
    r.onHand,
    r.shortfall,
  ];
}

@Injectable()
export class DemandService {
  constructor(private readonly repository: DemandRepository) {}

  list(input: z.output<typeof demandListInputSchema>) {
    return this.repository.page(input.filter, input.sort ?? null, input.range);
  }

  async csv(input: z.output<typeof demandCsvInputSchema>): Promise<CsvFile> {
    const rows = await this.repository.all(input.filter);
    const day = new Date().toISOString().slice(0, 10);
    const scope = input.filter.category ? `-${input.filter.category.toLowerCase()}` : '';
    return {
      filename: `demand${scope}_${day}.csv`,
      csv: csvRows([CSV_HEADER, ...rows.map(csvLine)]),
    };
  }

  /**
   * Kinds (category and sizing) and sizes short of stock, the most needed first. Only names: how many
   * items, orders, students or schools stand behind them is not for the public.
   */
  async mostNeeded(): Promise<MostNeededList> {
    const sizes = await this.repository.shortSizes();
    const groups = new Map<
      string,
      { category: string; subCategory: string | null; need: number; sizes: typeof sizes }
    >();
    for (const s of sizes) {
      const key = `${s.category}\n${s.sub_category ?? ''}`;
      const group = groups.get(key) ?? {
        category: s.category,
        subCategory: s.sub_category,
        need: 0,
        sizes: [],
      };
      group.need += s.shortfall;
      group.sizes.push(s);
      groups.set(key, group);
    }
    const byNeed = <T extends { need: number }>(a: T, b: T) => b.need - a.need;
    return {
      groups: [...groups.values()]
        .sort((a, b) => byNeed(a, b) || a.category.localeCompare(b.category))
        .slice(0, MOST_NEEDED_MAX_GROUPS)
        .map((g) => ({
          category: g.category,
          subCategory: g.subCategory,
          sizes: g.sizes
            .sort((a, b) => b.shortfall - a.shortfall || a.size.localeCompare(b.size))
            .slice(0, MOST_NEEDED_MAX_SIZES)
            .map((s) => s.size),
        })),
      computedAt: new Date().toISOString(),
    };
  }
}
