/**
 * What the faces on a photo do for the bib reader, on the real race photos' tuning part (never
 * the held-out part): each photo read as the bibs job reads it, with and without the face
 * detector's boxes (`faces` in the reader's options: a number above every face is lowered).
 * Prints each reading the faces change, then precision and recall both ways.
 * Usage: node --import tsx bench/tools/bib-faces.ts [threshold=0.8] (env RESIZE=1600: each photo
 * scaled to that long side first, as a bigger photo of the same scene; TILES=1: the face
 * detector with its tiles for small faces, which the bibs job leaves out)
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { bibsFromLines, createOcrEngine } from '../../apps/api/src/bibs/index.js';
import { createFaceEngine } from '../../apps/api/src/faces/engine.js';
import { loadRealRace, scorePairs } from '../eval-sets/real-race.js';

const threshold = Number(process.argv[2] ?? 0.8);
const resize = Number(process.env.RESIZE ?? 0);
const { tuning } = loadRealRace();
const ocr = createOcrEngine();
const faceEngine = createFaceEngine();

const without = new Map<string, string[]>();
const withFaces = new Map<string, string[]>();
let faceless = 0;
for (const photo of tuning) {
  const original = readFileSync(photo.path);
  const image = resize
    ? await sharp(original)
        .resize({ width: resize, height: resize, fit: 'inside', kernel: 'lanczos3' })
        .jpeg({ quality: 90 })
        .toBuffer()
    : original;
  const lines = await ocr.readText(image, { skipSmallPrint: true });
  const faces = await faceEngine.locateFaces(image, { tiles: process.env.TILES === '1' });
  if (faces.length === 0) faceless++;
  const read = (withBoxes: boolean) =>
    bibsFromLines(lines, { faces: withBoxes ? faces : null })
      .filter((d) => d.confidence >= threshold)
      .map((d) => d.bib);
  without.set(photo.file, read(false));
  withFaces.set(photo.file, read(true));
  const truth = photo.bibs.map((b) => b.number);
  for (const bib of without.get(photo.file)!) {
    if (withFaces.get(photo.file)!.includes(bib)) continue;
    const verdict = truth.includes(bib) ? 'right' : photo.unlabelled.includes(bib) ? 'unlabelled' : 'wrong';
    console.log(`${photo.file}: ${bib} (${verdict}) lowered, ${faces.length} faces found`);
  }
}
const pct = (n: number) => `${(100 * n).toFixed(1)} %`;
for (const [name, found] of [
  ['without faces', without],
  ['with faces', withFaces],
] as const) {
  const s = scorePairs(tuning, found);
  console.log(`${name}: precision ${pct(s.precision)}, recall ${pct(s.recall)} (${s.right} right, ${s.wrong} wrong)`);
}
console.log(`${faceless} of ${tuning.length} photos with no face found`);
await ocr.dispose();
await faceEngine.dispose();
