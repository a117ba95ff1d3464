import { describe, expect, it } from 'vitest';
import type { DecodedChar } from './ctc.js';
import { decoyKind } from './decoys.js';
import {
  bibNumberPart,
  DIGITS_BIB_PATTERN,
  LETTERED_BIB_PATTERN,
  normaliseBibText,
} from './bib-text.js';

/** Recogniser characters for a text, each letter given the probability that it was a digit. */
function read(text: string, digitProb: (c: string) => number): DecodedChar[] {
  return [...text].map((char, i) => ({
    char,
    prob: 0.98,
    digit: '8',
    digitProb: /[0-9]/.test(char) ? 0.98 : digitProb(char),
    at: (i + 0.5) / text.length,
  }));
}

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
    expect(normaliseBibText('O123')).toEqual({ bib: '123', repairs: 1 });
    expect(normaliseBibText('I234')).toEqual({ bib: '1234', repairs: 1 });
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
      'BIB 2026',
    ])
      expect(normaliseBibText(word)).toBeNull();
  });

  it('keeps a prefix of one or two letters, with or without a space or hyphen', () => {
    expect(normaliseBibText('A1234')).toEqual({ bib: 'A1234', repairs: 0 });
    expect(normaliseBibText('F-123')).toEqual({ bib: 'F123', repairs: 0 });
    expect(normaliseBibText('M 56')).toEqual({ bib: 'M56', repairs: 0 });
    expect(normaliseBibText('a123')).toEqual({ bib: 'A123', repairs: 0 });
    expect(normaliseBibText('HB 007')).toEqual({ bib: 'HB7', repairs: 0 });
  });

  it('keeps a one-letter suffix', () => {
    expect(normaliseBibText('1234B')).toEqual({ bib: '1234B', repairs: 0 });
    expect(normaliseBibText('423A')).toEqual({ bib: '423A', repairs: 0 });
    expect(normaliseBibText('4X')).toEqual({ bib: '4X', repairs: 0 });
  });

  it('tells a B prefix from an 8 by what the recogniser saw at that place', () => {
    // The recogniser read a B and gave the digit 8 no weight there: the bib is B5618.
    expect(
      normaliseBibText(
        'B5618',
        LETTERED_BIB_PATTERN,
        read('B5618', () => 0.01),
      ),
    ).toEqual({
      bib: 'B5618',
      repairs: 0,
    });
    // It read B but nearly read 8: the digit is the likelier print, as in 85618.
    expect(
      normaliseBibText(
        'B5618',
        LETTERED_BIB_PATTERN,
        read('B5618', () => 0.4),
      ),
    ).toEqual({
      bib: '85618',
      repairs: 1,
    });
    expect(normaliseBibText('85618')).toEqual({ bib: '85618', repairs: 0 });
    expect(
      normaliseBibText(
        '26B',
        LETTERED_BIB_PATTERN,
        read('26B', () => 0.05),
      ),
    ).toEqual({
      bib: '26B',
      repairs: 0,
    });
    // Set apart by a space, a B is a printed letter whatever the recogniser hesitated over.
    expect(
      normaliseBibText(
        'B 5618',
        LETTERED_BIB_PATTERN,
        read('B 5618', () => 0.4),
      ),
    ).toEqual({
      bib: 'B5618',
      repairs: 0,
    });
  });

  it('repairs the letters when the event prints digits only', () => {
    expect(normaliseBibText('A123', DIGITS_BIB_PATTERN)).toBeNull();
    expect(normaliseBibText('B5618', DIGITS_BIB_PATTERN)).toEqual({ bib: '85618', repairs: 1 });
    expect(normaliseBibText('1234567')).toBeNull();
    expect(normaliseBibText('7')).toEqual({ bib: '7', repairs: 0 });
  });

  it('does not return decoy numbers: times, distances, phones, corrals and waves', () => {
    for (const decoy of [
      '07:45',
      '7:45',
      '21K',
      '10 KM',
      '42.2',
      '21,1',
      'HALF 21K',
      'KM 35',
      'MILE 20',
      '0800 123 4567',
      'CORRAL 2',
      'WAVE 3',
      'FINISH 2026',
    ])
      expect(normaliseBibText(decoy), decoy).toBeNull();
  });
});

describe('decoyKind', () => {
  it('names the kind of decoy', () => {
    expect(decoyKind('07:45')).toBe('time');
    expect(decoyKind('21K')).toBe('distance');
    expect(decoyKind('42.2')).toBe('distance');
    expect(decoyKind('BIB 2026')).toBe('word');
    expect(decoyKind('0800 123 4567')).toBe('phone');
    for (const bib of ['1234', '12.345', 'A1234', 'F-123', 'M 56', '1234B', '2026', '1OOO'])
      expect(decoyKind(bib), bib).toBeNull();
  });
});

describe('bibNumberPart', () => {
  it('is the number of a lettered bib, as a visitor may type it', () => {
    expect(bibNumberPart('F123')).toBe('123');
    expect(bibNumberPart('A1234')).toBe('1234');
    expect(bibNumberPart('1234B')).toBe('1234');
    expect(bibNumberPart('a007')).toBe('7');
    expect(bibNumberPart('1234')).toBeNull();
  });
});
