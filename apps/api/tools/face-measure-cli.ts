/**
 * Prints what docs/selfie-search.md reports, from the sample images inside `@vladmandic/human`:
 *   npx tsx apps/api/tools/face-measure-cli.ts [--search 100000]
 * - time per photo (wall, this process, one photo at a time) on photos of 1 to ~40 faces;
 * - the portrait's similarity to every face of the `screenshot-facematch.jpg` wall of faces,
 *   best first (its first eight are the portrait's man, in eight different photos: labelled by eye);
 * - search time of the index over N synthetic faces.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { createFaceEngine } from '../src/faces/engine.js';
import { FaceIndex } from '../src/faces/face-index.js';
import { MATCH_SIMILARITY, MAYBE_SIMILARITY } from '../src/faces/thresholds.js';

const { values } = parseArgs({ options: { search: { type: 'string', default: '100000' } } });
const assets = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@vladmandic/human')),
  '..',
  'assets',
);
const asset = (file: string): Buffer => readFileSync(path.join(assets, file));
const engine = createFaceEngine();
const dot = (a: Float32Array, b: Float32Array): number => a.reduce((s, v, i) => s + v * b[i]!, 0);

async function timed(label: string, photo: Buffer): Promise<void> {
  const meta = await sharp(photo).metadata();
  const started = performance.now();
  const faces = await engine.detectFaces(photo);
  const ms = performance.now() - started;
  console.log(
    `${label.padEnd(44)} ${meta.width}×${meta.height}  ${String(faces.length).padStart(2)} faces  ${Math.round(ms)} ms`,
  );
}

const loadStarted = performance.now();
const [portrait] = await engine.detectFaces(asset('screenshot-faceid.jpg'));
console.log(`model load + first photo: ${Math.round(performance.now() - loadStarted)} ms`);
if (!portrait) throw new Error('no face on the portrait');

await timed('portrait (screenshot-faceid.jpg)', asset('screenshot-faceid.jpg'));
await timed('row of five (screenshot-facedetect.jpg)', asset('screenshot-facedetect.jpg'));
const head = await sharp(asset('screenshot-faceid.jpg'))
  .extract({ left: 15, top: 175, width: 180, height: 180 })
  .resize(80, 80)
  .toBuffer();
const blank = sharp({
  create: { width: 1600, height: 1067, channels: 3, background: { r: 120, g: 140, b: 110 } },
});
await timed(
  '1600 px photo, one 80 px head (tiles)',
  await blank
    .clone()
    .composite([{ input: head, left: 900, top: 500 }])
    .jpeg()
    .toBuffer(),
);
await timed('1600 px photo, no face', await blank.clone().jpeg().toBuffer());
await timed('wall of faces (screenshot-facematch.jpg)', asset('screenshot-facematch.jpg'));

const wall = await engine.detectFaces(asset('screenshot-facematch.jpg'));
const ranked = wall
  .map((face) => ({ face, similarity: dot(portrait.embedding, face.embedding) }))
  .sort((a, b) => b.similarity - a.similarity);
console.log('portrait vs the wall of faces, best first:');
console.log(ranked.map((r, i) => `${i}:${r.similarity.toFixed(3)}`).join(' '));
const same = ranked.slice(0, 8).map((r) => r.face.embedding);
const others = ranked.slice(9).map((r) => r.face.embedding);
const pairs = (a: Float32Array[], b: Float32Array[] | null): number[] => {
  const out: number[] = [];
  a.forEach((x, i) => (b ?? a).forEach((y, j) => (b || j > i) && out.push(dot(x, y))));
  return out.sort((p, q) => p - q);
};
const describe = (label: string, list: number[]): void => {
  const at = (p: number): string =>
    list[Math.min(list.length - 1, Math.floor(p * list.length))]!.toFixed(3);
  console.log(
    `${label.padEnd(36)} n=${list.length}  min ${at(0)}  p10 ${at(0.1)}  median ${at(0.5)}  p90 ${at(0.9)}  p99 ${at(0.99)}  max ${list[list.length - 1]!.toFixed(3)}`,
  );
  const share = (from: number): string =>
    `${Math.round((100 * list.filter((v) => v >= from).length) / list.length)} %`;
  console.log(
    `${''.padEnd(36)} ≥ ${MATCH_SIMILARITY}: ${share(MATCH_SIMILARITY)}  ≥ ${MAYBE_SIMILARITY}: ${share(MAYBE_SIMILARITY)}`,
  );
};
describe('same man, pairs of his 8 faces', pairs(same, null));
describe(`the man against ${others.length} other faces`, pairs(same, others));

const count = Number(values.search);
const index = new FaceIndex();
let seed = 1;
const random = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const vector = new Float32Array(1024);
for (let id = 0; id < count; id++) {
  for (let i = 0; i < 1024; i++) vector[i] = random() < 0.4 ? 0 : random();
  index.add(id, `photo-${id >> 2}`, vector);
}
const times: number[] = [];
for (let run = 0; run < 15; run++) {
  const started = performance.now();
  index.search(wall[run % wall.length]!.embedding, { limit: 200, minSimilarity: 0.5 });
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
console.log(
  `search over ${count} faces (${index.simd ? 'WebAssembly SIMD' : 'plain JS'}): median ${times[7]!.toFixed(1)} ms, best ${times[0]!.toFixed(1)} ms, worst ${times[14]!.toFixed(1)} ms`,
);
