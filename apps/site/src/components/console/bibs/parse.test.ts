import { describe, expect, it } from 'vitest';
import { parseBibs } from './parse';

describe('the bibs typed for a photo', () => {
  it('splits on spaces, commas and semicolons, upper-cases letters and keeps each bib once', () => {
    expect(parseBibs(' 123, 456;f12  123\n7 ')).toEqual({
      ok: true,
      bibs: ['123', '456', 'F12', '7'],
    });
    expect(parseBibs('')).toEqual({ ok: true, bibs: [] });
  });

  it('names every bad one and keeps the good ones', () => {
    expect(parseBibs('12/3 45 <b> 12345678901')).toEqual({
      ok: false,
      bad: ['12/3', '<b>', '12345678901'],
      bibs: ['45'],
    });
  });
});
