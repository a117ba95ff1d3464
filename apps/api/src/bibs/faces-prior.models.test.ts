/**
 * The bib reader with the face detector, as the `bibs` job runs them (`engineBibReader`): a
 * number over the runners' heads (a banner, a clock) is not taken for a bib. The face is a real
 * one, the library's sample portrait from `@vladmandic/human/assets` in node_modules (never
 * copied into the repository), with a bib drawn on the chest below it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { engineBibReader, type BibReading } from '../services/engines.js';

const MODEL_TIMEOUT = 180_000;
const portrait = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@vladmandic/human')),
  '..',
  'assets',
  'screenshot-faceid.jpg',
);

/** A finish straight: a banner's number above, the runner's head, their bib below it. */
async function finishPhoto(): Promise<Buffer> {
  // The head large in the frame, as a runner near the camera: the bibs job looks for faces on
  // the whole photo only (no tiles for small faces far back).
  const head = await sharp(readFileSync(portrait)).resize(700).toBuffer();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="1100"><rect width="1400" height="1100" fill="#7d8a80"/><rect x="40" y="20" width="330" height="150" fill="#f6f6f2"/><text x="65" y="135" font-family="DejaVu Sans" font-weight="bold" font-size="110" fill="#111">4821</text><rect x="420" y="690" width="420" height="410" fill="#1f4e8c"/><rect x="480" y="740" width="300" height="170" fill="#f6f6f2"/><text x="505" y="865" font-family="DejaVu Sans" font-weight="bold" font-size="110" fill="#111">3648</text></svg>`;
  return sharp(Buffer.from(svg))
    .composite([{ input: head, left: 350, top: 190 }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

const sure = (readings: BibReading[]) =>
  readings
    .filter((d) => d.confidence >= 0.8)
    .map((d) => d.bib)
    .sort();

let photo: Buffer;
beforeAll(async () => {
  photo = await finishPhoto();
});

describe('the bib reader where it knows where the heads are', () => {
  it('reads the bib under the face and lowers the banner’s number over it', async () => {
    const read = await engineBibReader({ faces: true }).readBibs(photo, {});
    expect(sure(read)).toEqual(['3648']);
    // Lowered, not lost: an organiser reviewing the photo still sees it.
    expect(read.find((d) => d.bib === '4821')?.confidence).toBeGreaterThan(0.5);
  }, MODEL_TIMEOUT);

  it('takes both numbers for bibs without the face detector (FACES_ENABLED=false)', async () => {
    const read = await engineBibReader({ faces: false }).readBibs(photo, {});
    expect(sure(read)).toEqual(['3648', '4821']);
  }, MODEL_TIMEOUT);
});
