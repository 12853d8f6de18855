import {
  ERASED_MARKER,
  PERSONAL_FIELD_NAMES,
  erasedPersonalFields,
  normaliseStudentId,
  schoolYearOf,
  schoolYearStartOf,
  withoutPersonalFields,
} from './personal-data.js';
import type { ShippingInfo } from './events.js';

const info: ShippingInfo = {
  userName: 'Abbey Primary',
  receivingPersonName: 'AB-1_10_Male',
  additionalComments: 'before Friday',
  userLoggedInDesignation: 'Ms Teacher',
  userAddress: '1 Lane|North',
  orderDate: '2026-03-02T09:00:00.000Z',
  phoneNo: '555',
  Email: 'teacher@example.org',
};

describe('personal data declaration', () => {
  it('declares the student, teacher and contact fields and nothing about the school', () => {
    expect([...PERSONAL_FIELD_NAMES].sort()).toEqual(
      [
        'Email',
        'additionalComments',
        'phoneNo',
        'receivingPersonName',
        'studentLimitReason',
        'userLoggedInDesignation',
      ].sort(),
    );
  });

  it('blanks every personal field for events and keeps the school', () => {
    expect(withoutPersonalFields(info)).toEqual({
      userName: 'Abbey Primary',
      receivingPersonName: '',
      additionalComments: '',
      userLoggedInDesignation: '',
      userAddress: '1 Lane|North',
      orderDate: '2026-03-02T09:00:00.000Z',
      phoneNo: '',
      Email: '',
      studentLimitReason: '',
    });
  });

  it('erases to the marker and empty strings', () => {
    expect({ ...info, ...erasedPersonalFields() }).toMatchObject({
      receivingPersonName: ERASED_MARKER,
      Email: '',
      userName: 'Abbey Primary',
    });
  });

  it('compares student ids trimmed, spaces collapsed, in any case', () => {
    expect(normaliseStudentId('  AB  12 ')).toBe(normaliseStudentId('ab 12'));
  });

  it('names a school year by the calendar year it starts in, on 1 August (UTC)', () => {
    expect(schoolYearOf(new Date('2026-07-31T23:59:59Z'))).toBe(2025);
    expect(schoolYearOf(new Date('2026-08-01T00:00:00Z'))).toBe(2026);
  });

  it('starts the school year on the configured month and day', () => {
    const september = { month: 9, day: 15 };
    expect(schoolYearOf(new Date('2026-09-14T23:59:59Z'), september)).toBe(2025);
    expect(schoolYearOf(new Date('2026-09-15T00:00:00Z'), september)).toBe(2026);
    expect(schoolYearStartOf(2026, september).toISOString()).toBe('2026-09-15T00:00:00.000Z');
    // 29 February starts on 1 March in a year without it.
    const leap = { month: 2, day: 29 };
    expect(schoolYearStartOf(2027, leap).toISOString()).toBe('2027-03-01T00:00:00.000Z');
    expect(schoolYearOf(new Date('2028-02-29T00:00:00Z'), leap)).toBe(2028);
  });

  it("starts the school year at midnight in the charity's time zone", () => {
    const losAngeles = { month: 8, day: 1, timeZone: 'America/Los_Angeles' };
    // 1 August 00:00 in Los Angeles (summer time) is 07:00 UTC.
    expect(schoolYearStartOf(2026, losAngeles).toISOString()).toBe('2026-08-01T07:00:00.000Z');
    // The evening of 31 July there is already 1 August in UTC: still the year before.
    expect(schoolYearOf(new Date('2026-08-01T03:00:00Z'), losAngeles)).toBe(2025);
    expect(schoolYearOf(new Date('2026-08-01T07:00:00Z'), losAngeles)).toBe(2026);
    // East of UTC the year starts the evening before in UTC; winter time in Auckland is +12.
    const auckland = { month: 8, day: 1, timeZone: 'Pacific/Auckland' };
    expect(schoolYearStartOf(2026, auckland).toISOString()).toBe('2026-07-31T12:00:00.000Z');
    expect(schoolYearOf(new Date('2026-07-31T13:00:00Z'), auckland)).toBe(2026);
    // New Year's Eve in Los Angeles is already the next calendar year in UTC.
    const january = { month: 1, day: 1, timeZone: 'America/Los_Angeles' };
    expect(schoolYearOf(new Date('2027-01-01T05:00:00Z'), january)).toBe(2026);
    expect(schoolYearOf(new Date('2027-01-01T08:00:00Z'), january)).toBe(2027);
  });

  it('answers the same for any order of questions, across a year boundary and back', () => {
    const zones = ['UTC', 'America/Los_Angeles', 'Pacific/Auckland', 'Pacific/Kiritimati'];
    for (const timeZone of zones) {
      for (const { month, day } of [
        { month: 8, day: 1 },
        { month: 1, day: 1 },
        { month: 12, day: 31 },
        { month: 2, day: 29 },
      ]) {
        const start = { month, day, timeZone };
        const boundary = schoolYearStartOf(2027, start).getTime();
        // Just before, at, just after the start, then back before it, and years away.
        const asked = [-1, 0, 1, -1, 0, -366 * 86_400_000, 3 * 366 * 86_400_000, -1];
        for (const offset of asked) {
          const at = new Date(boundary + offset);
          const expected =
            offset < 0 ? (offset < -86_400_000 ? 2025 : 2026) : offset > 86_400_000 ? 2030 : 2027;
          expect([timeZone, month, day, offset, schoolYearOf(at, start)]).toEqual([
            timeZone,
            month,
            day,
            offset,
            expected,
          ]);
          // The year an instant is in starts at or before it, and the next one after it.
          const year = schoolYearOf(at, start);
          expect(schoolYearStartOf(year, start).getTime()).toBeLessThanOrEqual(at.getTime());
          expect(schoolYearStartOf(year + 1, start).getTime()).toBeGreaterThan(at.getTime());
        }
      }
    }
  });
});
