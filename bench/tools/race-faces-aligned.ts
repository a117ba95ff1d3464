/**
 * Describes the real race photos' faces with an InsightFace-style descriptor on the standard
 * ArcFace alignment, beside the product's engine: the faces, their boxes and quality and the
 * selfies are those race-faces-describe.ts found (its file is read); each face's crop
 * (`cropAround`, as the engine) goes through Human's face mesh, five points of the mesh are
 * fitted onto the ArcFace template, the photo is warped onto the 112 px crop and the model
 * describes it (and its mirror image, the two averaged, with `--mirror`). Writes the same JSON
 * as race-faces-describe.ts, for race-faces-measure.ts.
 *
 *   node --conditions=source --import tsx bench/tools/race-faces-aligned.ts <described.json> <out.json> \
 *     <descriptor> <models folder> [--mirror] [--bgr] [--ort <onnxruntime-node folder>] [--time-faceres] [--dump <folder>]
 *
 * Descriptors: aligned-descriptors.ts. `--time-faceres` also times the product's mesh and
 * `faceres` on each photo face's crop (the same crops), to compare the cost per face. `--dump`
 * writes the first aligned crops as PNG to a folder outside the repository, to look at.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type Sharp from 'sharp';
import {
  cropAround,
  FACE_WORKING_SIDE,
  type FrameSize,
} from '../../packages/contract/src/face-recipe.js';
import { decodeUpright } from '../../apps/api/src/engine-worker/decode.js';
import { defaultHumanPaths, loadHuman, type HumanLike } from '../../apps/api/src/faces/human.js';
import { normalise } from '../../apps/api/src/faces/vectors.js';
import { loadRaceFaces, selfieRegion, type Box } from '../eval-sets/race-faces.js';
import type { Described, FoundFace } from '../eval-sets/race-faces-score.js';
import {
  ALIGNED_SIDE,
  alignmentTransform,
  fivePoints,
  type Point,
} from '../eval-sets/face-align.js';
import {
  ALIGNED_DESCRIPTORS,
  loadDescriptor,
  type AlignedDescriptorName,
  type Tfjs,
} from '../eval-sets/aligned-descriptors.js';

const require = createRequire(path.resolve('apps/api/package.json'));
const sharp = require('sharp') as typeof Sharp;

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
function option(name: string): string | undefined {
  if (!flag(name)) return undefined;
  const value = args[args.indexOf(name) + 1];
  if (!value || value.startsWith('--')) throw new Error(`${name}: give a folder after it`);
  return value;
}
const [source, out, name, models] = args.filter(
  (a, i) => !a.startsWith('--') && !['--ort', '--dump'].includes(args[i - 1]!),
);
if (!source || !out || !name || !models)
  throw new Error(
    'usage: race-faces-aligned.ts <described.json> <out.json> <descriptor> <models folder> [--mirror] [--bgr] [--ort <folder>] [--time-faceres] [--dump <folder>]',
  );
if (!(name in ALIGNED_DESCRIPTORS))
  throw new Error(
    `unknown descriptor ${name}: one of ${Object.keys(ALIGNED_DESCRIPTORS).join(', ')}`,
  );
const mirror = flag('--mirror');
const ortDir = option('--ort');
const dump = option('--dump');
const bgr = flag('--bgr');

/** Human's mesh result and the tfjs calls this tool makes, beyond what the engine types. */
interface MeshFace {
  box: [number, number, number, number];
  mesh: number[][];
}
type Tensor = { dispose(): void; data(): Promise<Float32Array> };
interface HumanTf extends Tfjs {
  tensor(values: Float32Array | Int32Array, shape: number[], dtype: 'float32' | 'int32'): Tensor;
  image: {
    transform(
      image: unknown,
      transforms: unknown,
      interpolation: 'bilinear',
      fill: 'constant',
      value: number,
      size: [number, number],
    ): Tensor;
  };
  tensor2d(values: number[][]): Tensor;
}

