import type { GENDERS } from '@lr/contracts';

/**
 * The stored forms of an order's student (`ID_age_gender`) and address (`address|district`) are the
 * original app's wire formats; the console shows their parts as labelled fields.
 */

const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  Male: 'Male',
  Female: 'Female',
  NA: 'Prefer not to say',
};

export interface StudentParts {
  studentId: string;
  age: string;
  gender: string;
}

/** `AB_12_11_NA` -> AB_12, 11, Prefer not to say (student ids may hold underscores). */
export function studentParts(receivingPersonName: string | undefined): StudentParts {
  const raw = receivingPersonName ?? '';
  const parts = raw.split('_');
  if (parts.length < 3) return { studentId: raw, age: '', gender: '' };
  const gender = parts.pop() ?? '';
  const age = parts.pop() ?? '';
  if (!/^\d+$/.test(age) || !(gender in GENDER_LABELS)) {
    return { studentId: raw, age: '', gender: '' };
  }
  return {
    studentId: parts.join('_'),
    age,
    gender: GENDER_LABELS[gender as keyof typeof GENDER_LABELS],
  };
}

/** `12 Elm Rd|North Valley` -> 12 Elm Rd, North Valley (an address without `|` is all address). */
export function addressParts(userAddress: string | undefined): {
  address: string;
  district: string;
} {
  const raw = userAddress ?? '';
  const cut = raw.lastIndexOf('|');
  if (cut < 0) return { address: raw.trim(), district: '' };
  return { address: raw.slice(0, cut).trim(), district: raw.slice(cut + 1).trim() };
}

/** One line for a list: `AB12, age 11, Female`. */
export function studentSummary(receivingPersonName: string | undefined): string {
  const { studentId, age, gender } = studentParts(receivingPersonName);
  return [studentId, age ? `age ${age}` : '', gender].filter(Boolean).join(', ');
}
