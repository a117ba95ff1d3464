/**
 * What the bib reader makes of the real race photos' tuning part (never the held-out part):
 * each photo's labelled bibs, its readings and the text lines behind them, then precision and
 * recall at the threshold. Usage: node --import tsx bench/tools/bib-real.ts [threshold=0.8] [verbose]
 * (env DET_SIDE, CLOSER_SIDE: the detector's sizes, CLOSER_SIDE=0 for no closer look;
 * SMALL_PRINT=read: recognise small print too; DIGITS_ONLY=1: the digits-only bib pattern;
 * LENGTHS=3,4: the digit counts an event has learnt; RESIZE=2400: each photo scaled to that
 * long side first, as a camera-size or a smaller photo of the same scene)
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { bibsFromLines, createOcrEngine } from '../../apps/api/src/bibs/index.js';
import { DIGITS_BIB_PATTERN } from '../../apps/api/src/bibs/bib-text.js';
import { isLit } from '../../apps/api/src/bibs/print-ground.js';
import { loadRealRace, scorePairs } from '../eval-sets/real-race.js';

const threshold = Number(process.argv[2] ?? 0.8);
const verbose = process.argv.includes('verbose');
const { tuning } = loadRealRace();
const engine = createOcrEngine();
const found = new Map<string, string[]>();
for (const photo of tuning) {
  const bytes = readFileSync(photo.path);
  const resize = Number(process.env.RESIZE ?? 0);
  const image = resize
    ? await sharp(bytes)
        .resize({ width: resize, height: resize, fit: 'inside', kernel: 'lanczos3' })
        .jpeg({ quality: 90 })
        .toBuffer()
    : bytes;
  const lines = await engine.readText(image, {
    skipSmallPrint: process.env.SMALL_PRINT !== 'read',
    ...(process.env.DET_SIDE ? { detectionSide: Number(process.env.DET_SIDE) } : {}),
    ...(process.env.CLOSER_SIDE ? { closerLookSide: Number(process.env.CLOSER_SIDE) } : {}),
  });
  const all = bibsFromLines(lines, {
    minConfidence: 0,
    ...(process.env.LENGTHS ? { usualLengths: process.env.LENGTHS.split(',').map(Number) } : {}),
    ...(process.env.DIGITS_ONLY ? { pattern: DIGITS_BIB_PATTERN } : {}),
  });
  found.set(
    photo.file,
    all
      .filter(
        (d) =>
          (process.env.WHOLE ? (d.cutOff?.wholeConfidence ?? d.confidence) : d.confidence) >=
          threshold,
      )
      .map((d) => d.bib),
  );
  const truth = photo.bibs.map((b) => b.number);
  const missed = truth.filter((t) => !found.get(photo.file)!.includes(t));
  const wrong = found
    .get(photo.file)!
    .filter((b) => !truth.includes(b) && !photo.unlabelled.includes(b));
  if (!verbose && missed.length === 0 && wrong.length === 0) continue;
  console.log(
    `${photo.file} labelled ${photo.bibs.map((b) => `${b.number}[${b.box.join(',')}]`).join(' ')}` +
      (missed.length ? `  MISSED ${missed.join(',')}` : '') +
      (wrong.length ? `  WRONG ${wrong.join(',')}` : ''),
  );
  for (const d of all)
    console.log(
      `   read ${d.bib} ${d.confidence.toFixed(2)}${d.cutOff ? ` cut:${d.cutOff.side} whole ${d.cutOff.wholeConfidence.toFixed(2)}` : ''} box ${d.box.x},${d.box.y},${d.box.width},${d.box.height}`,
    );
  for (const l of lines)
    console.log(
      `     line "${l.text}" ${l.confidence.toFixed(2)} ends ${l.ends.left ? 'L' : '-'}${l.ends.right ? 'R' : '-'}${l.ground ? ` ground ${Math.round(l.ground.ground)} ink ${Math.round(l.ground.ink)}${isLit(l.ground) ? ' LIT' : ''}` : ''} h${Math.round(l.lineHeight)} @${l.box.x},${l.box.y}`,
    );
}
const s = scorePairs(tuning, found);
console.log(
  `tuning ${tuning.length} photos: precision ${(100 * s.precision).toFixed(1)} % (${s.right} right, ${s.wrong} wrong), recall ${(100 * s.recall).toFixed(1)} % of ${s.labelled}`,
);
await engine.dispose();
