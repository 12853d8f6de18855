/**
 * The one declaration of personal data about students and teachers: which fields of an order's
 * shipping info hold it, which service owns it, how long it is kept and who may read it. Events,
 * exports, mails and the retention job all read this list, so a field added here is blanked in
 * events and erased by retention without another change.
 *
 * What stays after erasure is what the store's privacy policy promises: the school's name and
 * address, items, quantities, dates and statuses.
 */
import type { ShippingInfo } from './events.js';
import { instantOf } from './charity-day.js';

export type PersonalFieldName = Extract<
  keyof ShippingInfo,
  | 'receivingPersonName'
  | 'userLoggedInDesignation'
  | 'phoneNo'
  | 'Email'
  | 'additionalComments'
  | 'studentLimitReason'
>;

export interface PersonalFieldDeclaration {
  field: PersonalFieldName;
  /** Whom it is about. */
  about: 'student' | 'teacher' | 'student or teacher';
  what: string;
  /** The only service that stores it; every other part gets it from that service's replies. */
  owner: 'orders';
  retention: string;
  readers: readonly string[];
}

const RETENTION =
  'until STUDENT_DATA_RETENTION_DAYS after the order is Delivered or deleted, or an admin erases it';
const STAFF_AND_SCHOOL = ['the school that placed the order', 'volunteers', 'admins'] as const;

export const PERSONAL_FIELDS: readonly PersonalFieldDeclaration[] = [
  {
    field: 'receivingPersonName',
    about: 'student',
    what: 'student id, age and gender',
    owner: 'orders',
    retention: RETENTION,
    readers: STAFF_AND_SCHOOL,
  },
  {
    field: 'userLoggedInDesignation',
    about: 'teacher',
    what: "the teacher's name",
    owner: 'orders',
    retention: RETENTION,
    readers: STAFF_AND_SCHOOL,
  },
  {
    field: 'phoneNo',
    about: 'teacher',
    what: "the teacher's phone",
    owner: 'orders',
    retention: RETENTION,
    readers: STAFF_AND_SCHOOL,
  },
  {
    field: 'Email',
    about: 'teacher',
    what: "the teacher's e-mail",
    owner: 'orders',
    retention: RETENTION,
    readers: STAFF_AND_SCHOOL,
  },
  {
    field: 'additionalComments',
    about: 'student or teacher',
    what: 'free-text comments',
    owner: 'orders',
    retention: RETENTION,
    readers: STAFF_AND_SCHOOL,
  },
  {
    field: 'studentLimitReason',
    about: 'student',
    what: "why the student needs another request over the school year's limit",
    owner: 'orders',
    retention: RETENTION,
    readers: STAFF_AND_SCHOOL,
  },
];

export const PERSONAL_FIELD_NAMES: readonly PersonalFieldName[] = PERSONAL_FIELDS.map(
  (f) => f.field,
);

/**
 * What an erased order shows in `receivingPersonName`; its other personal fields become empty
 * strings, which every response schema still accepts and every screen shows as blank.
 */
export const ERASED_MARKER = 'erased';

/** The values every personal field takes when erased. */
export function erasedPersonalFields(): Record<PersonalFieldName, string> {
  const erased = {} as Record<PersonalFieldName, string>;
  for (const field of PERSONAL_FIELD_NAMES) erased[field] = '';
  erased.receivingPersonName = ERASED_MARKER;
  return erased;
}

/**
 * Shipping info as events carry it: every personal field an empty string (the keys stay, so
 * consumers written for the earlier shape still parse it). Consumers that need a student's details
 * ask orders, which checks the caller's role.
 */
export function withoutPersonalFields(info: ShippingInfo): ShippingInfo {
  const blank = { ...info };
  for (const field of PERSONAL_FIELD_NAMES) blank[field] = '';
  return blank;
}

/**
 * The student id as compared for "the same student": trimmed, inner spaces collapsed, lower case
 * (schools type `AB 123` and `ab123` for one student less often than `ab123 ` and `AB123`).
 */
export function normaliseStudentId(studentId: string): string {
  return studentId.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Default days personal data is kept after an order is Delivered or deleted. */
export const DEFAULT_STUDENT_DATA_RETENTION_DAYS = 30;

/**
 * The day a school year starts (month 1-12, day of month; set in the charity's settings), at
 * midnight in `timeZone`: the charity's (CHARITY_TIME_ZONE) wherever orders applies it, so an order
 * placed on the evening before the start counts in the year it was placed in there. UTC when absent.
 */
export interface SchoolYearStart {
  month: number;
  day: number;
  timeZone?: string;
}

/** Where school years started before the start was a setting, and a fresh installation's start. */
export const DEFAULT_SCHOOL_YEAR_START: SchoolYearStart = { month: 8, day: 1 };

/**
 * School years already worked out, per start (zone, month, day): the instants they begin. Finding one
 * takes several time-zone conversions and every placed order needs its year, which changes once a
 * year; a zone's rules do not change while a process runs.
 */
const knownYearStarts = new Map<string, Map<number, number>>();
/** Bounds the memory of a process asked about many starts or years (a rebuild, a test). */
const KNOWN_YEAR_STARTS_MAX = 64;

function yearStartsOf(start: SchoolYearStart): Map<number, number> {
  const key = `${start.timeZone ?? 'UTC'}|${start.month}|${start.day}`;
  let starts = knownYearStarts.get(key);
  if (!starts) {
    if (knownYearStarts.size >= KNOWN_YEAR_STARTS_MAX) knownYearStarts.clear();
    starts = new Map();
    knownYearStarts.set(key, starts);
  }
  return starts;
}

/** Midnight of school year `year`'s first day in the start's zone, in milliseconds. */
function yearStartMs(year: number, start: SchoolYearStart): number {
  const starts = yearStartsOf(start);
  let ms = starts.get(year);
  if (ms === undefined) {
    const firstDay = new Date(Date.UTC(year, start.month - 1, start.day))
      .toISOString()
      .slice(0, 10);
    ms = instantOf(start.timeZone ?? 'UTC', firstDay, '00:00').getTime();
    if (starts.size >= KNOWN_YEAR_STARTS_MAX) starts.clear();
    starts.set(year, ms);
  }
  return ms;
}

/**
 * The instant school year `year` starts: midnight of its first day in the start's time zone. A
 * start of 29 February falls on 1 March in other years (Date.UTC rolls the day over).
 */
export function schoolYearStartOf(
  year: number,
  start: SchoolYearStart = DEFAULT_SCHOOL_YEAR_START,
): Date {
  return new Date(yearStartMs(year, start));
}

/**
 * The school year an instant falls in, named by the calendar year it starts in. A year starts in
 * the calendar year it is named by, so the instant's UTC year, or the one before or after, is it.
 */
export function schoolYearOf(at: Date, start: SchoolYearStart = DEFAULT_SCHOOL_YEAR_START): number {
  const ms = at.getTime();
  let year = at.getUTCFullYear();
  while (ms < yearStartMs(year, start)) year -= 1;
  while (ms >= yearStartMs(year + 1, start)) year += 1;
  return year;
}