const set = loadRaceFaces();
const described = JSON.parse(readFileSync(source, 'utf8')) as Described;
const human = await loadHuman(defaultHumanPaths(), 1);
const tf = human.tf as unknown as HumanTf;
const model = await loadDescriptor(name as AlignedDescriptorName, models, {
  tf,
  ortDir,
  bgr,
});
const meshOnly = {
  face: {
    detector: { maxDetected: 1 },
    mesh: { enabled: true },
    description: { enabled: false },
    mobilefacenet: { enabled: false },
    insightface: { enabled: false },
  },
};
const faceresToo = { face: { ...meshOnly.face, description: { enabled: true } } };

type Raw = { data: Buffer; width: number; height: number };

/** The crop around a face (as the engine cuts it) and the mesh's face nearest its centre. */
async function meshOf(raw: Raw, box: Box, config: Record<string, unknown>) {
  const plan = cropAround(box, raw as FrameSize);
  if (!plan) return null;
  const { crop, width, height, scale } = plan;
  const { data } = await sharp(raw.data, {
    raw: { width: raw.width, height: raw.height, channels: 3 },
  })
    .extract({ left: crop.x, top: crop.y, width: crop.width, height: crop.height })
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const input = tf.tensor(new Int32Array(data), [1, height, width, 3], 'int32');
  try {
    const result = await (human as HumanLike).detect(input, config);
    let best: { face: MeshFace; distance: number } | null = null;
    for (const face of result.face as unknown as MeshFace[]) {
      if (!face.mesh || face.mesh.length < 468) continue;
      const [x, y, w, h] = face.box;
      const distance = Math.hypot(x + w / 2 - width / 2, y + h / 2 - height / 2);
      if (distance < Math.max(width, height) / 4 && (!best || distance < best.distance))
        best = { face, distance };
    }
    if (!best) return null;
    // The mesh's points in the frame's pixels.
    return best.face.mesh.map((p): Point => [crop.x + p[0]! / scale, crop.y + p[1]! / scale]);
  } finally {
    input.dispose();
  }
}

/** The frame warped onto the 112 px ArcFace crop by the five points, RGB 0..255 row by row. */
async function aligned(frame: Tensor, points: Point[]): Promise<Float32Array> {
  const matrix = tf.tensor2d([alignmentTransform(points)]);
  const warped = tf.image.transform(frame, matrix, 'bilinear', 'constant', 0, [
    ALIGNED_SIDE,
    ALIGNED_SIDE,
  ]);
  try {
    return Float32Array.from(await warped.data());
  } finally {
    matrix.dispose();
    warped.dispose();
  }
}

function mirrored(rgb: Float32Array): Float32Array {
  const out = new Float32Array(rgb.length);
  const side = ALIGNED_SIDE;
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++)
      for (let c = 0; c < 3; c++)
        out[(y * side + side - 1 - x) * 3 + c] = rgb[(y * side + x) * 3 + c]!;
  return out;
}

let dumped = 0;

async function embeddingOf(frame: Tensor, points: Point[]): Promise<number[]> {
  const rgb = await aligned(frame, points);
  if (dump && dumped < 24)
    await sharp(
      Buffer.from(Uint8Array.from(rgb, (v) => Math.max(0, Math.min(255, Math.round(v))))),
      {
        raw: { width: ALIGNED_SIDE, height: ALIGNED_SIDE, channels: 3 },
      },
    )
      .png()
      .toFile(path.join(dump, `aligned-${dumped++}.png`));
  let v = normalise(await model.describe(rgb));
  if (mirror) {
    const twin = normalise(await model.describe(mirrored(rgb)));
    v = normalise(Float32Array.from(v, (x, i) => x + twin[i]!));
  }
  return Array.from(v, (x) => Math.round(x * 1e5) / 1e5);
}

