// Face identification on the labelled faces available: the sample images inside
// @vladmandic/human/assets, read from node_modules (never copied into the repository), through
// the product's `detectFaces` (apps/api/dist/faces). argv: mode (quick|full), seed. Prints JSON.
//
// Labels (docs/selfie-search.md, "Matching"): `screenshot-faceid.jpg` is a portrait of one man;
// the row of five large crops on `screenshot-facedetect.jpg` is that man then four women; on
// `screenshot-facematch.jpg` (full mode) the eight faces most similar to the portrait are him
// (checked by eye), the ninth is ambiguous and left out, the other faces are other people, each
// their own identity. The small thumbnails of `screenshot-facedetect.jpg` repeat the row's
// people and are not used. Queries are seeded augmented copies of each gallery face.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const file = path.join(root, 'apps/api/dist/faces/index.js');
if (!existsSync(file)) {
  console.log(JSON.stringify({ missing: 'apps/api/dist/faces/index.js is not built' }));
  process.exit(0);
}
const require = createRequire(path.join(root, 'apps/api/package.json'));
const sharp = require('sharp');
const { detectFaces, MATCH_SIMILARITY, MAYBE_SIMILARITY } = await import(pathToFileURL(file).href);
const assets = path.join(path.dirname(require.resolve('@vladmandic/human')), '..', 'assets');
const [mode = 'quick', seedArg = '1'] = process.argv.slice(2);
const full = mode === 'full';
const augmentsPerFace = full ? 3 : 1;

/** mulberry32: a small seeded generator, so every run makes the same queries. */
let state = Number(seedArg) >>> 0;
function random() {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const between = (a, b) => a + (b - a) * random();

const dot = (a, b) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
};

const sources = new Map();
async function source(name) {
  if (!sources.has(name)) {
    const bytes = await sharp(path.join(assets, name)).toBuffer();
    const meta = await sharp(bytes).metadata();
    sources.set(name, { bytes, width: meta.width, height: meta.height });
  }
  return sources.get(name);
}

/** Gallery faces: { id, identity, image, box, embedding }. */
const gallery = [];
const t0 = performance.now();
const [portrait] = await detectFaces((await source('screenshot-faceid.jpg')).bytes);
if (!portrait) throw new Error('no face found on screenshot-faceid.jpg');
gallery.push({ id: 'portrait', identity: 'man', image: 'screenshot-faceid.jpg', ...portrait });
const row = (await detectFaces((await source('screenshot-facedetect.jpg')).bytes))
  .filter((f) => f.box.y > 300 && f.box.width > 100)
  .sort((a, b) => a.box.x - b.box.x);
if (row.length !== 5) throw new Error(`expected the row of five faces, found ${row.length}`);
row.forEach((f, i) =>
  gallery.push({
    id: `row-${i}`,
    identity: i === 0 ? 'man' : `row-${i}`,
    image: 'screenshot-facedetect.jpg',
    ...f,
  }),
);
/**
 * Faces of `screenshot-facematch.jpg` labelled by eye, by the centre of their box on the wall
 * (so the labels do not move when the engine's similarities do): the portrait's man (in a suit,
 * with sunglasses, with face paint...), the row's second face (the dark-haired woman), and one
 * face left out as unsure (an older dark-haired man). Every other face is its own identity.
 */
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
let ambiguous = 0;
if (full) {
  const wall = await detectFaces((await source('screenshot-facematch.jpg')).bytes);
  wall.forEach((f, i) => {
    const cx = f.box.x + f.box.width / 2;
    const cy = f.box.y + f.box.height / 2;
    const label = WALL_LABELS.find((l) => Math.hypot(l.x - cx, l.y - cy) < 40);
    if (label && label.identity === null) {
      ambiguous++;
      return;
    }
    gallery.push({
      id: `wall-${i}`,
      identity: label ? label.identity : `wall-${i}`,
      image: 'screenshot-facematch.jpg',
      ...f,
    });
  });
}
const galleryMs = performance.now() - t0;

/** A seeded augmented copy of a face's surroundings: re-crop, mirror, scale, rotation, brightness, JPEG q20. */
async function augment(face) {
  const src = await source(face.image);
  const { x, y, width, height } = face.box;
  const left = Math.max(0, Math.round(x - width * between(0.3, 0.6)));
  const top = Math.max(0, Math.round(y - height * between(0.4, 0.7)));
  const right = Math.min(src.width, Math.round(x + width * (1 + between(0.3, 0.6))));
  const bottom = Math.min(src.height, Math.round(y + height * (1 + between(0.3, 0.6))));
  const mirror = random() < 0.5;
  const scale = 0.7;
  const angle = between(-6, 6);
  const brightness = between(0.8, 1.2);
  let image = sharp(src.bytes).extract({ left, top, width: right - left, height: bottom - top });
  if (mirror) image = image.flop();
  const cropped = await image
    .resize({ width: Math.max(1, Math.round((right - left) * scale)) })
    .toBuffer();
  const bytes = await sharp(cropped)
    .rotate(angle, { background: { r: 0, g: 0, b: 0 } })
    .modulate({ brightness })
    .jpeg({ quality: 20 })
    .toBuffer();
  return {
    bytes,
    how: {
      mirror,
      scale,
      angle: Number(angle.toFixed(1)),
      brightness: Number(brightness.toFixed(2)),
    },
  };
}

