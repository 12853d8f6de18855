/** The invisible characters every text field refuses (text.ts) and login keys drop (login-key.ts). */

/**
 * Zero-width space, non-joiner, joiner, left-to-right and right-to-left marks (U+200B-U+200F),
 * bidirectional embeddings and overrides (U+202A-U+202E), isolates (U+2066-U+2069), and the zero
 * width no-break space / byte order mark (U+FEFF).
 */
export function isInvisible(code: number): boolean {
  return (
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    code === 0xfeff
  );
}
