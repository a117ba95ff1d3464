import { describe, expect, it } from 'vitest';
import { bibOfSelfie, keptWithBib, widenByBib, type Found } from './selfie-bib.js';

describe('the bib under a selfie’s matched faces', () => {
  it('is the one read bib they all wear, a prefixed spelling counting as the same runner', () => {
    expect(
      bibOfSelfie([
        { photo: 'a', bib: 'F123' },
        { photo: 'b', bib: null },
        { photo: 'c', bib: '123' },
      ]),
    ).toBe('123');
    expect(
      bibOfSelfie([
        { photo: 'a', bib: '123' },
        { photo: 'b', bib: '124' },
      ]),
    ).toBeNull();
    expect(bibOfSelfie([{ photo: 'a', bib: null }])).toBeNull();
    expect(bibOfSelfie([])).toBeNull();
  });

  it('keeps faces with no bib read or the visitor’s, drops another runner’s', () => {
    const matched = [
      { photo: 'a', bib: '123' },
      { photo: 'b', bib: null },
      { photo: 'c', bib: '777' },
    ];
    expect(keptWithBib(matched, '123').map((m) => m.photo)).toEqual(['a', 'b']);
    expect(keptWithBib(matched, null).map((m) => m.photo)).toEqual(['a', 'b', 'c']);
  });

  it('rests on sure matches only: a "maybe you" above a bib does not name the visitor’s bib', async () => {
    const best = new Map<string, Found>([['a', { similarity: 0.55, face: 1, tier: 'maybe' }]]);
    const asked: string[] = [];
    const widened = await widenByBib(
      best,
      () => '123',
      async (bib) => {
        asked.push(bib);
        return [{ uuid: 'b' }];
      },
    );
    expect(asked).toEqual([]);
    expect([...widened.keys()]).toEqual(['a']);
  });
});
