import { describe, expect, it } from 'vitest';
import { buildNameIndex, matchNames, normaliseName, parseNameQuery } from './names.js';

const rows = [
  { bib: '1', name: 'José García López' },
  { bib: '2', name: 'Jose Garcia' },
  { bib: '3', name: "Siobhán O'Brien" },
  { bib: '4', name: 'Jörg Weiß' },
  { bib: '5', name: 'Garcia Josefina' },
  { bib: '6', name: 'Anna-Lena Müller' },
];

describe('normaliseName', () => {
  it('folds case, accents, punctuation and whitespace', () => {
    expect(normaliseName('  José   GARCÍA-López ')).toBe('jose garcia lopez');
    expect(normaliseName("O'Brien")).toBe('obrien');
    expect(normaliseName('Jörg Weiß')).toBe('jorg weiss');
    expect(normaliseName('Øyvind Łukasz')).toBe('oyvind lukasz');
    expect(normaliseName('ＡＢＣ')).toBe('abc');
  });
});

describe('name search', () => {
  const index = buildNameIndex(rows);
  const bibs = (query: string): string[] => {
    const result = index.search(query);
    if (!result.ok) throw new Error(result.error);
    return result.matches.map((m) => m.row.bib);
  };

  it('finds partial names in any order, accent- and case-insensitively', () => {
    expect(bibs('jose gar')).toEqual(['2', '1', '5']);
    expect(bibs('LOPEZ josé')).toEqual(['1']);
    expect(bibs('obrien')).toEqual(['3']);
    expect(bibs("o'brien siob")).toEqual(['3']);
    expect(bibs('weiss')).toEqual(['4']);
    expect(bibs('lena')).toEqual(['6']);
    expect(bibs('nobody here')).toEqual([]);
  });

  it('ranks the exact full name first, then whole words, then prefixes', () => {
    const result = index.search('jose garcia');
    expect(result.ok && result.matches.map((m) => [m.row.bib, m.kind])).toEqual([
      ['2', 'exact'],
      ['1', 'words'],
      ['5', 'prefix'],
    ]);
  });

  it('refuses empty, too long and hostile queries clearly', () => {
    expect(parseNameQuery('')).toEqual({ ok: false, error: 'Enter a name.' });
    expect(parseNameQuery('  -- ')).toEqual({ ok: false, error: 'Enter a name.' });
    expect(parseNameQuery('😀🏃')).toEqual({ ok: false, error: 'Enter a name.' });
    expect(parseNameQuery('j')).toEqual({
      ok: false,
      error: 'Enter at least two letters of the name.',
    });
    expect(parseNameQuery('a'.repeat(101))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/at most 100 characters/),
    });
    expect(parseNameQuery('a b c d e f g')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/at most 6 words/),
    });
    expect(parseNameQuery(42)).toMatchObject({ ok: false });
    // SQL-looking input is just words; it matches nothing and breaks nothing.
    expect(index.search("' OR 1=1; DROP TABLE results; --")).toEqual({
      ok: true,
      total: 0,
      matches: [],
    });
  });

  it('limits the matches but reports the total', () => {
    const many = Array.from({ length: 50 }, (_, i) => ({
      bib: String(i + 1),
      name: `Runner Smith ${i}`,
    }));
    const result = matchNames('smith', many, 10);
    expect(result.ok && [result.total, result.matches.length]).toEqual([50, 10]);
  });

  it('searches an event of 15,000 runners', () => {
    const first = [
      'anna',
      'jose',
      'maria',
      'john',
      'li',
      'fatima',
      'olga',
      'pierre',
      'sven',
      'yuki',
    ];
    const last = [
      'garcia',
      'smith',
      'müller',
      'nguyen',
      'rossi',
      'kowalski',
      'dubois',
      'tanaka',
      'silva',
      'ivanova',
    ];
    const runners = Array.from({ length: 15_000 }, (_, i) => ({
      bib: String(i + 1),
      name: `${first[i % 10]} ${last[Math.floor(i / 10) % 10]} ${String.fromCharCode(97 + (i % 26))}${i}`,
    }));
    const big = buildNameIndex(runners);
    const result = big.search('maria mull');
    expect(result.ok && result.total).toBe(150);
    expect(big.size).toBe(15_000);
  });
});
