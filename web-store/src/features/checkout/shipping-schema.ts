/** Delivery Details validation; the lengths are the server's (FORM_LIMITS). */
import { z } from 'zod';
import { FORM_LIMITS, GENDERS, STUDENT_AGE_PATTERN, UI_MESSAGES } from '@lr/contracts';

const { studentIdMax, teacherNameMax, phoneNoMax, emailMax, additionalCommentsMax } = FORM_LIMITS;

export { GENDER_LABELS } from '../../lib/format-order';

export const shippingFormInputSchema = z.object({
  studentId: z
    .string()
    .trim()
    .min(1, 'Student ID is required')
    .max(studentIdMax, `Student ID is at most ${studentIdMax} characters`),
  age: z
    .string()
    .trim()
    .min(1, 'Age is required')
    .regex(STUDENT_AGE_PATTERN, 'Age must be a whole number')
    .refine((value) => Number(value) >= 1, 'Age must be at least 1'),
  gender: z.enum(GENDERS, { message: UI_MESSAGES.selectGender }),
  teacherName: z
    .string()
    .trim()
    .max(teacherNameMax, `Teacher's name is at most ${teacherNameMax} characters`),
  phoneNo: z
    .string()
    .trim()
    .max(phoneNoMax, `Phone number is at most ${phoneNoMax} characters`)
    .regex(/^[0-9+()\-.\s]*$/, 'Phone number may only contain digits, spaces and + ( ) - .'),
  Email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .max(emailMax, `Email is at most ${emailMax} characters`)
    .pipe(z.email('Please enter a valid email')),
  additionalComments: z
    .string()
    .trim()
    .max(additionalCommentsMax, `Comments are at most ${additionalCommentsMax} characters`),
  sharingConsent: z.literal(true, {
    error: "Please confirm that you may share the student's details for this request",
  }),
});

/** The consent box's label: what the school agrees to, in plain words. */
export const SHARING_CONSENT_LABEL =
  "I confirm our school may share the student's and teacher's details above with Locker Room " +
  'for this request. They are erased once the request is finished, as our Privacy Policy says.';

export type ShippingFieldErrors = Partial<
  Record<keyof z.infer<typeof shippingFormInputSchema>, string>
>;

export function fieldErrorsOf(error: z.ZodError): ShippingFieldErrors {
  const errors: ShippingFieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as keyof ShippingFieldErrors | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The demo TEST USER gets prefilled, locked delivery fields. */
export const TEST_USER_SHIPPING = {
  studentId: 'TEST0001',
  age: '10',
  gender: 'NA',
  teacherName: 'Test Teacher',
  phoneNo: '000-000-0000',
  Email: 'test.user@example.org',
  additionalComments: 'Demo order',
  // Asked of the TEST USER too: the box is never ticked for anyone.
  sharingConsent: false,
} as const;
