import {
  ERASED_MARKER,
  PERSONAL_FIELD_NAMES,
  erasedPersonalFields,
  normaliseStudentId,
  schoolYearOf,
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
});
