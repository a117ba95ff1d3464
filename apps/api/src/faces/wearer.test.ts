import { describe, expect, it } from 'vitest';
import { wearerFace } from './wearer.js';

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