const same = [];
const different = [];
for (let i = 0; i < gallery.length; i++) {
  for (let j = i + 1; j < gallery.length; j++) {
    const s = dot(gallery[i].embedding, gallery[j].embedding);
    if (gallery[i].identity === gallery[j].identity)
      same.push({ kind: 'same person, two photos', s });
    else different.push(s);
  }
}

const queries = [];
const t1 = performance.now();
for (const face of gallery) {
  for (let k = 0; k < augmentsPerFace; k++) {
    const { bytes, how } = await augment(face);
    const found = await detectFaces(bytes);
    if (found.length === 0) {
      queries.push({ id: face.id, found: false, rank1: false, how });
      continue;
    }
    const largest = found.reduce((a, b) =>
      b.box.width * b.box.height > a.box.width * a.box.height ? b : a,
    );
    const ranked = gallery
      .map((g) => ({ g, s: dot(g.embedding, largest.embedding) }))
      .sort((a, b) => b.s - a.s);
    const toOriginal = dot(face.embedding, largest.embedding);
    same.push({ kind: 'augmented copy', s: toOriginal });
    queries.push({
      id: face.id,
      found: true,
      rank1: ranked[0].g.identity === face.identity,
      self1: ranked[0].g.id === face.id,
      toOriginal,
      best: ranked[0].g.id,
      how,
    });
  }
}
const queryMs = performance.now() - t1;

// The portrait against every other gallery face: where his face on the five-face row ranks.
const fromPortrait = gallery
  .filter((g) => g.id !== 'portrait')
  .map((g) => ({ id: g.id, identity: g.identity, s: dot(g.embedding, portrait.embedding) }))
  .sort((a, b) => b.s - a.s);
const rowMan = fromPortrait.find((g) => g.id === 'row-0');
// His face's rank among the other people's faces (his own other faces not counted).
const rowManRank = 1 + fromPortrait.filter((g) => g.identity !== 'man' && g.s > rowMan.s).length;
const bestOther = fromPortrait.find((g) => g.identity !== 'man');

function spread(values) {
  const v = [...values].sort((a, b) => a - b);
  if (v.length === 0) return null;
  const at = (q) => v[Math.min(v.length - 1, Math.floor(q * (v.length - 1) + 0.5))];
  return {
    n: v.length,
    min: v[0],
    p10: at(0.1),
    median: at(0.5),
    p90: at(0.9),
    max: v[v.length - 1],
  };
}
const share = (values, test) => (values.length ? values.filter(test).length / values.length : null);
const sameAll = same.map((p) => p.s);
const sameTwoPhotos = same.filter((p) => p.kind !== 'augmented copy').map((p) => p.s);
const sameAugmented = same.filter((p) => p.kind === 'augmented copy').map((p) => p.s);
const found = queries.filter((q) => q.found);

console.log(
  JSON.stringify({
    mode,
    seed: Number(seedArg),
    images: [...sources.keys()],
    galleryFaces: gallery.length,
    identities: new Set(gallery.map((g) => g.identity)).size,
    manFaces: gallery.filter((g) => g.identity === 'man').length,
    ambiguous,
    augmentsPerFace,
    queries: queries.length,
    queriesFound: found.length,
    rank1: queries.filter((q) => q.rank1).length / queries.length,
    rank1Self: queries.filter((q) => q.self1).length / queries.length,
    rank1Found: found.length ? found.filter((q) => q.rank1).length / found.length : null,
    misses: queries
      .filter((q) => !q.rank1)
      .map((q) => ({ id: q.id, best: q.best ?? null, how: q.how })),
    portrait: {
      rowManRank,
      rowManSimilarity: rowMan.s,
      nearestIsMan: fromPortrait[0].identity === 'man',
      bestOtherId: bestOther?.id,
      bestOtherSimilarity: bestOther?.s,
    },
    thresholds: { match: MATCH_SIMILARITY, maybe: MAYBE_SIMILARITY },
    same: spread(sameAll),
    sameTwoPhotos: spread(sameTwoPhotos),
    sameAugmented: spread(sameAugmented),
    different: spread(different),
    sameAtMatch: share(sameAll, (s) => s >= MATCH_SIMILARITY),
    sameTwoPhotosAtMatch: share(sameTwoPhotos, (s) => s >= MATCH_SIMILARITY),
    sameTwoPhotosAtMaybe: share(sameTwoPhotos, (s) => s >= MAYBE_SIMILARITY),
    differentAtMatch: share(different, (s) => s >= MATCH_SIMILARITY),
    differentAtMaybe: share(different, (s) => s >= MAYBE_SIMILARITY),
    galleryMs,
    queryMs,
  }),
);
process.exit(0);
