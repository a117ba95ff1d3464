import { describe, expect, it } from 'vitest';
import {
  CONSOLE_RESULTS_MAX_BYTES,
  choicesOfMap,
  mapOfChoices,
  mappableHeaders,
  selectedColumn,
  uploadProblem,
} from './results-file';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('uploadProblem', () => {
  it('takes a CSV with semicolons, a BOM or UTF-16 text', () => {
    expect(uploadProblem(bytes('Dorsal;Nom\n1;Ana\n'), 'r.csv')).toBeNull();
    expect(
      uploadProblem(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('Bib,Name\n')]), 'r.csv'),
    ).toBeNull();
    const utf16 = new Uint8Array([0xff, 0xfe, 0x42, 0, 0x69, 0, 0x62, 0]);
    expect(uploadProblem(utf16, 'r.txt')).toBeNull();
  });

  it('says what an empty, huge, workbook, PDF or binary file is, and what to do', () => {
    expect(uploadProblem(new Uint8Array(), 'r.csv')).toMatch(/empty/);
    expect(uploadProblem(new Uint8Array(CONSOLE_RESULTS_MAX_BYTES + 1), 'r.csv')).toMatch(
      /9\.0 MB.*up to 9\.0 MB.*command line/,
    );
    expect(uploadProblem(new Uint8Array([0x50, 0x4b, 3, 4, 0]), 'r.csv')).toMatch(/workbook.*CSV/);
    expect(uploadProblem(bytes('Bib,Name'), 'results.xlsx')).toMatch(/workbook/);
    expect(uploadProblem(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]), 'r.xls')).toMatch(/old Excel/);
    expect(uploadProblem(bytes('%PDF-1.7'), 'r.pdf')).toMatch(/PDF/);
    expect(uploadProblem(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0]), 'photo.png')).toMatch(
      /not a text file/,
    );
  });
});

describe('the column mapping', () => {
  const headers = ['Dorsal', 'Nom', 'Temps, officiel', 'Cat:age', '', 'nom', '-'];

  it('offers only headings the API’s map can name', () => {
    expect(mappableHeaders(headers)).toEqual(['Dorsal', 'Nom']);
  });

  it('makes no map when nothing was chosen, so every column is guessed', () => {
    expect(mapOfChoices({}, headers)).toBe('');
    expect(mapOfChoices(new URLSearchParams('file=abc'), headers)).toBe('');
  });

  it('makes the map of the choices, with - for none, ignoring what is not a heading', () => {
    const query = new URLSearchParams(
      'col_bib=Dorsal&col_name=Nom&col_category=-&col_gun_time=Temps%2C%20officiel&col_status=Nope&col_evil=Dorsal',
    );
    expect(mapOfChoices(query, headers)).toBe('bib:Dorsal,name:Nom,category:-');
    const form = new FormData();
    form.set('col_bib', 'Nom');
    form.set('col_name', 'Dorsal');
    expect(mapOfChoices(form, headers)).toBe('bib:Nom,name:Dorsal');
    expect(mapOfChoices({ col_bib: ['Dorsal', 'Nom'] }, headers)).toBe('');
  });

  it('shows each field’s column as the API understood the file (guessed or chosen), else none', () => {
    const preview = { columns: { bib: 'Dorsal', name: 'Nom' } };
    expect(selectedColumn('bib', preview)).toBe('Dorsal');
    expect(selectedColumn('category', preview)).toBe('-');
  });

  it('reads a map back into choices', () => {
    expect(choicesOfMap('bib:Dorsal,category:-,bogus:X')).toEqual({ bib: 'Dorsal', category: '-' });
    expect(choicesOfMap('')).toEqual({});
  });
});
