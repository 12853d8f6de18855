import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../dataProvider';

export interface ReportRange {
  from?: string;
  to?: string;
}

export const reportKeys = {
  all: ['report'] as const,
  figures: (range: ReportRange) => [...reportKeys.all, 'figures', range] as const,
  rebuildStatus: () => [...reportKeys.all, 'rebuild-status'] as const,
};

/** The LR345 figures of a range; the last range's stay on screen while the next one loads. */
export function useReport(range: ReportRange) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return useQuery({
    queryKey: reportKeys.figures(range),
    queryFn: () => dataProvider.getReport(range),
    placeholderData: keepPreviousData,
  });
}

const REBUILD_POLL_MS = 1000;

/**
 * Where a rebuild is: asked again every second while one runs (started here, `starting`, or by
 * another admin).
 */
export function useRebuildStatus(starting: boolean) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return useQuery({
    queryKey: reportKeys.rebuildStatus(),
    queryFn: () => dataProvider.getRebuildStatus(),
    refetchInterval: (query) => (starting || query.state.data?.running ? REBUILD_POLL_MS : false),
  });
}

/** Replays the order events into the report; its figures and progress are asked again after. */
export function useRebuildReport() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => dataProvider.rebuildReport(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
}
