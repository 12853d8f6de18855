import { toEntryBody } from './order-entry';

describe('a request entered for a school, as the console sends it', () => {
  it('joins the student as the store does and keeps only a reason given', () => {
    expect(
      toEntryBody({
        schoolId: 'school-1',
        studentId: ' AB 12 ',
        age: 9,
        gender: 'NA',
        Email: 'office@school.example',
        studentLimitReason: '  ',
        lines: [{ productId: 'p-1', size: 'M', quantity: '2' as unknown as number }],
      }),
    ).toEqual({
      schoolId: 'school-1',
      shippingInfo: {
        receivingPersonName: 'AB 12_9_NA',
        userLoggedInDesignation: '',
        phoneNo: '',
        Email: 'office@school.example',
        additionalComments: '',
      },
      lines: [{ productId: 'p-1', size: 'M', quantity: 2 }],
    });
    expect(
      toEntryBody({
        schoolId: 's',
        studentId: 'X',
        age: 10,
        gender: 'Male',
        Email: 'a@b.example',
        studentLimitReason: ' Lost in a flood ',
      }).studentLimitReason,
    ).toBe('Lost in a flood');
  });
});
