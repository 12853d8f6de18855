/**
 * iCalendar text (RFC 5545): escaped TEXT values (backslash, semicolon, comma, newline), lines
 * folded at 75 octets without splitting a UTF-8 character, CRLF line ends. Times are written in UTC
 * (the `Z` form needs no VTIMEZONE); delivery days are all-day dates.
 */
import type { OrderPickup } from '@lr/contracts';

export interface CalendarEvent {
  uid: string;
  pickup: OrderPickup;
  summary: string;
  description: string;
  /** When the order was last changed (DTSTAMP). */
  stamp: Date;
}

export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Splits a content line into 75-octet pieces; each continuation starts with one space. */
export function foldLine(line: string): string {
  const pieces: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // The first line holds 75 octets; a continuation's leading space takes one of its 75.
    const limit = pieces.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      pieces.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  pieces.push(current);
  return pieces.join('\r\n ');
}

function utc(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function day(date: string): string {
  return date.replace(/-/g, '');
}

function nextDay(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10).replace(/-/g, '');
}

function eventLines(event: CalendarEvent): string[] {
  const { pickup } = event;
  const when =
    pickup.kind === 'slot'
      ? [`DTSTART:${utc(new Date(pickup.start))}`, `DTEND:${utc(new Date(pickup.end))}`]
      : [`DTSTART;VALUE=DATE:${day(pickup.date)}`, `DTEND;VALUE=DATE:${nextDay(pickup.date)}`];
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utc(event.stamp)}`,
    ...when,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    'END:VEVENT',
  ];
}

export function calendarText(name: string, timeZone: string, events: CalendarEvent[]): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Locker Room//Pickups//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
    `X-WR-TIMEZONE:${timeZone}`,
    ...events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