/** A face's box in the decoded frame's pixels (the described file's are the photo's). */
const inFrame = (box: Box, scale: number): Box => ({
  x: box.x / scale,
  y: box.y / scale,
  width: box.width / scale,
  height: box.height / scale,
});

/** The faces of one image (a photo or a selfie's crop) described again; those the mesh misses are left out. */
async function redescribe(bytes: Buffer, faces: FoundFace[]) {
  const { raw, scale } = await decodeUpright(bytes, FACE_WORKING_SIDE);
  const frame = tf.tensor(Float32Array.from(raw.data), [1, raw.height, raw.width, 3], 'float32');
  const kept: FoundFace[] = [];
  try {
    for (const face of faces) {
      const box = inFrame(face.box, scale);
      const t = performance.now();
      const mesh = await meshOf(raw, box, meshOnly);
      if (!mesh) continue;
      const embedding = await embeddingOf(frame, fivePoints(mesh));
      ownMs.push(performance.now() - t);
      kept.push({ ...face, embedding });
    }
  } finally {
    frame.dispose();
  }
  return kept;
}

const ownMs: number[] = [];
/** The product's cost on the same crops, first and apart (Human is set once per kind of call). */
async function timeFaceres(): Promise<number[]> {
  const times: number[] = [];
  for (const photo of set.photos) {
    const { raw, scale } = await decodeUpright(
      readFileSync(path.join(set.dir, photo)),
      FACE_WORKING_SIDE,
    );
    for (const face of described.photos[photo] ?? []) {
      const box = inFrame(face.box, scale);
      const t = performance.now();
      for (let pass = 0; pass < (mirror ? 2 : 1); pass++) await meshOf(raw, box, faceresToo);
      times.push(performance.now() - t);
    }
  }
  return times;
}
const timing = flag('--time-faceres') ? { faceres: await timeFaceres() } : undefined;
const started = performance.now();
const photos: Record<string, FoundFace[]> = {};
let before = 0;
let redescribed = 0;
for (const photo of set.photos) {
  const faces = described.photos[photo] ?? [];
  before += faces.length;
  photos[photo] = await redescribe(readFileSync(path.join(set.dir, photo)), faces);
  redescribed += photos[photo].length;
}
const photoMs = performance.now() - started;
const photoFaceMs = [...ownMs];
const selfies: Described['selfies'] = [];
for (const [i, a] of set.appearances.entries()) {
  const face = described.selfies[i]?.face ?? null;
  if (described.selfies[i]?.runner !== a.runner)
    throw new Error(`${source}: its selfies are not this set's`);
  if (!face) {
    selfies.push({ photo: a.photo, runner: a.runner, face: null });
    continue;
  }
  const image = sharp(path.join(set.dir, a.photo));
  const { width, height } = await image.metadata();
  const region = selfieRegion(a, { width: width!, height: height! });
  const crop = await image
    .extract({ left: region.x, top: region.y, width: region.width, height: region.height })
    .jpeg({ quality: 92 })
    .toBuffer();
  const [again] = await redescribe(crop, [face]);
  selfies.push({ photo: a.photo, runner: a.runner, face: again ?? null });
}
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / (xs.length || 1);
const label = `${name} aligned${bgr ? ' bgr' : ''}${mirror ? ' mirrored' : ''}`;
writeFileSync(
  out,
  JSON.stringify({ descriptor: label, photoMs, described: redescribed, photos, selfies }),
);
console.log(
  `${label}: ${redescribed} of ${before} faces described again (the mesh missed ${before - redescribed}); ` +
    `${selfies.filter((s) => s.face).length} of ${described.selfies.filter((s) => s.face).length} selfies; ` +
    `${mean(photoFaceMs).toFixed(0)} ms a face (mesh, alignment, model)` +
    (timing
      ? `; the product's mesh and faceres on the same crops ${mean(timing.faceres).toFixed(0)} ms a face`
      : ''),
);
