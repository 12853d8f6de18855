/** An export of personal data as CSV: one row per order line, the order's details on each row. */
import type { PrivacyExport } from '@lr/contracts';
import { csvRows } from '@lr/nest-kit';

export const PRIVACY_EXPORT_CSV_HEADER = [
  'Order',
  'Created',
  'Status',
  'Delivered',
  'School',
  'Address',
  'Receiving person',
  'Teacher',
  'Phone',
  'Email',
  'Comments',
  'Personal data erased',
  'Item',
  'Size',
  'Requested quantity',
  'Given quantity',
] as const;

export function privacyExportCsv(file: PrivacyExport): string {
  const rows = file.orders.flatMap((order) => {
    const info = order.shippingInfo;
    const common = [
      order.orderNumber,
      order.createdAt,
      order.status,
      order.deliveredAt ?? '',
      order.userName,
      info.userAddress,
      info.receivingPersonName,
      info.userLoggedInDesignation,
      info.phoneNo,
      info.Email,
      info.additionalComments,
      order.personalDataErasedAt ?? '',
    ];
    const lines = order.lines.length > 0 ? order.lines : [null];
    return lines.map((line) => [
      ...common,
      line?.name ?? '',
      line?.size ?? '',
      line?.requestedQuantity ?? '',
      line?.quantity ?? '',
    ]);
  });
  return csvRows([PRIVACY_EXPORT_CSV_HEADER, ...rows]);
}

/** `privacy-export_<school>[_<student>].<ext>`, safe as a header value. */
export function privacyExportFilename(file: PrivacyExport, ext: 'json' | 'csv'): string {
  const who = [file.school.name, file.studentId].filter(Boolean).join('_');
  return `privacy-export_${who}.${ext}`.replace(/[^\w.-]/g, '_');
}
