import { INTAKE_MAX_PAGE } from '@lr/contracts';

/** A console range cut to the intake lists' page (donations, sources, counts and their lines). */
export function cappedIntakeRange(range: { start: number; end: number }): {
  start: number;
  end: number;
} {
  return { start: range.start, end: Math.min(range.end, range.start + INTAKE_MAX_PAGE - 1) };
}
