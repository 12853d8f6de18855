/** The optional `from` / `to` query of the report routes; empty parameters mean "no bound". */
import { parseOrThrow, reportRangeSchema, type ReportRange } from '@lr/contracts';

export function parseReportRange(query: Record<string, unknown> | undefined): ReportRange {
  const pick = (value: unknown) => (value === '' || value === undefined ? undefined : value);
  return parseOrThrow(reportRangeSchema, { from: pick(query?.from), to: pick(query?.to) });
}
