import type { GENDERS } from '@lr/contracts';

/**
 * How the parts of a request read on screen. The stored forms (`ID_age_gender`, `address|district`,
 * SubCategory and size) are the old API's wire formats; people see plain words.
 */

/** 'One size' sizing with size 'One size' reads once, not 'One size | One size'. */
export function sizeLabel(subCategory: string, size: string): string {
  if (!subCategory || subCategory.trim() === size.trim()) return size;
  return `${subCategory}, size ${size}`;
}

/** `12 Elm Rd|North Valley` reads `12 Elm Rd, North Valley`; empty parts are left out. */
export function formatAddress(userAddress: string): string {
  const parts = userAddress
    .split('|')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return parts.length > 0 ? parts.join(', ') : '-';
}

export const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  Male: 'Male',
  Female: 'Female',
  NA: 'Prefer not to say',
};

/** `AB12_11_NA` reads `AB12, age 11, Prefer not to say` (student IDs may hold underscores). */
export function formatStudent(receivingPersonName: string): string {
  const parts = receivingPersonName.split('_');
  if (parts.length < 3) return receivingPersonName;
  const gender = parts.pop() ?? '';
  const age = parts.pop() ?? '';
  if (!/^\d+$/.test(age) || !(gender in GENDER_LABELS)) return receivingPersonName;
  return `${parts.join('_')}, age ${age}, ${GENDER_LABELS[gender as keyof typeof GENDER_LABELS]}`;
}
