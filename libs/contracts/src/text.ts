/**
 * The one builder of text fields for every schema (every text field
 * refuses control characters). PostgreSQL cannot store a NUL character at all (the write fails),
 * and the other control characters (bell, escape, delete, the C1 range, the Unicode line and
 * paragraph separators) have no place in a name, an id or a code: they hide text in the console,
 * break CSV exports and mail headers, and spoof what an admin reads. A 400 names the field.
 * Multi-line fields (descriptions, comments) also take line feeds, carriage returns and tabs.
 *
 * Invisible characters are refused the same way: zero-width spaces and joiners, the direction
 * marks and the bidirectional embeddings, overrides and isolates, and the byte order mark. They
 * make two different strings look the same ("maplegrove" and "maplegrove" + U+200B) or reorder
 * what a reader sees, which is how a look-alike account passes for another. (The zero-width
 * joiner also builds some emoji sequences; they show as their separate emoji when typed without.)
 */
import { z } from 'zod';
import { isInvisible } from './invisible.js';

export { isInvisible };

/** C0 and C1 controls, DEL, and the Unicode line and paragraph separators. */
function isControl(code: number): boolean {
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
}

const LINE_BREAKS_AND_TAB = new Set([0x09, 0x0a, 0x0d]);

export function hasControlCharacters(
  value: string,
  options: { multiline?: boolean } = {},
): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (isInvisible(code)) return true;
    if (isControl(code) && !(options.multiline && LINE_BREAKS_AND_TAB.has(code))) return true;
  }
  return false;
}

/**
 * A string without control or invisible characters; chain `.trim()`, `.min()`, `.max()` as with z.string().
 * `requiredMessage` replaces zod's wording when the field is missing altogether.
 */
export function textSchema(options: { multiline?: boolean; requiredMessage?: string } = {}) {
  const { requiredMessage } = options;
  const base =
    requiredMessage === undefined
      ? z.string()
      : z.string({ error: (issue) => (issue.input === undefined ? requiredMessage : undefined) });
  return base.refine(
    (value) => !hasControlCharacters(value, options),
    options.multiline
      ? 'must not contain control characters or invisible characters (line breaks and tabs are allowed)'
      : 'must not contain control characters, invisible characters or line breaks',
  );
}

/**
 * A whole number sent as a number or as a query parameter of digits only. `z.coerce.number()`
 * would read `" 2"`, `"2\u2028"` or `"0x2"` as numbers; here anything but digits stays a string and
 * is refused as not a number.
 */
export function digitsOrNumber<T extends z.ZodType<number>>(number: T) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value),
    number,
  );
}
