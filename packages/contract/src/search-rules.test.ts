import { describe, expect, it } from 'vitest';
import { photoSearchQuery } from './results.js';
import { NAME_SEARCH_MAX, checkBibSearch, checkNameSearch, type SearchCheck } from './search-rules.js';

/** What zod (the API's validation) says of one search value, in the zod-free check's terms. */
function viaZod(kind: 'bib' | 'name', input: string): SearchCheck {
  const parsed = photoSearchQuery.safeParse({ [kind]: input });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message };
  return { ok: true, value: parsed.data[kind]! };
}

// Valid, borderline and hostile values: whitespace of every kind, unicode, markup, injection,
// control characters, surrogate pairs, lengths around the limits.
const TABLE = [
  '', ' ', '\t', '\n', '\u00a0', '\u2003', '\ufeff', '\u3000',
  '1', '7', '1234', ' a17 ', 'A17', 'abc123XYZ0', '1234567890', '12345678901', '1'.repeat(40),
  '12 34', '12-34', 'F-123', 'f 123', 'M 56', 'F--123', 'F  123', 'ABC 123', '1234B', 'B5618', 'F-', 'F 12 34', 'no way', 'F 12B', '12_34', '١٢٣', '１２３', 'é1', '🏃', '🏃‍♀️', '\u0000', '12\u0000', '\u200b12',
  "1' OR '1'='1", '<script>alert(1)</script>', '../../etc/passwd', '%00', '${x}', '1;DROP TABLE photos',
  'm', ' m ', 'ma', '  María   José ', 'Zoë', 'O\'Brien', 'Nguyễn Văn A', '李小龙', '🏃🏃', '🏃',
  'x'.repeat(NAME_SEARCH_MAX), 'x'.repeat(NAME_SEARCH_MAX + 1), ` ${'x'.repeat(NAME_SEARCH_MAX)} `,
  '🏃'.repeat(40), '🏃'.repeat(41), 'a\u0301', '\u0301', 'a\nb', '\r\n ab \r\n', '\ud83c', 'a\ud83c', '\udfc3\ud83c', 'x'.repeat(79) + '\ud83c', '🏃'.repeat(40) + '\ud83c',
];

describe('the zod-free search check agrees with photoSearchQuery', () => {
  it.each(TABLE)('bib %j', (input) => {
    expect(checkBibSearch(input)).toEqual(viaZod('bib', input));
  });
  it.each(TABLE)('name %j', (input) => {
    expect(checkNameSearch(input)).toEqual(viaZod('name', input));
  });
  it('says what is wrong', () => {
    expect(checkBibSearch('12 34')).toEqual({ ok: false, message: 'A bib number is 1 to 10 letters or digits' });
    // A letter prefix as printed, with its space or hyphen.
    for (const bib of ['F-123', 'f 123', 'M 56', 'A1234', '1234B'])
      expect(checkBibSearch(bib)).toEqual({ ok: true, value: bib });
    for (const bib of ['F--123', 'ABC 123', 'F 12 34', '07:45', 'F-', 'no way'])
      expect(checkBibSearch(bib).ok).toBe(false);
    expect(checkNameSearch('m')).toEqual({ ok: false, message: 'Type at least 2 letters of the name' });
    expect(checkNameSearch('x'.repeat(81))).toEqual({ ok: false, message: 'A name search is at most 80 characters' });
    expect(checkNameSearch(' ab ')).toEqual({ ok: true, value: 'ab' });
  });
});
