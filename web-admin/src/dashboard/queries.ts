import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../dataProvider';

export const dashboardKeys = {
  all: ['dashboard'] as const,
};

/** The dashboard's figures (volunteers get the Processing orders count only). */
export function useDashboardFigures() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return useQuery({ queryKey: dashboardKeys.all, queryFn: () => dataProvider.getDashboard() });
}
