import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ConsoleImpact, ImpactRange } from '@lr/contracts';
import { CONSOLE_API } from '../dataProvider';
import { httpClient, queryString } from '../http';

export const IMPACT_PATH = `${CONSOLE_API}/impact`;

/** The impact record of a range; the last range's stays on screen while the next one loads. */
export function useImpact(range: ImpactRange | null) {
  return useQuery({
    queryKey: ['impact', range],
    enabled: range !== null,
    queryFn: async () =>
      (await httpClient(`${IMPACT_PATH}${queryString({ from: range?.from, to: range?.to })}`))
        .json as ConsoleImpact,
    placeholderData: keepPreviousData,
  });
}

/** The first and last day of the previous calendar month: the page's first range. */
export function lastMonth(today = new Date()): ImpactRange {
  const first = new Date(today.getFullYear(), today.getMonth() - 1, 1);
  const last = new Date(today.getFullYear(), today.getMonth(), 0);
  const day = (d: Date) =>
    `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return { from: day(first), to: day(last) };
}

/**
 * "1234.50" -> "1,234.50": thousands grouped, the cents as they are (exact decimal strings, in the
 * charity's currency; no symbol is assumed).
 */
export function formatMoney(value: string): string {
  const [whole = '0', cents = '00'] = value.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}
