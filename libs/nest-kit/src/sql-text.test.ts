import { escapeLike, isUuid, likeContaining } from './sql-text.js';

describe('isUuid', () => {
  it('accepts a uuid in either case and refuses anything else', () => {
    expect(isUuid('3f1c2b7e-8d4a-4c1e-9f2a-0b1c2d3e4f5a')).toBe(true);
    expect(isUuid('3F1C2B7E-8D4A-4C1E-9F2A-0B1C2D3E4F5A')).toBe(true);
    expect(isUuid("1' OR '1'='1")).toBe(false);
    expect(isUuid('3f1c2b7e-8d4a-4c1e-9f2a-0b1c2d3e4f5a ')).toBe(false);
    expect(isUuid('3f1c2b7e8d4a4c1e9f2a0b1c2d3e4f5a')).toBe(false);
    expect(isUuid('')).toBe(false);
  });
});

describe('LIKE patterns', () => {
  it('escapes the wildcards and the escape character', () => {
    expect(escapeLike('50%_off\\x')).toBe('50\\%\\_off\\\\x');
    expect(escapeLike('plain')).toBe('plain');
  });

  it('matches anywhere', () => {
    expect(likeContaining('a_b')).toBe('%a\\_b%');
  });
});
