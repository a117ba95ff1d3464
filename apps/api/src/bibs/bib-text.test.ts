import { describe, expect, it } from 'vitest';
import { LETTERED_BIB_PATTERN, normaliseBibText } from './bib-text.js';

describe('normaliseBibText', () => {
  it('strips spaces, dots and separators between digits', () => {
    expect(normaliseBibText('12 345')).toEqual({ bib: '12345', repairs: 0 });
    expect(normaliseBibText('12.345')).toEqual({ bib: '12345', repairs: 0 });
    expect(normaliseBibText('1·234')).toEqual({ bib: '1234', repairs: 0 });
    expect(normaliseBibText(' 0042 ')).toEqual({ bib: '42', repairs: 0 });
  });

  it('repairs O, I/l, S, B, U inside numbers', () => {
    expect(normaliseBibText('2O26')).toEqual({ bib: '2026', repairs: 1 });
    expect(normaliseBibText('l234')).toEqual({ bib: '1234', repairs: 1 });
    expect(normaliseBibText('4S1B8')).toEqual({ bib: '45188', repairs: 2 });
    expect(normaliseBibText('7592U')).toEqual({ bib: '75920', repairs: 1 });
  });

  it('does not turn words into numbers', () => {
    for (const word of [
      'SOS',
      'BIB',
      'BOSS',
      'S1',
      'OIL',
      'RUNWAY·2026',
      'SPRINGCLASSIC2026',
      '10K',
      'I5OB',
    ])
      expect(normaliseBibText(word)).toBeNull();
  });

  it('applies the bib pattern: 1–6 digits by default, letters when the event uses them', () => {
    expect(normaliseBibText('1234567')).toBeNull();
    expect(normaliseBibText('7')).toEqual({ bib: '7', repairs: 0 });
    expect(normaliseBibText('A123')).toBeNull();
    expect(normaliseBibText('a123', LETTERED_BIB_PATTERN)).toEqual({ bib: 'A123', repairs: 0 });
    expect(normaliseBibText('123B', LETTERED_BIB_PATTERN)).toEqual({ bib: '123B', repairs: 0 });
  });
});
