import type { Report } from '@lr/contracts';

export interface WeeklyOrdersPoint {
  week: string;
  received: number;
  fulfilled: number;
}

/** Joins the weekly received and fulfilled series on their week, oldest first, 0 where a week lacks one. */
export function mergeWeeklyOrders(weekly: Report['weekly']): WeeklyOrdersPoint[] {
  const byWeek = new Map<string, WeeklyOrdersPoint>();
  const point = (week: string) => {
    let found = byWeek.get(week);
    if (!found) {
      found = { week, received: 0, fulfilled: 0 };
      byWeek.set(week, found);
    }
    return found;
  };
  for (const row of weekly.ordersReceived) point(row.week).received += row.count;
  for (const row of weekly.ordersFulfilled) point(row.week).fulfilled += row.count;
  return [...byWeek.values()].sort((a, b) => a.week.localeCompare(b.week));
}

/** One row per week with a column per category, for a stacked bar chart. */
export function pivotItemsByCategory(weekly: Report['weekly']): {
  rows: Array<Record<string, string | number>>;
  categories: string[];
} {
  const categories = [...new Set(weekly.itemsByCategory.map((row) => row.category))].sort();
  const byWeek = new Map<string, Record<string, string | number>>();
  for (const row of weekly.itemsByCategory) {
    const entry = byWeek.get(row.week) ?? { week: row.week };
    entry[row.category] = Number(entry[row.category] ?? 0) + row.quantity;
    byWeek.set(row.week, entry);
  }
  const rows = [...byWeek.values()].sort((a, b) => String(a.week).localeCompare(String(b.week)));
  for (const row of rows) for (const category of categories) row[category] ??= 0;
  return { rows, categories };
}
