import { calendarText, escapeText, foldLine } from './ics.js';

describe('iCalendar text', () => {
  it('escapes backslashes, semicolons, commas and newlines in text values', () => {
    expect(escapeText('a\\b; c, d\ne')).toBe('a\\\\b\\; c\\, d\\ne');
  });

  it('folds lines at 75 octets without splitting a character', () => {
    const long = `DESCRIPTION:${'é'.repeat(60)}`;
    const folded = foldLine(long);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    for (const line of lines.slice(1)) expect(line.startsWith(' ')).toBe(true);
    expect(lines.map((l, i) => (i === 0 ? l : l.slice(1))).join('')).toBe(long);
  });

  it('writes slot times in UTC and delivery days as all-day dates, CRLF throughout', () => {
    const stamp = new Date('2026-11-20T10:00:00Z');
    const text = calendarText('Pickups', 'America/Los_Angeles', [
      {
        uid: 'a@x',
        stamp,
        summary: 'Pickup, LR-000001',
        description: 'Line one\nLine two',
        pickup: {
          kind: 'slot',
          slotId: '6f1d3a52-3c1e-4f0b-9a3e-2b7f0c1d2e01',
          date: '2026-12-01',
          start: '2026-12-01T22:00:00.000Z',
          end: '2026-12-02T00:00:00.000Z',
          timeZone: 'America/Los_Angeles',
        },
      },
      {
        uid: 'b@x',
        stamp,
        summary: 'Delivery',
        description: '',
        pickup: { kind: 'delivery', date: '2026-12-31' },
      },
    ]);
    expect(text).toContain('\r\nDTSTART:20261201T220000Z\r\nDTEND:20261202T000000Z\r\n');
    expect(text).toContain('SUMMARY:Pickup\\, LR-000001');
    expect(text).toContain('DESCRIPTION:Line one\\nLine two');
    expect(text).toContain('DTSTART;VALUE=DATE:20261231\r\nDTEND;VALUE=DATE:20270101');
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n|\r/);
  });
});
