import { describe, expect, it } from 'vitest';
import { planSeries, renderRaceSeries } from './series.js';

const start = new Date('2026-05-03T09:00:00.000Z');
const bibPool = ['101', '2024', '3456', '47000', '512', '8888', '9021', '6060'];

describe('renderRaceSeries', () => {
  it('yields frames in order with capture times a few seconds apart', async () => {
    const progress: number[] = [];
    const frames = [];
    for await (const frame of renderRaceSeries({ count: 5, seed: 9, eventName: 'Harbour Half', start, bibPool, width: 640, height: 427, onProgress: (n) => progress.push(n) })) {
      frames.push(frame);
    }
    expect(frames.map((f) => f.index)).toEqual([0, 1, 2, 3, 4]);
    expect(progress).toEqual([1, 2, 3, 4, 5]);
    expect(frames[0]?.capturedAt.getTime()).toBe(start.getTime());
    for (let i = 1; i < frames.length; i++) {
      const gap = (frames[i]?.capturedAt.getTime() ?? 0) - (frames[i - 1]?.capturedAt.getTime() ?? 0);
      expect(gap).toBeGreaterThanOrEqual(1000);
      expect(gap).toBeLessThanOrEqual(6000);
    }
    for (const frame of frames) {
      expect([frame.width, frame.height]).toEqual([640, 427]);
      const bibs = frame.bibs.map((b) => b.bib);
      expect(new Set(bibs).size).toBe(bibs.length);
      for (const bib of bibs) expect(bibPool).toContain(bib);
    }
  });

  it('is deterministic for a seed', async () => {
    const run = async (): Promise<Buffer[]> => {
      const out: Buffer[] = [];
      for await (const f of renderRaceSeries({ count: 2, seed: 4, eventName: 'X', start, width: 480, height: 320, concurrency: 2 })) out.push(f.jpeg);
      return out;
    };
    const [a, b] = [await run(), await run()];
    expect(a.every((buf, i) => buf.equals(b[i] as Buffer))).toBe(true);
  });

  it('keeps the same runner, in the same kit, over consecutive frames', () => {
    const frames = planSeries({ count: 40, seed: 11, eventName: 'Harbour Half', start, bibPool });
    let repeats = 0;
    const kit = new Map<string, string>();
    for (let i = 0; i < frames.length; i++) {
      const before = new Map(frames[i - 1]?.plan.runners.map((r) => [r.identity.bib, r]));
      for (const runner of frames[i]?.plan.runners ?? []) {
        // One bib is one person for the whole series.
        expect(kit.get(runner.identity.bib) ?? runner.identity.look.shirt).toBe(runner.identity.look.shirt);
        kit.set(runner.identity.bib, runner.identity.look.shirt);
        const earlier = before.get(runner.identity.bib);
        if (!earlier) continue;
        repeats++;
        expect(runner.identity.bibStyle).toEqual(earlier.identity.bibStyle);
        // Approaching the camera: the same runner is no further away than before.
        expect(runner.distance).toBeLessThanOrEqual(earlier.distance + 1e-9);
      }
    }
    expect(repeats).toBeGreaterThan(10);
  });
});
