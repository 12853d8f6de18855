/** Dates display as MM-DD-YYYY hh:mm a, in the browser's local time. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours24 = date.getHours();
  const hours12 = hours24 % 12 === 0 ? 12 : hours24 % 12;
  const meridiem = hours24 < 12 ? 'am' : 'pm';
  return (
    `${pad(date.getMonth() + 1)}-${pad(date.getDate())}-${date.getFullYear()} ` +
    `${pad(hours12)}:${pad(date.getMinutes())} ${meridiem}`
  );
}

/**
 * A calendar day as MM-DD-YYYY. A `YYYY-MM-DD` text (a donation's day, a report week) is
 * rearranged as written: read as a Date it would be UTC midnight, the day before west of Greenwich.
 */
export function formatDay(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
    if (day) return `${day[2]}-${day[3]}-${day[1]}`;
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getMonth() + 1)}-${pad(date.getDate())}-${date.getFullYear()}`;
}
