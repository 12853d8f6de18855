import { ERASED_MARKER } from '@lr/contracts';
import { formatAddress, formatStudent, sizeLabel } from './format-order';

describe('how a request reads', () => {
  it('says a size once when the sizing is the size', () => {
    expect(sizeLabel('One size', 'One size')).toBe('One size');
    expect(sizeLabel('Youth sizing', 'M')).toBe('Youth sizing, size M');
  });

  it('formats the stored address|district', () => {
    expect(formatAddress('12 Elm Rd|North Valley')).toBe('12 Elm Rd, North Valley');
    expect(formatAddress('12 Elm Rd|')).toBe('12 Elm Rd');
    expect(formatAddress('|')).toBe('-');
  });

  it('spells out the gender of ID_age_gender and keeps underscores in the ID', () => {
    expect(formatStudent('AB12_11_NA')).toBe('AB12, age 11, Prefer not to say');
    expect(formatStudent('A_B_9_Female')).toBe('A_B, age 9, Female');
    expect(formatStudent('free text')).toBe('free text');
  });

  it('shows an order whose personal details were erased as erased', () => {
    expect(formatStudent(ERASED_MARKER)).toBe('erased');
  });
});
