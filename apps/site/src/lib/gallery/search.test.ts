import { describe, expect, it } from 'vitest';
import { deepLinkPhoto, galleryQuery, noResultsText, resultsText, sameSearch, searchFromParams, searchParamsFor, validateSearch } from './search';

const both = { bib_search: true, name_search: true };

describe('search in the URL', () => {
  it('reads ?bib= and ?name= when the event offers that search', () => {
    expect(searchFromParams(new URLSearchParams('bib=a17'), both)).toEqual({ kind: 'bib', value: 'A17' });
    expect(searchFromParams(new URLSearchParams('name=%20maria%20%20silva'), both)).toEqual({ kind: 'name', value: 'maria silva' });
    expect(searchFromParams({ bib: ['1234', '5'] }, both)).toEqual({ kind: 'bib', value: '1234' });
    expect(searchFromParams(new URLSearchParams('bib=1234'), { bib_search: false, name_search: true })).toBeNull();
    expect(searchFromParams(new URLSearchParams('name=maria'), { bib_search: true, name_search: false })).toBeNull();
  });

  it('ignores what the contract would refuse', () => {
    for (const q of ['bib=', 'bib=12%2034', 'bib=%F0%9F%8F%83', `bib=${'1'.repeat(40)}`, 'name=a', `name=${'x'.repeat(81)}`]) {
      expect(searchFromParams(new URLSearchParams(q), both)).toBeNull();
    }
  });

  it('prefers the bib when both are given', () => {
    expect(searchFromParams(new URLSearchParams('name=maria&bib=7'), both)).toEqual({ kind: 'bib', value: '7' });
  });

  it('writes the query back, with a photo', () => {
    expect(galleryQuery(null)).toBe('');
    expect(galleryQuery({ kind: 'bib', value: '1234' })).toBe('?bib=1234');
    expect(galleryQuery({ kind: 'name', value: 'maria silva' }, 'abc')).toBe('?name=maria+silva&photo=abc');
    expect(searchParamsFor({ kind: 'name', value: 'x' })).toEqual({ name: 'x' });
    expect(sameSearch({ kind: 'bib', value: '1' }, { kind: 'bib', value: '1' })).toBe(true);
    expect(sameSearch({ kind: 'bib', value: '1' }, null)).toBe(false);
  });

  it('words the outcome', () => {
    expect(noResultsText({ kind: 'bib', value: '1234' })).toBe('No photos found for bib 1234');
    expect(noResultsText({ kind: 'name', value: 'maria' })).toBe('No photos found for "maria"');
    expect(resultsText({ kind: 'bib', value: '1234' }, 1)).toBe('1 photo of bib 1234');
    expect(resultsText({ kind: 'name', value: 'maria' }, 1500)).toBe('1,500 photos matching "maria"');
  });
});

describe('what the visitor types', () => {
  it('refuses letters with spaces, emoji, 40 digits and blanks with inline messages', () => {
    expect(validateSearch('bib', '12 34')).toEqual({ ok: false, error: 'A bib number is 1 to 10 letters or digits' });
    expect(validateSearch('bib', '🏃‍♀️')).toEqual({ ok: false, error: 'A bib number is 1 to 10 letters or digits' });
    expect(validateSearch('bib', '1'.repeat(40))).toEqual({ ok: false, error: 'A bib number is 1 to 10 letters or digits' });
    expect(validateSearch('bib', '   ')).toEqual({ ok: false, error: 'Enter a bib number' });
    expect(validateSearch('name', 'm')).toEqual({ ok: false, error: 'Type at least 2 letters of the name' });
    expect(validateSearch('name', 'x'.repeat(81))).toEqual({ ok: false, error: 'A name search is at most 80 characters' });
  });

  it('accepts and normalises good input', () => {
    expect(validateSearch('bib', ' a17 ')).toEqual({ ok: true, search: { kind: 'bib', value: 'A17' } });
    expect(validateSearch('name', '  María   José ')).toEqual({ ok: true, search: { kind: 'name', value: 'María José' } });
  });
});

describe('deep links', () => {
  it('accepts a uuid (any case) and nothing else', () => {
    expect(deepLinkPhoto('EBE13A4B-71F3-4939-B744-A2FE4A5D9BB1')).toBe('ebe13a4b-71f3-4939-b744-a2fe4a5d9bb1');
    for (const bad of [null, undefined, '', 'abc', '../../etc/passwd', 'ebe13a4b-71f3-4939-b744-a2fe4a5d9bb1x', '<script>']) {
      expect(deepLinkPhoto(bad)).toBeNull();
    }
  });
});
