/** Cursors of the user walks: the last row's sort key and id (nest-kit keyset-cursor). */
import { decodeKeyset, encodeKeyset, isUuid } from '@lr/nest-kit';
import { z } from 'zod';

const noNul = (text: string) => !text.includes('\u0000');
/** [text, id]: a name or a login id, then the row's id. */
const textAndIdSchema = z.tuple([z.string().max(200).refine(noNul), z.string().refine(isUuid)]);

/** The by-name walk (the login dropdown). */
export function encodeNameKeyset(row: { name: string; id: string }): string {
  return encodeKeyset([row.name, row.id]);
}

export function decodeNameKeyset(cursor: string | null | undefined) {
  const key = decodeKeyset(cursor, textAndIdSchema);
  return key && { name: key[0], id: key[1] };
}

/** The cursor of the by-login-id walk (all users for the old admin table). */
export function encodeLoginIdKeyset(row: { loginId: string; id: string }): string {
  return encodeKeyset([row.loginId, row.id]);
}

export function decodeLoginIdKeyset(cursor: string | null | undefined) {
  const key = decodeKeyset(cursor, textAndIdSchema);
  return key && { loginId: key[0], id: key[1] };
}
