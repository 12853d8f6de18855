/**
 * Cuts a page of rows to what one reply may carry (REPLY_BUDGET_BYTES of JSON), so a page of large
 * rows (orders of 100 lines, products with many reviews) stays far below the broker's max_payload.
 * The caller tells the client where the next page starts: rows past the cut are not lost.
 */
import { REPLY_BUDGET_BYTES } from '@lr/contracts';

/**
 * The longest prefix of `rows` whose JSON fits in `budgetBytes`; never empty when `rows` is not, so
 * a walk always moves on (a single row too large for any reply is the reply guard's to report).
 */
export function withinReplyBudget<T>(rows: readonly T[], budgetBytes = REPLY_BUDGET_BYTES): T[] {
  let used = 0;
  for (let i = 0; i < rows.length; i += 1) {
    // +1 for the comma between array elements.
    used += Buffer.byteLength(JSON.stringify(rows[i])) + 1;
    if (used > budgetBytes && i > 0) return rows.slice(0, i);
  }
  return rows.slice();
}
