/**
 * The one look-up from a list's sort field to what it sorts by. A field is looked up only among the
 * list's own keys (`Object.hasOwn`), so a name like `__proto__` or `constructor` never reaches an
 * object's prototype; an unknown field is a 400 that names the fields the list sorts by.
 */
import { AppError } from '@lr/contracts';

export function sortColumn<T>(
  columns: Readonly<Record<string, T>>,
  sort: { field: string } | null | undefined,
  fallback: string,
): T {
  const field = sort?.field ?? fallback;
  if (!Object.hasOwn(columns, field)) throw unknownSortField(field, Object.keys(columns));
  return columns[field]!;
}

export function unknownSortField(field: string, allowed: readonly string[]): AppError {
  return AppError.badRequest(
    `sort: cannot sort by ${JSON.stringify(field)}; sort by one of: ${allowed.join(', ')}`,
  );
}
