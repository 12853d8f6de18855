import { FORM_LIMITS, shippingInfoInputSchema } from '@lr/contracts';
import { receivingPersonNameOf } from '../../lib/shipping-info';
import { shippingFormInputSchema } from './shipping-schema';

const filled = {
  studentId: 'ST-1',
  age: '9',
  gender: 'NA',
  teacherName: 'Ms Teacher',
  phoneNo: '555 0101',
  Email: 'office@school.example',
  additionalComments: '',
  // A form is complete only with the consent box ticked.
  sharingConsent: true,
};

/** What the server makes of the form (checkout sends these fields). */
function serverAccepts(form: typeof filled): boolean {
  return shippingInfoInputSchema.safeParse({
    receivingPersonName: receivingPersonNameOf({ ...form, gender: 'NA' }),
    userLoggedInDesignation: form.teacherName,
    phoneNo: form.phoneNo,
    Email: form.Email,
    additionalComments: form.additionalComments,
  }).success;
}

describe('Delivery Details limits', () => {
  it.each([
    ['studentId', 'S', FORM_LIMITS.studentIdMax],
    ['teacherName', 'T', FORM_LIMITS.teacherNameMax],
    ['phoneNo', '5', FORM_LIMITS.phoneNoMax],
    ['additionalComments', 'c', FORM_LIMITS.additionalCommentsMax],
  ] as const)('lets %s reach what the server takes, and no further', (field, letter, max) => {
    const longest = { ...filled, [field]: letter.repeat(max) };
    expect(shippingFormInputSchema.safeParse(longest).success).toBe(true);
    expect(serverAccepts(longest)).toBe(true);
    const over = { ...filled, [field]: letter.repeat(max + 1) };
    expect(shippingFormInputSchema.safeParse(over).success).toBe(false);
  });

  it('refuses an email longer than the server takes', () => {
    const local = 'a'.repeat(64);
    const over = `${local}@${'b'.repeat(FORM_LIMITS.emailMax - local.length - 4)}.org`;
    expect(over).toHaveLength(FORM_LIMITS.emailMax + 1);
    expect(shippingFormInputSchema.safeParse({ ...filled, Email: over }).success).toBe(false);
    expect(serverAccepts({ ...filled, Email: over })).toBe(false);
  });
});
