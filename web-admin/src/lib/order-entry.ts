import type { z } from 'zod';
import type { consoleNewOrderBodySchema } from '@lr/contracts';

/** The console's order entry form as `POST /api/console/orders` takes it. */
export interface EntryForm {
  schoolId: string;
  studentId: string;
  age: number;
  gender: string;
  teacher?: string;
  phoneNo?: string;
  Email: string;
  additionalComments?: string;
  studentLimitReason?: string;
  lines?: { productId: string; size: string; quantity: number }[];
}

/** The form's fields as `POST /api/console/orders` takes them (the store's checkout shape). */
export function toEntryBody(form: EntryForm): z.input<typeof consoleNewOrderBodySchema> {
  const reason = form.studentLimitReason?.trim();
  return {
    schoolId: form.schoolId,
    shippingInfo: {
      receivingPersonName: `${form.studentId.trim()}_${form.age}_${form.gender}`,
      userLoggedInDesignation: form.teacher ?? '',
      phoneNo: form.phoneNo ?? '',
      Email: form.Email,
      additionalComments: form.additionalComments ?? '',
    },
    lines: (form.lines ?? []).map((line) => ({
      productId: line.productId,
      size: line.size,
      quantity: Number(line.quantity),
    })),
    ...(reason ? { studentLimitReason: reason } : {}),
  };
}
