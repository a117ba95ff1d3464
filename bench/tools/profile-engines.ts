/**
 * Where a race photo's recognition time goes, stage by stage, in one thread (as the engine
 * worker runs it): decode, the face detector over the whole frame and over each tile, the
 * description of each face, and bib OCR. Usage:
 *   node --import tsx bench/tools/profile-engines.ts [photos=12]
 */
import { createRequire } from 'node:module';
import { createFaceEngine } from '../../apps/api/src/faces/engine.js';
import { defaultHumanPaths } from '../../apps/api/src/faces/human.js';
import { readBibs } from '../../apps/api/src/bibs/read-bibs.js';
import { createOcrEngine } from '../../apps/api/src/bibs/ocr-engine.js';
import { shots } from '../figures/race-day.js';

const count = Number(process.argv[2] ?? 12);
const require = createRequire(import.meta.url);
const { Human } = require(defaultHumanPaths().library) as {
  Human: { prototype: Record<string, unknown> };
};
const times: Record<string, { n: number; ms: number }> = {};
const add = (k: string, ms: number) => {
  const t = (times[k] ??= { n: 0, ms: 0 });
  t.n++;
  t.ms += ms;
};
const detect = Human.prototype.detect as (...a: unknown[]) => Promise<unknown>;
Human.prototype.detect = async function (this: unknown, ...args: unknown[]) {
  const cfg = args[1] as { face?: { description?: { enabled?: boolean } } };
  const kind = cfg?.face?.description?.enabled ? 'face: describe' : 'face: detect';
  const t = performance.now();
  try {
    return await detect.apply(this, args);
  } finally {
    add(kind, performance.now() - t);
  }
};

const photos = await shots(count + 1, 5_100_000);
const faces = createFaceEngine();
const ocr = createOcrEngine();
await faces.detectFaces(photos[0]!.jpeg);
await readBibs(photos[0]!.jpeg, { engine: ocr });
for (const k of Object.keys(times)) delete times[k];
let facesMs = 0;
let ocrMs = 0;
let found = 0;
for (const p of photos.slice(1)) {
  let t = performance.now();
  found += (await faces.detectFaces(p.jpeg)).length;
  facesMs += performance.now() - t;
  t = performance.now();
  await readBibs(p.jpeg, { engine: ocr });
  ocrMs += performance.now() - t;
}
console.log(`${count} photos, ${found} faces described`);
console.log(
  `faces total ${(facesMs / count).toFixed(0)} ms/photo; OCR total ${(ocrMs / count).toFixed(0)} ms/photo`,
);
for (const [k, v] of Object.entries(times))
  console.log(
    `${k}: ${v.n / count} calls/photo, ${(v.ms / v.n).toFixed(1)} ms/call, ${(v.ms / count).toFixed(0)} ms/photo`,
  );
await faces.dispose();
await ocr.dispose();
