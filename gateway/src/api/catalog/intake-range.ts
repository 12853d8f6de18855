import { INTAKE_MAX_PAGE } from '@lr/contracts';
import { pickFilters, type ConsoleListQuery } from '../../core/console.js';

/** A console range cut to the intake lists' page (donations, sources, counts and their lines). */
export function cappedIntakeRange(range: { start: number; end: number }): {
  start: number;
  end: number;
} {
  return { start: range.start, end: Math.min(range.end, range.start + INTAKE_MAX_PAGE - 1) };
}

/** The input of an intake list call: the console's sort, its range cut to a page, known filters. */
export function intakeListInput(query: ConsoleListQuery, filters: readonly string[]) {
  return {
    sort: query.sort,
    range: cappedIntakeRange(query.range),
    filter: pickFilters(query.filter, filters),
  };
}
