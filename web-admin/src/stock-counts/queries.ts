import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StockCountLineDto } from '@lr/contracts';
import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider, CountedFigure } from '../dataProvider';

/** Under react-admin's own `stock-counts` keys: a change to a count reloads its record too. */
export const stockCountKeys = {
  all: ['stock-counts'] as const,
  sheet: (countId: string) => [...stockCountKeys.all, 'sheet', countId] as const,
  review: (countId: string) => [...stockCountKeys.all, 'review', countId] as const,
};

const SHEET_PAGE = 500;

/** Every line of a count's sheet, in sheet order (fetched page by page). */
export function useCountSheet(countId: string) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return useQuery({
    queryKey: stockCountKeys.sheet(countId),
    queryFn: async () => {
      const all: StockCountLineDto[] = [];
      // The next page starts after the rows received: the gateway may answer fewer than asked.
      for (;;) {
        const start = all.length;
        const page = await dataProvider.getCountSheetPage(countId, [start, start + SHEET_PAGE - 1]);
        all.push(...page.lines);
        if (all.length >= page.total || page.lines.length === 0) return all;
      }
    },
  });
}

/** The differences finalising would write now, and what moved since the count started. */
export function useCountReview(countId: string) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return useQuery({
    queryKey: stockCountKeys.review(countId),
    queryFn: () => dataProvider.getCountReview(countId),
  });
}

/** Saves changed figures in pages the gateway accepts; the count and its sheet load again. */
export function useEnterCounts(countId: string) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (figures: CountedFigure[]) => {
      for (let i = 0; i < figures.length; i += SHEET_PAGE)
        await dataProvider.enterCounts(countId, figures.slice(i, i + SHEET_PAGE));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: stockCountKeys.all }),
  });
}

/** Finalises with the books the admin confirmed; refused when stock moved since (review again). */
export function useFinaliseCount(countId: string) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmedBooks: { sizeId: string; books: number }[]) =>
      dataProvider.finaliseCount(countId, confirmedBooks),
    onSettled: () => queryClient.invalidateQueries({ queryKey: stockCountKeys.all }),
  });
}
