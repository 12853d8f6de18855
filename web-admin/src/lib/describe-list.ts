/**
 * The first few of a long list and how many more: a list read may name a hundred orders, the old
 * all-orders route every order (the entry carries the first few of `total`; the CSV has them all).
 */
export function describeList(values: string[], total: number, scope: string | null): string {
  if (total === 0) return scope ?? '-';
  const shown = values.slice(0, 3).join(', ');
  const more = total - Math.min(values.length, 3);
  return more > 0 ? `${shown} and ${more.toLocaleString('en-US')} more` : shown;
}
