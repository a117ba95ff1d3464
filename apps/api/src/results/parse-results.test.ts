import { describe, expect, it } from 'vitest';
import { parseResultsCsv, ResultsFileError } from './parse-results.js';

const csv = (text: string): Buffer => Buffer.from(text, 'utf8');

describe('parseResultsCsv', () => {
  it('reads a typical export with detected columns, times, ranks and splits', () => {
    const result = parseResultsCsv(
      csv(
        [
          'Place,Bib No,First Name,Last Name,Sex,Division,5K,10K,Gun Time,Chip Time,Div Place',
          '1,123,José,García López,M,M35-39,17:01,34:10,1:12:03.4,1:11:59,1',
          '2,0456,Anna,Müller,F,F30-34,18:20,,1:15:00,1:14:30,1',
        ].join('\r\n'),
      ),
    );
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.encoding).toBe('utf-8');
    expect(result.delimiter).toBe(',');
    expect(result.columns).toMatchObject({
      bib: 'Bib No',
      first_name: 'First Name',
      last_name: 'Last Name',
      gender: 'Sex',
      category: 'Division',
      gun_time: 'Gun Time',
      net_time: 'Chip Time',
      overall_rank: 'Place',
      category_rank: 'Div Place',
      splits: ['5K', '10K'],
    });
    expect(result.rows[0]).toEqual({
      line: 2,
      bib: '123',
      name: 'José García López',
      gender: 'M',
      category: 'M35-39',
      status: 'finished',
      gun_time: 4323.4,
      net_time: 4319,
      overall_rank: 1,
      category_rank: 1,
      splits: [
        ['5K', 1021],
        ['10K', 2050],
      ],
    });
    // Leading zeros dropped, as bib queries and OCR readings are stored.
    expect(result.rows[1]).toMatchObject({
      bib: '456',
      name: 'Anna Müller',
      splits: [['5K', 1100]],
    });
  });

  it('detects semicolons and tabs, and headers in other languages', () => {
    const semi = parseResultsCsv(csv('Dorsal;Nom;Temps\n7;Éloïse Durand;2:03\n'));
    expect(semi.delimiter).toBe(';');
    expect(semi.rows[0]).toMatchObject({ bib: '7', name: 'Éloïse Durand', gun_time: 123 });
    const tabs = parseResultsCsv(
      csv('Startnummer\tName\tNettozeit\tPlatz\n42\tJörg Weiß\t3:59:59\t17.\n'),
    );
    expect(tabs.delimiter).toBe('\t');
    expect(tabs.rows[0]).toMatchObject({
      bib: '42',
      name: 'Jörg Weiß',
      net_time: 14399,
      overall_rank: 17,
    });
  });

  it('joins Prénom + Nom when both are present', () => {
    const result = parseResultsCsv(csv('Dossard,Prénom,Nom\n12,Marie,Curie\n'));
    expect(result.rows[0]?.name).toBe('Marie Curie');
  });

  it('takes an explicit mapping over detection', () => {
    const result = parseResultsCsv(csv('Id,Teilnehmer,Bib\n5,Ada Lovelace,99\n'), {
      mapping: { bib: 'id', name: 'TEILNEHMER' },
    });
    expect(result.rows[0]).toMatchObject({ bib: '5', name: 'Ada Lovelace' });
    expect(result.columns.bib).toBe('Id');
    expect(() =>
      parseResultsCsv(csv('Bib,Name\n1,A B\n'), { mapping: { net_time: 'Chip' } }),
    ).toThrow(/column "Chip" \(for net_time\) is not in the file; its columns are "Bib", "Name"/);
  });

  it('keeps DNF/DNS/DQ as a status without a time', () => {
    const result = parseResultsCsv(
      csv('Bib,Name,Time\n1,A One,DNF\n2,B Two,dns\n3,C Three,DQ\n4,D Four,\n'),
    );
    expect(result.rows.map((r) => [r.status, r.gun_time])).toEqual([
      ['dnf', null],
      ['dns', null],
      ['dq', null],
      ['finished', null],
    ]);
  });

  it('handles quoted fields with delimiters, quotes and newlines, and counts lines correctly', () => {
    const text =
      'Bib,Name,Category\n1,"Smith, John","M ""Open"""\n2,"Line\nBreak",F\n3,,M\n4,Last One,M\n';
    const result = parseResultsCsv(csv(text));
    expect(result.rows.map((r) => [r.line, r.name, r.category])).toEqual([
      [2, 'Smith, John', 'M "Open"'],
      [3, 'Line Break', 'F'],
      [6, 'Last One', 'M'],
    ]);
    // The row after the quoted newline starts on physical line 5.
    expect(result.errors).toEqual([{ line: 5, message: 'name is missing for bib 3' }]);
  });

  it('reports bad rows by line and keeps the good ones', () => {
    const result = parseResultsCsv(
      csv(
        'Bib,Name,Place,Time\n5,Ann,1,1:00:00\n,No Bib,2,1:01:00\nabc,Bad Bib,3,1:02:00\n5,Again,4,1:03:00\n6,Bob,x,soon\n',
      ),
    );
    expect(result.rows.map((r) => r.bib)).toEqual(['5', '6']);
    expect(result.errors).toEqual([
      { line: 3, message: 'bib is missing' },
      {
        line: 4,
        message: 'bib "abc" is not a bib number (digits, perhaps with letters, at most 8)',
      },
      { line: 5, message: 'duplicate bib 5, first seen on line 2' },
    ]);
    expect(result.warnings).toEqual([
      { line: 6, message: 'gun time "soon" is not a time like 1:02:03 or DNF; left out' },
      { line: 6, message: 'overall rank "x" is not a positive whole number; left out' },
    ]);
    expect(result.rows[1]).toMatchObject({ overall_rank: null, gun_time: null });
  });

  it('names the columns it found when a required one is missing', () => {
    expect(() => parseResultsCsv(csv('Runner,Time\nAnn,1:00:00\n'))).toThrow(ResultsFileError);
    expect(() => parseResultsCsv(csv('Runner,Time\nAnn,1:00:00\n'))).toThrow(
      /no bib column found; the file's columns are "Runner", "Time"/,
    );
    expect(() => parseResultsCsv(csv('Bib,Time\n1,1:00:00\n'))).toThrow(/no name column found/);
  });

  it('decodes UTF-8 with BOM, UTF-16 LE/BE with BOM, and falls back to Windows-1252', () => {
    const text = 'Bib,Name\n1,José Ñúñez\n';
    const bom = parseResultsCsv(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), csv(text)]));
    expect(bom).toMatchObject({ encoding: 'utf-8', columns: { bib: 'Bib' } });
    const le = parseResultsCsv(
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
    );
    expect(le.encoding).toBe('utf-16le');
    expect(le.rows[0]?.name).toBe('José Ñúñez');
    const be = Buffer.from(text, 'utf16le').swap16();
    const parsedBe = parseResultsCsv(Buffer.concat([Buffer.from([0xfe, 0xff]), be]));
    expect(parsedBe.encoding).toBe('utf-16be');
    expect(parsedBe.rows[0]?.name).toBe('José Ñúñez');
    // Windows-1252 bytes: é = 0xE9, Ñ = 0xD1, ú = 0xFA, ñ = 0xF1; invalid as UTF-8.
    const latin = Buffer.from([
      ...Buffer.from('Bib,Name\n1,Jos'),
      0xe9,
      0x20,
      0xd1,
      0xfa,
      0xf1,
      ...Buffer.from('ez\n'),
    ]);
    const parsedLatin = parseResultsCsv(latin);
    expect(parsedLatin.encoding).toBe('windows-1252');
    expect(parsedLatin.rows[0]?.name).toBe('José Ñúñez');
  });

  it('refuses files over the size or row limit, empty files and unclosed quotes', () => {
    expect(() => parseResultsCsv(Buffer.alloc(2048, 0x41), { maxBytes: 1024 })).toThrow(
      /the file is 2 KB; results files are limited to 1 KB/,
    );
    const many =
      'Bib,Name\n' + Array.from({ length: 11 }, (_, i) => `${i + 1},Runner ${i}`).join('\n');
    expect(() => parseResultsCsv(csv(many), { maxRows: 10 })).toThrow(/more than 10 rows/);
    expect(parseResultsCsv(csv(many), { maxRows: 11 }).rows).toHaveLength(11);
    expect(() => parseResultsCsv(csv('  \n'))).toThrow(/the file is empty/);
    expect(() => parseResultsCsv(csv('Bib,Name\n1,"Open quote\n'))).toThrow(
      /line 2: a quoted field is never closed/,
    );
  });

  it('treats hostile cell content as plain data', () => {
    const result = parseResultsCsv(
      csv("Bib,Name\n1,Robert'); DROP TABLE runners;--\n2;3,x\n=1+1,Formula\n"),
    );
    expect(result.rows.map((r) => r.name)).toEqual(["Robert'); DROP TABLE runners;--"]);
    expect(result.errors.map((e) => e.line)).toEqual([3, 4]);
  });
});
