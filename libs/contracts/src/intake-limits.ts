/**
 * The constants of stock intake and counts, apart from their schemas: the console takes them for
 * its forms, and a module without top-level schema code keeps zod out of the console's first load.
 */

/** The largest page any intake or count list answers (the gateway caps its ranges further). */
export const INTAKE_MAX_PAGE = 500;
export const DONATION_LINE_MAX_QUANTITY = 10_000;
export const DONATION_MAX_LINES = 200;

export const DONATION_SOURCE_KINDS = [
  'individual',
  'school',
  'business',
  'drive',
  'other',
] as const;

export const COUNT_MAX_FIGURE = 100_000;

export const STOCK_COUNT_STATUSES = ['open', 'finalised'] as const;
