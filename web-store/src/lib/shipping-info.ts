/**
 * Delivery details kept in localStorage (Shipping info). The form's own fields are
 * stored beside the order-shaped value so the form can be refilled when the school comes back.
 */
import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import {
  GENDERS,
  joinReceivingPersonName,
  shippingInfoSchema,
  type ShippingInfo,
} from '@lr/contracts';
import { storedValue } from './storage';

export const shippingFormSchema = z.object({
  studentId: z.string(),
  age: z.string(),
  gender: z.union([z.enum(GENDERS), z.literal('')]),
  teacherName: z.string(),
  phoneNo: z.string(),
  Email: z.string(),
  additionalComments: z.string(),
});
export type ShippingForm = z.infer<typeof shippingFormSchema>;

// The order-shaped value is the shared Shipping info of the order contract.
export { shippingInfoSchema, type ShippingInfo };

const storedShipping = storedValue<{ form: ShippingForm; info: ShippingInfo } | null>(
  'shippingInfo',
  z.object({ form: shippingFormSchema, info: shippingInfoSchema }).nullable(),
  null,
);

export function saveShipping(form: ShippingForm, info: ShippingInfo): void {
  storedShipping.set({ form, info });
}

export function getShipping() {
  return storedShipping.get();
}

export function useShipping() {
  return useSyncExternalStore(storedShipping.subscribe, storedShipping.get, storedShipping.get);
}

/** Student id, age and gender joined by underscores. */
export function receivingPersonNameOf(form: Pick<ShippingForm, 'studentId' | 'age' | 'gender'>) {
  return joinReceivingPersonName(form.studentId, form.age, form.gender);
}

/** Address and district joined by a bar. */
export function userAddressOf(address: string | undefined, district: string | undefined): string {
  return `${address ?? ''}|${district ?? ''}`;
}
