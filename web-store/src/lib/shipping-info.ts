/**
 * Delivery details of the checkout in progress (the order's Shipping info), and the teacher's
 * contact details a school chose to have remembered.
 *
 * Student details (id, age, gender) and the comments identify a child: they live only in this
 * tab's sessionStorage for the length of one checkout and are wiped once the order is placed (and
 * on logout), so the next checkout starts empty and a shared school computer keeps nothing about
 * the student. The teacher's name, phone and e-mail are kept in localStorage only when the school
 * ticks "Remember my contact details on this computer", and only for that school's account.
 */
import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import {
  GENDERS,
  joinReceivingPersonName,
  shippingInfoSchema,
  type ShippingInfo,
} from '@lr/contracts';
import { removeStored, storedValue } from './storage';

export const shippingFormSchema = z.object({
  studentId: z.string(),
  age: z.string(),
  gender: z.union([z.enum(GENDERS), z.literal('')]),
  teacherName: z.string(),
  phoneNo: z.string(),
  Email: z.string(),
  additionalComments: z.string(),
  /**
   * The school confirmed it may share the student's details for this request (the box on the
   * Delivery Details step). Details saved before the question existed read as not confirmed, so
   * the school is asked again before ordering.
   */
  sharingConsent: z.boolean().default(false),
});
export type ShippingForm = z.infer<typeof shippingFormSchema>;

// The order-shaped value is the shared Shipping info of the order contract.
export { shippingInfoSchema, type ShippingInfo };

const checkoutDetails = storedValue<{ form: ShippingForm; info: ShippingInfo } | null>(
  'checkoutDetails',
  z.object({ form: shippingFormSchema, info: shippingInfoSchema }).nullable(),
  null,
  'session',
);

const LEGACY_SHIPPING_KEY = 'shippingInfo';

export function saveShipping(form: ShippingForm, info: ShippingInfo): void {
  checkoutDetails.set({ form, info });
}

export function getShipping() {
  return checkoutDetails.get();
}

export function useShipping() {
  return useSyncExternalStore(checkoutDetails.subscribe, checkoutDetails.get, checkoutDetails.get);
}

/** Forgets the checkout's delivery details, the student's included (order placed, logout). */
export function forgetShipping(): void {
  checkoutDetails.clear();
  forgetLegacyShipping();
}

/** Older versions kept every delivery field, the student's too, in localStorage for good. */
export function forgetLegacyShipping(): void {
  removeStored(LEGACY_SHIPPING_KEY);
}

export type ContactDetails = Pick<ShippingForm, 'teacherName' | 'phoneNo' | 'Email'>;

const rememberedContact = storedValue<(ContactDetails & { school: string }) | null>(
  'rememberedContact',
  z
    .object({ school: z.string(), teacherName: z.string(), phoneNo: z.string(), Email: z.string() })
    .nullable(),
  null,
);

/** The contact details this school asked this computer to remember, or null. */
export function rememberedContactFor(schoolId: string): ContactDetails | null {
  const stored = rememberedContact.get();
  if (!stored || stored.school !== schoolId) return null;
  const { teacherName, phoneNo, Email } = stored;
  return { teacherName, phoneNo, Email };
}

export function rememberContact(schoolId: string, contact: ContactDetails): void {
  const { teacherName, phoneNo, Email } = contact;
  rememberedContact.set({ school: schoolId, teacherName, phoneNo, Email });
}

/** Forgets this school's remembered contact details (another school's are not this one's to drop). */
export function forgetContact(schoolId: string): void {
  if (rememberedContact.get()?.school === schoolId) rememberedContact.clear();
}

/** Student id, age and gender joined by underscores. */
export function receivingPersonNameOf(form: Pick<ShippingForm, 'studentId' | 'age' | 'gender'>) {
  return joinReceivingPersonName(form.studentId, form.age, form.gender);
}

/** Address and district joined by a bar. */
export function userAddressOf(address: string | undefined, district: string | undefined): string {
  return `${address ?? ''}|${district ?? ''}`;
}
