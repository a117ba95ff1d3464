/**
 * Data for measuring "more photos of you" (face fusion) on the demo's drawn faces: renders a
 * burst of demo race photos (the demo's series renderer), finds their faces with the product's
 * `detectFaces` (tiles on, as the `faces` job does) and writes, per photo, the faces (box and
 * descriptor) and the ground-truth bibs (box, occluded). bench/tools/fusion-measure.ts reads it.
 *   node --import tsx bench/tools/fusion-data.ts <out.json> [photos=200] [seed=1003]
 */
import { writeFile } from 'node:fs/promises';
import { renderRaceSeries } from '../../apps/api/src/demo/scene/index.js';
import { detectFaces } from '../../apps/api/src/faces/index.js';

const [out = '/tmp/fusion-demo.json', count = '200', seed = '1003'] = process.argv.slice(2);
const photos: unknown[] = [];
for await (const frame of renderRaceSeries({
  count: Number(count),
  seed: Number(seed),
  eventName: 'Harbour City Marathon 2026',
  start: new Date('2026-04-12T08:30:00Z'),
  concurrency: 1,
})) {
  const faces = await detectFaces(frame.jpeg);
  photos.push({
    id: `p${frame.index}`,
    bibs: frame.bibs,
    faces: faces.map((f) => ({
      box: f.box,
      embedding: Array.from(f.embedding, (v) => +v.toFixed(5)),
    })),
  });
  if (frame.index % 20 === 0)
    console.error(`${frame.index + 1} photos, ${faces.length} faces on the last`);
}
await writeFile(out, JSON.stringify({ seed: Number(seed), photos }));
process.exit(0);
