import { addressParts, studentParts, studentSummary } from './order-parts';

describe("an order's stored student and address as labelled parts", () => {
  it('splits ID_age_gender, keeping underscores inside the id', () => {
    expect(studentParts('S-4471_9_Female')).toEqual({
      studentId: 'S-4471',
      age: '9',
      gender: 'Female',
    });
    expect(studentParts('AB_12_11_NA')).toEqual({
      studentId: 'AB_12',
      age: '11',
      gender: 'Prefer not to say',
    });
    expect(studentSummary('S-4471_9_Female')).toBe('S-4471, age 9, Female');
  });

  it('keeps a value that is not in the stored form whole, as the id', () => {
    expect(studentParts('Jo Bloggs')).toEqual({ studentId: 'Jo Bloggs', age: '', gender: '' });
    expect(studentParts('A_x_Female')).toEqual({ studentId: 'A_x_Female', age: '', gender: '' });
    expect(studentParts(undefined).studentId).toBe('');
  });

  it('splits address|district at the last bar', () => {
    expect(addressParts('120 Maple Grove Rd|North Valley')).toEqual({
      address: '120 Maple Grove Rd',
      district: 'North Valley',
    });
    expect(addressParts('1 Elm St')).toEqual({ address: '1 Elm St', district: '' });
    expect(addressParts('|')).toEqual({ address: '', district: '' });
  });
});
