import { describe, expect, it } from 'vitest';
import { wearerFace, wornBib } from './wearer.js';

const face = (name: string, x: number, y: number, size = 60) => ({
  name,
  box: { x, y, width: size, height: size },
});

describe('wearerFace', () => {
  it('picks the face above the bib, not a neighbour’s', () => {
    const bib = { x: 400, y: 400, width: 120, height: 80 };
    const faces = [face('left runner', 150, 200), face('wearer', 430, 200), face('far', 900, 100)];
    expect(wearerFace(faces, bib)?.name).toBe('wearer');
  });

  it('finds nobody when no face is over the bib or the face is below it', () => {
    const bib = { x: 400, y: 400, width: 120, height: 80 };
    expect(wearerFace([face('aside', 700, 200)], bib)).toBeNull();
    expect(wearerFace([face('below', 430, 600)], bib)).toBeNull();
    expect(wearerFace([face('too far up', 430, 10, 30)], bib)).toBeNull();
    expect(wearerFace([], bib)).toBeNull();
  });

  it('prefers the nearer of two faces stacked over the bib', () => {
    const bib = { x: 400, y: 500, width: 120, height: 80 };
    const faces = [face('behind', 420, 100, 40), face('wearer', 430, 330)];
    expect(wearerFace(faces, bib)?.name).toBe('wearer');
  });
});

describe('wornBib', () => {
  const faces = [
    { id: 1, box: { x: 430, y: 200, width: 60, height: 60 } },
    { id: 2, box: { x: 150, y: 200, width: 60, height: 60 } },
  ];
  const bib = (b: string, x: number) => ({ bib: b, box: { x, y: 400, width: 120, height: 80 } });

  it('is the bib below the face (its wearer), not a neighbour’s', () => {
    expect(wornBib(faces, [bib('123', 400)], 1)).toBe('123');
    expect(wornBib(faces, [bib('123', 400)], 2)).toBeNull();
    expect(wornBib(faces, [bib('123', 400), bib('456', 120)], 2)).toBe('456');
  });

  it('takes an operator’s tag (no box) only on a photo of one face and one bib', () => {
    expect(wornBib([faces[0]!], [{ bib: '77', box: null }], 1)).toBe('77');
    expect(wornBib(faces, [{ bib: '77', box: null }], 1)).toBeNull();
    expect(
      wornBib(
        [faces[0]!],
        [
          { bib: '77', box: null },
          { bib: '78', box: null },
        ],
        1,
      ),
    ).toBeNull();
    expect(wornBib([faces[0]!], [], 1)).toBeNull();
  });
});
