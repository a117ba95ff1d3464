import exifr from 'exifr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { computeTruth } from './compose.js';
import { planSingleFrame } from './plan.js';
import { createRng } from './prng.js';
import { renderRaceScene, type RenderedScene } from './index.js';

// Small frames keep the suite quick on a shared 2-core machine; geometry scales with size.
const SMALL = { width: 800, height: 533 };

function expectBoxesInside(scene: RenderedScene): void {
  for (const { box } of scene.bibs) {
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.width).toBeGreaterThan(0);
    expect(box.height).toBeGreaterThan(0);
    expect(box.x + box.width).toBeLessThanOrEqual(scene.width);
    expect(box.y + box.height).toBeLessThanOrEqual(scene.height);
  }
}

describe('renderRaceScene', () => {
  it('is deterministic: the same seed gives the same bytes and ground truth', async () => {
    const a = await renderRaceScene({ seed: 1234 });
    const b = await renderRaceScene({ seed: 1234 });
    const c = await renderRaceScene({ seed: 1235 });
    expect(a.jpeg.equals(b.jpeg)).toBe(true);
    expect(a.bibs).toEqual(b.bibs);
    expect(a.capturedAt.getTime()).toBe(b.capturedAt.getTime());
    expect(a.jpeg.equals(c.jpeg)).toBe(false);
  });

  it('defaults to a 1600x1067 JPEG and honours portrait sizes', async () => {
    const landscape = await renderRaceScene({ seed: 3 });
    const meta = await sharp(landscape.jpeg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1600, 1067]);
    expect([landscape.width, landscape.height]).toEqual([1600, 1067]);
    expectBoxesInside(landscape);

    const portrait = await renderRaceScene({ seed: 4, width: 600, height: 900 });
    const pmeta = await sharp(portrait.jpeg).metadata();
    expect([pmeta.width, pmeta.height]).toEqual([600, 900]);
    expectBoxesInside(portrait);
  });

  it('writes the capture time and camera into EXIF so ingestion can read them back', async () => {
    const capturedAt = new Date('2026-05-03T09:12:33.456Z');
    const scene = await renderRaceScene({ seed: 5, ...SMALL, capturedAt });
    expect(scene.capturedAt).toEqual(capturedAt);
    const raw = await exifr.parse(scene.jpeg, { reviveValues: false });
    expect(raw.DateTimeOriginal).toBe('2026:05:03 09:12:33');
    expect(raw.OffsetTimeOriginal).toBe('+00:00');
    expect(raw.SubSecTimeOriginal).toBe('456');
    expect(typeof raw.Make).toBe('string');
    expect(typeof raw.Model).toBe('string');
    // Reassembled as an instant, it is the requested capture time.
    const instant = new Date(`${raw.DateTimeOriginal.replace(/^(\d+):(\d+):(\d+) /, '$1-$2-$3T')}.${raw.SubSecTimeOriginal}${raw.OffsetTimeOriginal}`);
    expect(instant.getTime()).toBe(capturedAt.getTime());
  });

  it('derives a stable capture time from the seed when none is given', async () => {
    const a = await renderRaceScene({ seed: 77, ...SMALL });
    const b = await renderRaceScene({ seed: 77, ...SMALL });
    expect(a.capturedAt.getTime()).toBe(b.capturedAt.getTime());
    expect(a.capturedAt.getUTCFullYear()).toBe(2026);
  });

  it('draws bibs from the pool, never twice in one photo', async () => {
    const bibPool = ['101', '2024', '3456', '47000', '512'];
    let seen = 0;
    for (let seed = 20; seed < 26; seed++) {
      const scene = await renderRaceScene({ seed, ...SMALL, bibPool });
      const bibs = scene.bibs.map((b) => b.bib);
      expect(new Set(bibs).size).toBe(bibs.length);
      for (const bib of bibs) expect(bibPool).toContain(bib);
      expectBoxesInside(scene);
      seen += bibs.length;
    }
    expect(seen).toBeGreaterThan(3);
  });

  it('invents 3 to 5 digit numbers without a leading zero when no pool is given', () => {
    for (let seed = 0; seed < 60; seed++) {
      const plan = planSingleFrame(createRng(seed), { ...SMALL, eventName: 'Test Run', year: 2026 });
      for (const t of computeTruth(plan)) expect(t.bib).toMatch(/^[1-9]\d{2,4}$/);
    }
  });

  it('prints each bib as a light patch with dark digits inside its box', async () => {
    let checked = 0;
    for (let seed = 40; seed < 46; seed++) {
      const scene = await renderRaceScene({ seed, ...SMALL });
      for (const bib of scene.bibs.filter((b) => !b.occluded)) {
        // The middle of the box stays on the bib even at ±15° and holds the number.
        const region = {
          left: Math.round(bib.box.x + bib.box.width * 0.25),
          top: Math.round(bib.box.y + bib.box.height * 0.35),
          width: Math.max(1, Math.round(bib.box.width * 0.5)),
          height: Math.max(1, Math.round(bib.box.height * 0.3)),
        };
        const pixels = await sharp(scene.jpeg).extract(region).greyscale().raw().toBuffer();
        const min = Math.min(...pixels);
        const max = Math.max(...pixels);
        expect(max - min).toBeGreaterThan(120);
        const mid = (min + max) / 2;
        const bright = pixels.filter((v) => v > mid).length / pixels.length;
        // Paper dominates, but there is clearly ink on it (a shirt or an arm would not split like this).
        expect(bright).toBeGreaterThan(0.5);
        expect(bright).toBeLessThan(0.9);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(3);
  });

  it('covers the scale range, occlusion, and photos without any bib', () => {
    const heights: number[] = [];
    let occluded = 0;
    let empty = 0;
    const frames = 200;
    for (let seed = 0; seed < frames; seed++) {
      const plan = planSingleFrame(createRng(seed), { width: 1600, height: 1067, eventName: 'Test Run', year: 2026 });
      const truth = computeTruth(plan);
      if (truth.length === 0) empty++;
      for (const t of truth) {
        heights.push(t.digitHeight);
        if (t.hidden > 0) occluded++;
        // Occluded bibs stay in the ground truth, but never so hidden that they are unreadable.
        expect(t.hidden).toBeLessThanOrEqual(0.4);
      }
    }
    expect(Math.min(...heights)).toBeLessThan(32);
    expect(Math.max(...heights)).toBeGreaterThan(75);
    expect(occluded).toBeGreaterThan(5);
    expect(empty / frames).toBeGreaterThan(0.04);
    expect(empty / frames).toBeLessThan(0.2);
  });
});
