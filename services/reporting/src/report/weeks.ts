/** Calendar helpers for the weekly series; weeks are named by their Monday, `YYYY-MM-DD`. */

const DAY_MS = 24 * 60 * 60 * 1000;

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Every Monday from `first` to `last` inclusive (both Mondays). */
export function weeksBetween(first: string, last: string): string[] {
  const weeks: string[] = [];
  for (let week = first; week <= last; week = addDays(week, 7)) weeks.push(week);
  return weeks;
}

/**
 * Adds the missing weeks with a zero count so a chart shows quiet weeks as zero instead of
 * joining the neighbours. `weeks` must be sorted.
 */
export function withEmptyWeeks(
  series: readonly { week: string; count: number }[],
  weeks: readonly string[],
): { week: string; count: number }[] {
  const counts = new Map(series.map((point) => [point.week, point.count]));
  return weeks.map((week) => ({ week, count: counts.get(week) ?? 0 }));
}

/** The continuous run of weeks covering every week that appears in any of the series. */
export function spanOfWeeks(...series: readonly (readonly { week: string }[])[]): string[] {
  const all = series
    .flat()
    .map((point) => point.week)
    .sort();
  const first = all[0];
  const last = all[all.length - 1];
  return first && last ? weeksBetween(first, last) : [];
}
