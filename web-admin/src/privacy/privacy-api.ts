/** The console's privacy calls (admins): erase personal data now, and the export's download URL. */
import type { PrivacyEraseInput, PrivacyEraseResult, privacyEraseInputSchema } from '@lr/contracts';
import { httpClient, jsonBody, queryString } from '../http';

export async function erasePersonalData(input: PrivacyEraseInput): Promise<PrivacyEraseResult> {
  const { json } = await httpClient('/api/console/privacy/erasures', {
    method: 'POST',
    body: jsonBody<typeof privacyEraseInputSchema>(input),
  });
  return json as PrivacyEraseResult;
}

export function privacyExportUrl(
  school: string,
  studentId: string,
  format: 'json' | 'csv',
): string {
  return `/api/console/privacy/export${queryString({ school, studentId: studentId.trim(), format })}`;
}

export function erasedCountText(result: PrivacyEraseResult): string {
  const n = result.erasedOrderIds.length;
  if (n === 0) return 'Nothing to erase: no order holds these details any more';
  return `Personal details erased from ${n} ${n === 1 ? 'order' : 'orders'}`;
}
