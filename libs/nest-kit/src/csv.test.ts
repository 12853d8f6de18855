import { csvCell, csvRow } from './csv.js';

describe('csv', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvCell('Ballet flats')).toBe('Ballet flats');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
  });

  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('Shoes, black')).toBe('"Shoes, black"');
    expect(csvCell('12" ruler')).toBe('"12"" ruler"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
  });

  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])('neutralises the formula %j', (text) => {
    expect(csvCell(text).replace(/^"/, '')).toMatch(/^'/);
  });

  it('quotes a neutralised formula that also holds a comma', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
  });

  it('ends rows with CRLF', () => {
    expect(csvRow(['a', 1, null])).toBe('a,1,\r\n');
  });
});
