/** The human-friendly order number (`LR-000123`) and its parsing for search. */
const PREFIX = 'LR-';

export function formatOrderNumber(n: number): string {
  return `${PREFIX}${String(n).padStart(6, '0')}`;
}

/** `LR-000123`, `lr-123` or `123` -> 123; anything else -> null. */
export function parseOrderNumber(text: string): number | null {
  const match = /^(?:lr-?)?0*(\d{1,15})$/i.exec(text.trim());
  if (!match) return null;
  const n = Number(match[1]);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}
