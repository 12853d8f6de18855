import { joinReceivingPersonName, shippingInfoInputSchema } from '@lr/contracts';
import { shippingFormInputSchema } from './shipping-schema';

const form = {
  studentId: 'S-1',
  gender: 'NA',
  teacherName: '',
  phoneNo: '',
  Email: 'teacher@school.example',
  additionalComments: '',
  sharingConsent: true,
};

/** Whether the server takes the student id, age and gender the form joins. */
function serverTakes(age: string): boolean {
  return shippingInfoInputSchema.safeParse({
    receivingPersonName: joinReceivingPersonName('S-1', age, 'NA'),
    Email: 'teacher@school.example',
  }).success;
}

describe('the Delivery Details age', () => {
  it.each(['9', '17', '100'])('takes %s, as the server does', (age) => {
    expect(shippingFormInputSchema.safeParse({ ...form, age }).success).toBe(true);
    expect(serverTakes(age)).toBe(true);
  });

  it.each(['1000', '9.5', 'ten'])('refuses %s, as the server does', (age) => {
    const parsed = shippingFormInputSchema.safeParse({ ...form, age });
    expect(parsed.error?.issues[0]?.message).toBe('Age must be a whole number');
    expect(serverTakes(age)).toBe(false);
  });
});
