import { loginKeyOf, sameLoginKey } from './login-key.js';

describe('loginKeyOf', () => {
  it('folds case, width and spaces around', () => {
    expect(loginKeyOf('  MapleGrove ')).toBe('maplegrove');
    expect(loginKeyOf('\uff2d\uff41\uff50\uff4c\uff45')).toBe('maple');
    expect(loginKeyOf('\ufb01eld')).toBe('field');
    expect(loginKeyOf('\u00a0TEST USER\u3000')).toBe('test user');
  });

  it('gives "İ" (U+0130), "I" and "i" one form, the same as the lower-cased id', () => {
    expect(loginKeyOf('MAPLEGROVE-\u0130')).toBe('maplegrove-i');
    expect(loginKeyOf('maplegrove-I')).toBe('maplegrove-i');
    expect(loginKeyOf('p\u0130neridge')).toBe(loginKeyOf('pineridge'));
    // The naive forms disagree, which is what let the throttle and the lookup part ways.
    expect('p\u0130neridge'.toLowerCase()).not.toBe('pineridge');
  });

  it('folds the final sigma and keeps ß', () => {
    expect(loginKeyOf('ΟΔΟΣ')).toBe(loginKeyOf('οδοσ'));
    expect(loginKeyOf('Straße')).toBe('straße');
  });

  it('drops the invisible characters, so a stored impostor meets its visible twin', () => {
    expect(loginKeyOf('maplegrove\u200b')).toBe('maplegrove');
    expect(sameLoginKey('\u202emaple\u2066grove\ufeff', 'MapleGrove')).toBe(true);
  });

  it('is stable: the key of a key is itself', () => {
    for (const value of ['İstanbul', 'ǅemal', 'ＡＢＣ', 'Ⅻ', 'ﬃ', 'ΣΑΣ', 'K']) {
      const key = loginKeyOf(value);
      expect(loginKeyOf(key)).toBe(key);
      expect(key.normalize('NFKC')).toBe(key);
    }
  });

  it('tells different schools apart', () => {
    expect(sameLoginKey('maplegrove', 'maple grove')).toBe(false);
    expect(sameLoginKey('Maple Grove Elementary', 'maple grove elementary')).toBe(true);
  });
});
