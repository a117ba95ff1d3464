/**
 * The real OCR models on a few rendered race photos (about half a second each). Quality
 * figures over many photos come from `apps/api/tools/bib-evaluate-cli.ts`, not from here.
 */
import sharp from 'sharp';
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

  it('takes a number the frame cuts between two digits for a part, and a whole one by the edge for whole', async () => {
    // A bib on a grey shirt; the photo's right edge `cutAt` pixels from the number's start.
    const font = 120;
    const pitch = 0.696 * font; // DejaVu Sans Bold's digit advance
    const photo = (digits: string, cutAt: number) =>
      sharp(
        Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="600"><rect width="1400" height="600" fill="#5a6270"/><rect x="300" y="160" width="${digits.length * pitch + 160}" height="260" fill="#fbfbf8"/><text x="380" y="340" font-family="DejaVu Sans" font-weight="bold" font-size="${font}" fill="#111">${digits}</text></svg>`,
        ),
      )
        .extract({ left: 0, top: 0, width: Math.round(380 + cutAt), height: 600 })
        .jpeg({ quality: 90 })
        .toBuffer();
    // 62046 cut in the gap before its last digit: paper shows past the "4", then the frame.
    const cut = await readBibs(await photo('62046', 4 * pitch + 0.06 * font), {
      engine,
      minConfidence: 0,
    });
    const part = cut.find((d) => d.bib === '6204');
    expect(part?.cutOff?.side).toBe('right');
    expect(part!.confidence).toBeLessThan(0.8);
    // The whole number, its paper running on half a digit before the frame: whole.
    const whole = await readBibs(await photo('4821', 4 * pitch + 0.6 * font), { engine });
    expect(whole.map((d) => [d.bib, d.cutOff])).toEqual([['4821', undefined]]);
    expect(whole[0]!.confidence).toBeGreaterThan(0.9);
  });

  it('reads a whole bib printed edge to edge, a fist at its side, as whole', async () => {
    // Real bibs print the number nearly to the paper's edge: past the last digit a sliver of
    // paper, then the shirt, and here a fist over the bib's corner. The number is whole.
    const font = 120;
    const pitch = 0.696 * font;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="700"><rect width="1400" height="700" fill="#20242c"/><rect x="400" y="200" width="${4 * pitch + 24}" height="190" fill="#f4f2ec"/><text x="412" y="345" font-family="DejaVu Sans" font-weight="bold" font-size="${font}" fill="#b3121b">7305</text><ellipse cx="${412 + 4 * pitch + 30}" cy="330" rx="42" ry="60" fill="#c89070"/></svg>`;
    const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
    const found = await readBibs(jpeg, { engine });
    expect(found.map((d) => [d.bib, d.cutOff])).toEqual([['7305', undefined]]);
    expect(found[0]!.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('does not take the race clock beside a runner for a bib', async () => {
    // A finish line: a runner's bib, and the race clock on its stand lighting 1:49:58 on a
    // black panel, its colon lamps between two blinks.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="#8a9a8c"/><rect x="640" y="120" width="460" height="130" fill="#0c0c0e"/><text x="670" y="220" font-family="DejaVu Sans Mono" font-weight="bold" font-size="100" fill="#f4e03a">1<tspan dx="14">49</tspan><tspan dx="14">58</tspan></text><rect x="200" y="380" width="300" height="170" fill="#f6f6f2"/><text x="225" y="505" font-family="DejaVu Sans" font-weight="bold" font-size="110" fill="#111">3648</text></svg>`;
    const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
    const found = await readBibs(jpeg, { engine });
    expect(found.filter((d) => d.confidence >= 0.8).map((d) => d.bib)).toEqual(['3648']);
  });

  it('reads a small bib on a small web copy of a photo', async () => {
    // A 480 px copy: the bib 34 px wide, its digits 11 px high and soft, as on photos shared online.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320"><rect width="480" height="320" fill="#6d7f91"/><rect x="180" y="40" width="70" height="230" rx="20" fill="#2b3340"/><rect x="192" y="150" width="34" height="20" fill="#fafafa"/><text x="195" y="164" font-family="DejaVu Sans" font-weight="bold" font-size="11" fill="#111">4172</text></svg>`;
    const jpeg = await sharp(Buffer.from(svg)).blur(0.8).jpeg({ quality: 85 }).toBuffer();
    const found = await readBibs(jpeg, { engine });
    expect(found.filter((d) => d.confidence >= 0.8).map((d) => d.bib)).toEqual(['4172']);
  });

  it('looks closer when the first pass finds no clear number, and not when it does', async () => {
    // Print the detector misses at the first pass's size (here 320 px for a 1200 px photo, as
    // soft 12 px digits are missed at 960 on real photos) is found by the closer look.
    const photo = (numbers: { text: string; x: number; size: number }[]) =>
      sharp(
        Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="#5d6b58"/>${numbers
            .map(
              (n) =>
                `<rect x="${n.x}" y="300" width="${n.size * 2.8}" height="${n.size * 1.6}" fill="#f7f5ef"/><text x="${n.x + n.size * 0.25}" y="${300 + n.size * 1.2}" font-family="DejaVu Sans" font-weight="bold" font-size="${n.size}" fill="#111">${n.text}</text>`,
            )
            .join('')}</svg>`,
        ),
      )
        .jpeg({ quality: 88 })
        .toBuffer();
    const small = { text: '5827', x: 700, size: 16 };
    const read = async (jpeg: Buffer, closerLookSide: number) =>
      (await engine.readText(jpeg, { detectionSide: 320, closerLookSide }))
        .map((line) => line.text)
        .sort();
    const alone = await photo([small]);
    expect(await read(alone, 0)).toEqual([]);
    expect(await read(alone, 960)).toEqual(['5827']);
    // A clear number at the first pass: the photo is not looked at again.
    const beside = await photo([{ text: '3190', x: 200, size: 90 }, small]);
    expect(await read(beside, 960)).toEqual(['3190']);
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
