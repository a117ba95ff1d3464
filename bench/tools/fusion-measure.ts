/**
 * "More photos of you" (face fusion) measured on the demo's drawn faces, with the rule the API
 * runs (apps/api/src/faces/fusion.ts): before (the event's threshold alone) and with the
 * per-event calibration, for a grid of its two parameters. Reads bench/tools/fusion-data.ts's
 * output. Who is who: each ground-truth bib's box and the wearer rule (faces/wearer.ts). A bib
 * counts as read by OCR when it is not occluded and a hash of (photo, bib) keeps it (70 %, about
 * the OCR's recall on the demo); the photos where it was not read are the ones fusion should find.
 * The bibs are split in two halves by a hash of the number: A to choose on, B held out.
 *   node --import tsx bench/tools/fusion-measure.ts <demo.json>
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { MAX_SELFIE_MATCHES } from '@eventsite/contract';
import { FaceIndex } from '../../apps/api/src/faces/face-index.js';
import { calibrateFusion, fuse, type LabelledFace } from '../../apps/api/src/faces/fusion.js';
import { normalise } from '../../apps/api/src/faces/vectors.js';
import { wearerFace } from '../../apps/api/src/faces/wearer.js';

type Box = { x: number; y: number; width: number; height: number };
interface Photo {
  id: string;
  bibs: Array<{ bib: string; box: Box; occluded: boolean }>;
  faces: Array<{ box: Box; embedding: number[] }>;
}
const [file = '/tmp/fusion-demo.json'] = process.argv.slice(2);
const { photos } = JSON.parse(await readFile(file, 'utf8')) as { photos: Photo[] };
const hash = (s: string) => createHash('sha256').update(s).digest().readUInt32BE(0);

const index = new FaceIndex();
/** Per face id: its photo, its embedding, its true runner (null: no bib under it). */
const faces = new Map<number, { photoId: string; embedding: Float32Array; truth: string | null }>();
/** Per bib: its read boxes' wearers (the queries) and the photos where it was read. */
const read = new Map<string, { queries: number[]; photos: Set<string> }>();
const labelled: LabelledFace[] = [];
let nextId = 1;
for (const photo of photos) {
  const mine = photo.faces.map((f) => ({
    id: nextId++,
    box: f.box,
    embedding: normalise(f.embedding),
  }));
  for (const f of mine) {
    index.add(f.id, photo.id, f.embedding);
    faces.set(f.id, { photoId: photo.id, embedding: f.embedding, truth: null });
  }
  for (const b of photo.bibs) {
    const wearer = wearerFace(mine, b.box);
    if (wearer) faces.get(wearer.id)!.truth = b.bib;
    const isRead = !b.occluded && hash(`${photo.id}:${b.bib}`) % 10 >= 3;
    if (!isRead) continue;
    const entry = read.get(b.bib) ?? { queries: [], photos: new Set<string>() };
    entry.photos.add(photo.id);
    if (wearer) {
      entry.queries.push(wearer.id);
      labelled.push({
        id: wearer.id,
        photoId: photo.id,
        bibs: [b.bib],
        embedding: wearer.embedding,
      });
    }
    read.set(b.bib, entry);
  }
}

// Similarity spreads by truth (faces on different photos), for the docs.
const truthFaces = [...faces].filter(([, f]) => f.truth !== null);
const same: number[] = [];
const other: number[] = [];
for (let i = 0; i < truthFaces.length; i++)
  for (let j = i + 1; j < truthFaces.length; j++) {
    const [, a] = truthFaces[i]!;
    const [, b] = truthFaces[j]!;
    if (a.photoId === b.photoId) continue;
    let s = 0;
    for (let k = 0; k < a.embedding.length; k++) s += a.embedding[k]! * b.embedding[k]!;
    (a.truth === b.truth ? same : other).push(s);
  }
const q = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))]!.toFixed(3);
};
console.log(
  `${photos.length} photos, ${faces.size} faces, ${truthFaces.length} above a bib, ${labelled.length} above a read bib; bibs read: ${read.size}`,
);
for (const [name, xs] of [
  ['same runner', same],
  ['different runners', other],
] as const)
  console.log(
    `${name}: n ${xs.length} p10 ${q(xs, 0.1)} median ${q(xs, 0.5)} p90 ${q(xs, 0.9)} p99 ${q(xs, 0.99)} max ${q(xs, 1)}`,
  );

const half = (bib: string) => (hash(`half:${bib}`) % 2 === 0 ? 'A' : 'B');
function run(threshold: number, quantile: number | null, margin: number | null) {
  const calibration = calibrateFusion(labelled, threshold, { quantile });
  const tally = {
    A: { right: 0, wrong: 0, unknown: 0, missed: 0 },
    B: { right: 0, wrong: 0, unknown: 0, missed: 0 },
  };
  for (const [bib, { queries, photos: seen }] of read) {
    if (queries.length === 0) continue;
    const t = tally[half(bib)];
    const found = fuse(
      index,
      queries.map((id) => faces.get(id)!.embedding),
      calibration,
      [bib],
      seen,
      { limit: MAX_SELFIE_MATCHES * 4, margin },
    );
    const answered = new Set<string>();
    for (const [photoId, { face }] of found) {
      answered.add(photoId);
      const truth = faces.get(face)!.truth;
      if (truth === bib) t.right++;
      else if (truth === null) t.unknown++;
      else t.wrong++;
    }
    // The runner's photos fusion should have found: their face is over the bib, the bib unread.
    const missing = new Set(
      [...faces.values()]
        .filter((f) => f.truth === bib && !seen.has(f.photoId) && !answered.has(f.photoId))
        .map((f) => f.photoId),
    );
    t.missed += missing.size;
  }
  return { calibration, tally };
}
const fmt = (t: { right: number; wrong: number; unknown: number; missed: number }) =>
  `${t.right} / ${t.wrong} / ${t.unknown} (${(t.right / Math.max(1, t.right + t.wrong)).toFixed(2)}; missed ${t.missed})`;
console.log(
  '| threshold | quantile | margin | bar | A: right / wrong / no bib (precision; missed) | B held out |',
);
for (const [threshold, quantile, margin] of [
  [0.6, null, null],
  [0.8, null, null],
  [0.9, null, null],
  [0.6, 0.95, null],
  [0.6, 0.99, null],
  [0.6, 0.999, null],
  [0.6, null, 0],
  [0.6, null, 0.02],
  [0.6, null, 0.05],
  [0.6, 0.98, 0.02],
  [0.6, 0.99, 0],
  [0.6, 0.99, 0.01],
  [0.6, 0.99, 0.02],
  [0.6, 0.99, 0.03],
  [0.6, 0.99, 0.05],
  [0.6, 0.995, 0.02],
] as Array<[number, number | null, number | null]>) {
  const { calibration, tally } = run(threshold, quantile, margin);
  console.log(
    `| ${threshold} | ${quantile ?? '–'} | ${margin ?? '–'} | ${calibration.bar.toFixed(3)} | ${fmt(tally.A)} | ${fmt(tally.B)} |`,
  );
}
