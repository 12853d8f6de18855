/**
 * The printable request form's state: every field its own value (the old form shared one state
 * between several inputs) and item rows that can be added and removed.
 */
import { z } from 'zod';
import { STUDENT_AGE_PATTERN } from '@lr/contracts';

export interface RequestRow {
  id: number;
  item: string;
  size: string;
  quantity: string;
}

export interface RequestFormState {
  fullName: string;
  facultyId: string;
  schoolName: string;
  schoolAddress: string;
  email: string;
  phone: string;
  gender: string;
  age: string;
  rows: RequestRow[];
}

export const REQUEST_GENDERS = [
  { value: '', label: 'Select a gender' },
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
  { value: 'na', label: "Don't wish to answer" },
] as const;

let nextRowId = 1;
export function newRow(values: Partial<Omit<RequestRow, 'id'>> = {}): RequestRow {
  return { id: nextRowId++, item: '', size: '', quantity: '1', ...values };
}

export function initialRequestForm(prefill: {
  item?: string | null;
  size?: string | null;
  subCategory?: string | null;
  /** The signed-in school's name and address. */
  schoolName?: string | undefined;
  schoolAddress?: string | undefined;
}): RequestFormState {
  const item = [prefill.item, prefill.subCategory].filter(Boolean).join(' - ');
  return {
    fullName: '',
    facultyId: '',
    schoolName: prefill.schoolName ?? '',
    schoolAddress: prefill.schoolAddress ?? '',
    email: '',
    phone: '',
    gender: '',
    age: '',
    rows: [newRow({ item, size: prefill.size ?? '' })],
  };
}

export function addRow(state: RequestFormState): RequestFormState {
  return { ...state, rows: [...state.rows, newRow()] };
}

/** The last row stays: a form always has at least one line. */
export function removeRow(state: RequestFormState, id: number): RequestFormState {
  if (state.rows.length <= 1) return state;
  return { ...state, rows: state.rows.filter((row) => row.id !== id) };
}

export function updateRow(
  state: RequestFormState,
  id: number,
  changes: Partial<Omit<RequestRow, 'id'>>,
): RequestFormState {
  return {
    ...state,
    rows: state.rows.map((row) => (row.id === id ? { ...row, ...changes } : row)),
  };
}

export const requestFormSchema = z.object({
  fullName: z.string().trim().min(1, 'Full name is required'),
  facultyId: z.string().trim(),
  schoolName: z.string().trim().min(1, 'School name is required'),
  schoolAddress: z.string().trim(),
  email: z.union([z.literal(''), z.string().trim().email('Please enter a valid email')]),
  phone: z.string().trim(),
  gender: z.string(),
  age: z.union([
    z.literal(''),
    z.string().regex(STUDENT_AGE_PATTERN, 'Age must be a whole number'),
  ]),
  rows: z
    .array(
      z.object({
        id: z.number(),
        item: z.string().trim().min(1, 'Each row needs an item'),
        size: z.string().trim(),
        quantity: z.string().regex(/^[1-9]\d*$/, 'Quantity must be at least 1'),
      }),
    )
    .min(1),
});
