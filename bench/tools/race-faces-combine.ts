/**
 * Two descriptors of the same faces side by side: each face's unit-length descriptors from two
 * files of race-faces-describe.ts or race-faces-aligned.ts (the same faces: the second tool keeps
 * the first one's boxes) joined into one vector, weighted so that its similarity is
 * `weight` × the first's + (1 − `weight`) × the second's. Faces found in only one file are left
 * out. Writes the same JSON, for race-faces-measure.ts.
 *
 *   node --conditions=source --import tsx bench/tools/race-faces-combine.ts <a.json> <b.json> <out.json> [weight, default 0.5]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Described, FoundFace } from '../eval-sets/race-faces-score.js';

const [first, second, out, weightArg = '0.5'] = process.argv.slice(2);
if (!first || !second || !out)
  throw new Error('usage: race-faces-combine.ts <a.json> <b.json> <out.json> [weight]');
const weight = Number(weightArg);
if (!(weight > 0 && weight < 1)) throw new Error(`weight: between 0 and 1, not ${weightArg}`);

type File = Described & { descriptor: string; photoMs: number };
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as File;
const a = read(first);
const b = read(second);
const key = (f: FoundFace) => `${f.box.x},${f.box.y},${f.box.width},${f.box.height}`;

function joined(x: FoundFace, y: FoundFace): FoundFace {
  const unit = (v: ArrayLike<number>, share: number) => {
    const length = Math.hypot(...Array.from(v));
    return Array.from(v, (value) => (value / length) * Math.sqrt(share));
  };
  const embedding = [...unit(x.embedding, weight), ...unit(y.embedding, 1 - weight)];
  return { ...x, embedding: embedding.map((v) => Math.round(v * 1e5) / 1e5) };
}

let left = 0;
const photos: Record<string, FoundFace[]> = {};
for (const [photo, faces] of Object.entries(a.photos)) {
  const other = new Map((b.photos[photo] ?? []).map((f) => [key(f), f]));
  photos[photo] = [];
  for (const f of faces) {
    const twin = other.get(key(f));
    if (twin) photos[photo].push(joined(f, twin));
    else left++;
  }
}
const selfies = a.selfies.map((s, i) => {
  const twin = b.selfies[i];
  if (twin?.runner !== s.runner || twin.photo !== s.photo)
    throw new Error(`${first} and ${second}: their selfies are not the same`);
  return { ...s, face: s.face && twin.face ? joined(s.face, twin.face) : null };
});
const descriptor = `${a.descriptor} + ${b.descriptor} (${weight})`;
writeFileSync(out, JSON.stringify({ descriptor, photoMs: a.photoMs + b.photoMs, photos, selfies }));
console.log(`${descriptor}: ${left} faces found in the first file only, left out`);
