/**
 * The real OCR models on a few rendered race photos (about half a second each). Quality
 * figures over many photos come from `apps/api/tools/bib-evaluate-cli.ts`, not from here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderRaceScene } from '../demo/scene/index.js';
import { intersectionOverUnion } from './geometry.js';
import { createOcrEngine, UnreadableImageError, type OcrEngine } from './ocr-engine.js';
import { readBibs } from './read-bibs.js';

const size = { width: 1200, height: 800 };
let engine: OcrEngine;

beforeAll(() => {
  engine = createOcrEngine();
});
afterAll(async () => {
  await engine.dispose();
});

describe('readBibs on rendered photos', () => {
  it('reads a clear single bib, with its box on the bib', async () => {
    const scene = await renderRaceScene({ seed: 1, ...size });
    expect(scene.bibs).toHaveLength(1);
    const truth = scene.bibs[0]!;
    const found = await readBibs(scene.jpeg, { engine });
    expect(found.map((d) => d.bib)).toEqual([truth.bib]);
    expect(found[0]!.confidence).toBeGreaterThan(0.9);
    // The truth box is the whole bib; the detection is its number.
    expect(intersectionOverUnion(found[0]!.box, truth.box)).toBeGreaterThan(0.2);
    const inside = found[0]!.box;
    expect(inside.x).toBeGreaterThanOrEqual(truth.box.x - 10);
    expect(inside.x + inside.width).toBeLessThanOrEqual(truth.box.x + truth.box.width + 10);
  });

  it('does not report the year printed on bibs, yet reads a bib that is 2026', async () => {
    const withYear = await renderRaceScene({ seed: 3, ...size });
    expect(withYear.bibs.map((b) => b.bib)).not.toContain('2026');
    const found = await readBibs(withYear.jpeg, { engine, minConfidence: 0 });
    expect(found.map((d) => d.bib)).not.toContain('2026');
    expect(found.map((d) => d.bib).sort()).toEqual(withYear.bibs.map((b) => b.bib).sort());

    const bib2026 = await renderRaceScene({ seed: 2, ...size, bibPool: ['2026'] });
    expect(bib2026.bibs.map((b) => b.bib)).toEqual(['2026']);
    expect((await readBibs(bib2026.jpeg, { engine })).map((d) => d.bib)).toEqual(['2026']);
  });

  it('finds no bib on a photo without one', async () => {
    const scene = await renderRaceScene({ seed: 4, ...size });
    expect(scene.bibs).toEqual([]);
    expect((await readBibs(scene.jpeg, { engine })).filter((d) => d.confidence >= 0.8)).toEqual([]);
  });

  it('serves concurrent calls on one engine', async () => {
    const scenes = await Promise.all([6, 10].map((seed) => renderRaceScene({ seed, ...size })));
    const results = await Promise.all(scenes.map((s) => readBibs(s.jpeg, { engine })));
    expect(results.map((r) => r.map((d) => d.bib))).toEqual(
      scenes.map((s) => s.bibs.map((b) => b.bib)),
    );
  });

  it('rejects bytes that are not an image with a clear error', async () => {
    await expect(readBibs(Buffer.from('definitely not a jpeg'), { engine })).rejects.toThrow(
      UnreadableImageError,
    );
    await expect(readBibs(Buffer.alloc(0), { engine })).rejects.toThrow(
      /not a readable image: empty input/,
    );
    const scene = await renderRaceScene({ seed: 1, ...size });
    await expect(readBibs(scene.jpeg.subarray(0, 2000), { engine })).rejects.toThrow(
      UnreadableImageError,
    );
  });
});
