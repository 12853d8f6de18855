/**
 * CSV writing (RFC 4180): fields with a comma, quote, CR or LF are quoted and quotes doubled; rows
 * end with CRLF. Text that a spreadsheet would run as a formula (starting with =, +, -, @, tab or
 * CR) is prefixed with a single quote, so a school named "=HYPERLINK(...)" stays plain text.
 */

export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  // Our own numbers (counts, quantities) are data, never formulas: only text is neutralised.
  let text = typeof value === 'number' ? String(value) : value;
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

export function csvRows(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map(csvRow).join('');
}
