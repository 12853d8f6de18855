import { useCallback, useEffect, useState } from 'react';
import type { StockCountLineDto } from '@lr/contracts';
import { httpClient } from '../http';
import { CONSOLE_API } from '../dataProvider';

const PAGE = 500;

/** Every line of a count's sheet, in sheet order (fetched page by page). */
export function useCountSheet(countId: string | undefined) {
  const [lines, setLines] = useState<StockCountLineDto[] | null>(null);
  const load = useCallback(async () => {
    if (!countId) return;
    const all: StockCountLineDto[] = [];
    // The next page starts after the rows received: the gateway may answer fewer than asked.
    for (;;) {
      const start = all.length;
      const range = encodeURIComponent(JSON.stringify([start, start + PAGE - 1]));
      const { json, headers } = await httpClient(
        `${CONSOLE_API}/stock-counts/${encodeURIComponent(countId)}/lines?range=${range}`,
      );
      all.push(...(json as StockCountLineDto[]));
      const total = Number(headers.get('Content-Range')?.split('/')[1] ?? 0);
      if (all.length >= total || (json as unknown[]).length === 0) break;
    }
    setLines(all);
  }, [countId]);
  useEffect(() => {
    void load();
  }, [load]);
  return { lines, reload: load };
}

/** Lines grouped by category, then product, keeping sheet order. */
export function groupSheet(lines: StockCountLineDto[]) {
  const groups: {
    category: string;
    products: { key: string; name: string; lines: StockCountLineDto[] }[];
  }[] = [];
  for (const line of lines) {
    let category = groups.at(-1);
    if (!category || category.category !== line.category) {
      category = { category: line.category, products: [] };
      groups.push(category);
    }
    let product = category.products.at(-1);
    if (!product || product.key !== line.productId) {
      product = {
        key: line.productId,
        name: `${line.productName} (${line.subCategory})`,
        lines: [],
      };
      category.products.push(product);
    }
    product.lines.push(line);
  }
  return groups;
}
