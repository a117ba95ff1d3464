import { describe, expect, it } from 'vitest';
import { canonicalBib, parseBibQuery } from './bib-query.js';

describe('parseBibQuery', () => {
  it('accepts digits, trimmed, without leading zeros', () => {
    expect(parseBibQuery(' 1234 ')).toEqual({ ok: true, bib: '1234' });
    expect(parseBibQuery('007')).toEqual({ ok: true, bib: '7' });
    expect(parseBibQuery('0')).toEqual({ ok: true, bib: '0' });
    // Full-width digits from some phone keyboards.
    expect(parseBibQuery('１２３')).toEqual({ ok: true, bib: '123' });
  });

  it('refuses letters unless the event uses them', () => {
    expect(parseBibQuery('A123')).toEqual({ ok: false, error: 'A bib number has only digits.' });
    expect(parseBibQuery('a123', { allowLetters: true })).toEqual({ ok: true, bib: 'A123' });
    expect(parseBibQuery('ABC', { allowLetters: true })).toEqual({
      ok: false,
      error: 'A bib number has digits.',
    });
  });

  it('refuses spaces, long numbers, SQL, emoji and non-strings clearly', () => {
    expect(parseBibQuery('12 34')).toEqual({
      ok: false,
      error: 'Enter the bib number without spaces.',
    });
    expect(parseBibQuery('1'.repeat(40))).toEqual({
      ok: false,
      error: 'A bib number has at most 8 characters.',
    });
    expect(parseBibQuery("1' OR '1'='1")).toEqual({
      ok: false,
      error: 'Enter the bib number without spaces.',
    });
    expect(parseBibQuery('1;DROP--')).toEqual({
      ok: false,
      error: 'A bib number has only digits.',
    });
    expect(parseBibQuery('🏃123')).toEqual({ ok: false, error: 'A bib number has only digits.' });
    expect(parseBibQuery('')).toEqual({ ok: false, error: 'Enter a bib number.' });
    expect(parseBibQuery(null)).toEqual({ ok: false, error: 'Enter a bib number.' });
    expect(parseBibQuery('x'.repeat(10_000))).toMatchObject({ ok: false });
  });
});

describe('canonicalBib', () => {
  it('upper-cases and drops leading zeros after a letter prefix', () => {
    expect(canonicalBib('a007')).toBe('A7');
    expect(canonicalBib('000')).toBe('0');
  });
});
