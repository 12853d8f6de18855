/**
 * The one comparison form of login ids (and of school names, which must not look alike either):
 * every lookup, uniqueness check and throttle key goes through `loginKeyOf`, so two spellings
 * that are the same account for one of them are the same account for all of them.
 *
 * The form is NFKC, then case-folded, repeated until it stops changing:
 * - NFKC first makes compatibility look-alikes one character (full-width "ｍ", ligature "ﬁ",
 *   superscripts, the Kelvin sign), and turns exotic spaces into plain ones before the trim.
 * - `toLowerCase` is Unicode's full lower-casing, the same in every browser and Node. It is not yet
 *   a case fold in two places, which are completed here: a final sigma "ς" is folded to "σ" (so
 *   "ΟΔΟΣ" and "οδοσ" agree), and "İ" (U+0130) lower-cases to "i" plus a combining dot above,
 *   which looks exactly like "i" (the dot of "i" and "j" takes the combining dot's place), so that
 *   dot is dropped: "İ" and "I" both reach "i". German "ß" stays "ß" (not "ss"): an id is spelled,
 *   not sorted.
 * - Lower-casing may leave a string that is not in NFKC any more, hence the repetition.
 * - The invisible characters the contracts refuse (text.ts) are dropped, so an id stored before
 *   they were refused still compares equal to its visible twin.
 *
 * PostgreSQL's `lower()` is never used for this: it depends on the database's locale (under the
 * "C" locale it leaves every non-ASCII letter as it is) and maps "İ" and "ς" its own way. The key is
 * computed here and stored beside the id (auth's `login_key` and `name_key` columns).
 */
import { isInvisible } from './invisible.js';

const DOT_ABOVE_ON_I_OR_J = /([ij])\u0307/g;
const FINAL_SIGMA = /\u03c2/g;
const MAX_ROUNDS = 4;

function dropInvisible(value: string): string {
  let out = '';
  for (const char of value) if (!isInvisible(char.codePointAt(0) ?? 0)) out += char;
  return out;
}

function foldOnce(value: string): string {
  return dropInvisible(value)
    .normalize('NFKC')
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(DOT_ABOVE_ON_I_OR_J, '$1')
    .replace(FINAL_SIGMA, '\u03c3')
    .normalize('NFKC');
}

/** The comparison form of a login id or a school name (see above). */
export function loginKeyOf(value: string): string {
  let key = value;
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const next = foldOnce(key);
    if (next === key) return next;
    key = next;
  }
  return key;
}

/** Whether two login ids (or school names) are the same under `loginKeyOf`. */
export function sameLoginKey(a: string, b: string): boolean {
  return loginKeyOf(a) === loginKeyOf(b);
}
