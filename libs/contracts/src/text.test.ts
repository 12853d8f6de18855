import { hasControlCharacters, textSchema } from './text.js';

describe('textSchema', () => {
  it.each(['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u2028', '\u2029', '\n', '\t'])(
    'refuses U+%s in a single-line field',
    (char) => {
      expect(textSchema().safeParse(`a${char}b`).success).toBe(false);
    },
  );

  it('allows line breaks and tabs, and nothing else, in a multi-line field', () => {
    const multiline = textSchema({ multiline: true });
    expect(multiline.parse('line one\r\nline two\tend')).toBe('line one\r\nline two\tend');
    for (const char of ['\u0000', '\u0007', '\u000b', '\u001b', '\u007f', '\u2028']) {
      expect(multiline.safeParse(`a${char}b`).success).toBe(false);
    }
  });

  it.each(['\u200b', '\u200d', '\u200f', '\u202a', '\u202e', '\u2066', '\u2069', '\ufeff'])(
    'refuses the invisible U+%s in single- and multi-line fields, naming it',
    (char) => {
      const result = textSchema().safeParse(`maplegrove${char}`);
      expect(result.error?.issues[0]?.message).toContain('invisible characters');
      expect(textSchema({ multiline: true }).safeParse(`a${char}b`).success).toBe(false);
    },
  );

  it('keeps ordinary text, accents and emoji', () => {
    expect(hasControlCharacters('Café Ünïcode 🧥 <b> "quoted" ~!@#')).toBe(false);
    expect(textSchema().trim().max(10).parse('  Zoë  ')).toBe('Zoë');
  });

  it('names the problem', () => {
    const result = textSchema().safeParse('a\u0000');
    expect(result.error?.issues[0]?.message).toContain('control characters');
  });

  it("says a missing field is required in its own words, and keeps zod's for a wrong type", () => {
    const required = textSchema({ requiredMessage: 'is required' });
    expect(required.safeParse(undefined).error?.issues[0]?.message).toBe('is required');
    expect(required.safeParse(42).error?.issues[0]?.message).toMatch(/expected string/);
    expect(required.safeParse('a\u0000').error?.issues[0]?.message).toContain('control characters');
  });
});
