import { certificateTemplate, raceResult } from '@eventsite/contract';
import { describe, expect, test } from 'vitest';
import { certificateValues, designFromCertificateTemplate } from './certificate';
import { createEditor, dispatch } from './editor';
import { design } from './schema';
import { FIELD_PLACEHOLDERS, buildTemplate } from './templates';
import { formatRaceTime, ordinal } from './format';

const event = { eventName: 'Lisbon Half Marathon', eventDate: '2026-03-14', city: 'Lisbon', themeColour: '#E4572E' };
const result = raceResult.parse({ bib: '1234', name: 'Ana Silva', gender: 'F', category: 'F35', gun_time: '1:42:10', net_time: '1:41:07', status: null, overall_rank: 312, category_rank: 12, splits: {} });

describe('certificate fields', () => {
  test('filled from race results', () => {
    const v = certificateValues(event, result);
    expect(v).toMatchObject({ name: 'Ana Silva', bib: '1234', net_time: '1:41:07', gun_time: '1:42:10', overall_rank: '312th', category_rank: '12th', category: 'F35', event_name: 'Lisbon Half Marathon', event_date: 'March 14, 2026' });
  });

  test('without results, from what the participant typed', () => {
    const v = certificateValues(event, undefined, { bib: ' 77 ', name: 'João Sá', time: '03:05:02' });
    expect(v).toMatchObject({ name: 'João Sá', bib: '77', net_time: '3:05:02', overall_rank: FIELD_PLACEHOLDERS.overall_rank });
  });

  test('typed values win over results (a participant corrects their name)', () => {
    expect(certificateValues(event, result, { name: 'Ana M. Silva' }).name).toBe('Ana M. Silva');
  });

  test('fillFields updates bound texts in one undo step', () => {
    let ed = createEditor(buildTemplate('certificate-landscape', event));
    ed = dispatch(ed, 'fillFields', { values: certificateValues(event, result) });
    const byField = Object.fromEntries(ed.state.design.elements.flatMap((e) => (e.type === 'text' && e.field ? [[e.field, e.text]] : [])));
    expect(byField).toMatchObject({ name: 'Ana Silva', net_time: '1:41:07', overall_rank: '312th', category_rank: '12th', category: 'F35', bib: '1234' });
    expect(ed.history.past).toHaveLength(1);
  });

  test('a result under an hour prints as the result says it, and a missing category rank leaves its line out', () => {
    const noCategory = raceResult.parse({ bib: '88', name: 'Rui Costa', gender: 'M', category: null, gun_time: '0:41:30', net_time: '0:41:12', status: null, overall_rank: 5, category_rank: null, splits: {} });
    let ed = createEditor(buildTemplate('certificate-landscape', event));
    /** What the page shows: the texts drawn, uppercased where the design says so. */
    const shown = () =>
      ed.state.design.elements.flatMap((e) => (e.type === 'text' && e.opacity > 0 && e.text !== '' ? [e.uppercase ? e.text.toUpperCase() : e.text] : []));
    ed = dispatch(ed, 'fillFields', { values: certificateValues(event, noCategory) });
    expect(shown()).toContain('0:41:12');
    expect(shown()).toContain('5th');
    expect(shown()).toContain('OVERALL PLACE');
    expect(shown()).not.toContain('CATEGORY PLACE');
    expect(shown()).not.toContain(FIELD_PLACEHOLDERS.category_rank);
    // Another runner's result, with a category rank: the line is back.
    ed = dispatch(ed, 'fillFields', { values: certificateValues(event, result) });
    expect(shown()).toEqual(expect.arrayContaining(['CATEGORY PLACE', '12th', 'F35', '1:41:07']));
    // What a runner without results types: no category rank, no line.
    ed = dispatch(ed, 'fillFields', { values: certificateValues(event, undefined, { bib: '77', name: 'João Sá', time: '0:52:03' }) });
    expect(shown()).toContain('0:52:03');
    expect(shown()).not.toContain('CATEGORY PLACE');
  });

  test('formats', () => {
    expect(ordinal(1)).toBe('1st');
    expect(ordinal(2)).toBe('2nd');
    expect(ordinal(3)).toBe('3rd');
    expect(ordinal(11)).toBe('11th');
    expect(ordinal(112)).toBe('112th');
    expect(ordinal(21)).toBe('21st');
    expect(formatRaceTime('0:45:10')).toBe('0:45:10');
    expect(formatRaceTime('00:41:12')).toBe('0:41:12');
    expect(formatRaceTime('45:10')).toBe('45:10');
    expect(formatRaceTime('1:02:03.4')).toBe('1:02:03');
    expect(formatRaceTime('DNF')).toBe('DNF');
    expect(formatRaceTime('1:75:00')).toBe('1:75:00');
  });
});

describe("the organiser's certificate template", () => {
  const t = {
    page: { size: 'A4', orientation: 'landscape' },
    background_url: 'https://cdn.example.com/cert.png',
    fields: [
      { key: 'name', x: 421, y: 250, font_size: 36, colour: '#222222', align: 'center', font_weight: 'bold' },
      { key: 'net_time', x: 100, y: 400, font_size: 20, colour: '#222222', align: 'left', font_weight: 'regular' },
    ],
  };

  test('parses and becomes a design with the artwork as background', () => {
    const d = designFromCertificateTemplate(certificateTemplate.parse(t), event);
    expect(design.parse(d)).toEqual(d);
    expect(d.background).toMatchObject({ kind: 'image', src: t.background_url });
    const name = d.elements.find((e) => e.type === 'text' && e.field === 'name');
    // 300 dpi: 3508 px / 842 pt
    expect(name?.y).toBeCloseTo(250 * (3508 / 842));
    expect(name && name.x + name.width / 2).toBeCloseTo(421 * (3508 / 842));
    expect(name).toMatchObject({ fontWeight: 800, align: 'center' });
  });

  test('rejects unknown field keys and non-http backgrounds', () => {
    expect(certificateTemplate.safeParse({ ...t, fields: [{ ...t.fields[0], key: 'shoe_size' }] }).success).toBe(false);
    expect(certificateTemplate.safeParse({ ...t, background_url: 'javascript:alert(1)' }).success).toBe(false);
  });
});
