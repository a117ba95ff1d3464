/**
 * "More photos of you" (face fusion) on photographed faces: the labelled sample faces of
 * `@vladmandic/human/assets` (the labels of bench/workers/faces-accuracy.mjs, full mode), through
 * the product's `detectFaces` and the API's fusion rule (apps/api/src/faces/fusion.ts).
 *
 * Each face stands for a photo of its own. The event's known faces (worn above a read bib): the
 * man's portrait and his face on the five-face row (bib 1), the row's dark-haired woman (bib 2),
 * and every other person of even place (bibs of their own): the impostor pairs. The faces to find:
 * the man's seven faces on the wall and the woman's one (their bib unread), among the other
 * people of odd place, who are strangers with no bib read.
 *   node --import tsx bench/tools/fusion-real.ts
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type Sharp from 'sharp';
import { FaceIndex } from '../../apps/api/src/faces/face-index.js';
import { calibrateFusion, fuse, type LabelledFace } from '../../apps/api/src/faces/fusion.js';
import { detectFaces } from '../../apps/api/src/faces/index.js';

const require = createRequire(path.resolve('apps/api/package.json'));
const sharp = require('sharp') as typeof Sharp;
const assets = path.join(path.dirname(require.resolve('@vladmandic/human')), '..', 'assets');
const read = (name: string) => sharp(path.join(assets, name)).toBuffer();

/** As bench/workers/faces-accuracy.mjs: the wall's faces labelled by eye, by their box centre. */
const WALL_LABELS = [
  { x: 1652, y: 338, identity: 'man' },
  { x: 906, y: 339, identity: 'man' },
  { x: 1335, y: 337, identity: 'man' },
  { x: 1120, y: 339, identity: 'man' },
  { x: 56, y: 336, identity: 'man' },
  { x: 908, y: 449, identity: 'man' },
  { x: 1016, y: 337, identity: 'man' },
  { x: 1785, y: 447, identity: null },
  { x: 591, y: 786, identity: 'row-1' },
];
const gallery: Array<{ id: string; identity: string; embedding: Float32Array }> = [];
const [portrait] = await detectFaces(await read('screenshot-faceid.jpg'));
gallery.push({ id: 'portrait', identity: 'man', embedding: portrait!.embedding as Float32Array });
const row = (await detectFaces(await read('screenshot-facedetect.jpg')))
  .filter((f) => f.box.y > 300 && f.box.width > 100)
  .sort((a, b) => a.box.x - b.box.x);
row.forEach((f, i) =>
  gallery.push({
    id: `row-${i}`,
    identity: i === 0 ? 'man' : `row-${i}`,
    embedding: f.embedding as Float32Array,
  }),
);
(await detectFaces(await read('screenshot-facematch.jpg'))).forEach((f, i) => {
  const cx = f.box.x + f.box.width / 2;
  const cy = f.box.y + f.box.height / 2;
  const label = WALL_LABELS.find((l) => Math.hypot(l.x - cx, l.y - cy) < 40);
  if (label?.identity === null) return;
  gallery.push({
    id: `wall-${i}`,
    identity: label?.identity ?? `wall-${i}`,
    embedding: f.embedding as Float32Array,
  });
});

const bibOf = (identity: string) =>
  identity === 'man'
    ? '1'
    : identity === 'row-1'
      ? '2'
      : `${100 + gallery.findIndex((g) => g.identity === identity)}`;
const index = new FaceIndex();
const labelled: LabelledFace[] = [];
let strangers = 0;
gallery.forEach((face, i) => {
  index.add(i + 1, face.id, face.embedding);
  const known =
    face.id === 'portrait' ||
    face.id === 'row-0' ||
    face.id === 'row-1' ||
    (face.identity !== 'man' && face.identity !== 'row-1' && i % 2 === 0);
  if (known)
    labelled.push({
      id: i + 1,
      photoId: face.id,
      bibs: [bibOf(face.identity)],
      embedding: index.embedding(i + 1)!,
    });
  else if (face.identity !== 'man' && face.identity !== 'row-1') strangers++;
});
console.log(
  `${gallery.length} faces: ${labelled.length} known (above a read bib), ${strangers} strangers to find among`,
);
console.log(
  '| threshold | quantile | margin | bar | man (bib 1): found of 7 / strangers | woman (bib 2): found of 1 / strangers |',
);
for (const [threshold, quantile, margin] of [
  [0.6, null, null],
  [0.6, 0.99, null],
  [0.6, null, 0.05],
  [0.6, 0.99, 0.02],
  [0.6, 0.99, 0.05],
  [0.6, 0.99, 0.1],
] as Array<[number, number | null, number | null]>) {
  const calibration = calibrateFusion(labelled, threshold, { quantile });
  const cells = ['1', '2'].map((bib) => {
    const queries = labelled.filter((l) => l.bibs[0] === bib);
    const found = fuse(
      index,
      queries.map((q) => q.embedding),
      calibration,
      [bib],
      new Set(queries.map((q) => q.photoId)),
      { limit: 800, margin },
    );
    let right = 0;
    let wrong = 0;
    for (const photoId of found.keys()) {
      const face = gallery.find((g) => g.id === photoId)!;
      if (bibOf(face.identity) === bib) right++;
      else wrong++;
    }
    return `${right} / ${wrong}`;
  });
  console.log(
    `| ${threshold} | ${quantile ?? '–'} | ${margin ?? '–'} | ${calibration.bar.toFixed(3)} (${calibration.pairs} pairs, quantile ${calibration.impostorQuantile}) | ${cells[0]} | ${cells[1]} |`,
  );
}
process.exit(0);
