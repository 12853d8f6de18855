/** Checks and escapes for text that reaches SQL (always as a bound parameter, never spliced in). */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A malformed id can never match a row: repositories answer "not found" for it instead of letting
 * PostgreSQL fail on the uuid cast.
 */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * Escapes LIKE wildcards (and the escape character itself) so a search for "50%" means the text
 * "50%". The backslash is PostgreSQL's default LIKE escape, so no ESCAPE clause is needed.
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A LIKE pattern matching `text` anywhere, taken literally. */
export function likeContaining(text: string): string {
  return `%${escapeLike(text)}%`;
}
