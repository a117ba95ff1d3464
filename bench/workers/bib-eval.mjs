// Bib search precision and recall on the labelled generated set: the product's pure engine
// measured by apps/api/tools/bib-evaluate.ts (evaluateBibSearch, run from its TypeScript with
// tsx), as an event without race results and as one with them (a start list of 2000 runners).
// argv: count, seed. Prints JSON.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const file = path.join(root, 'apps/api/tools/bib-evaluate.ts');
const [count, seed] = process.argv.slice(2).map(Number);
if (!existsSync(file)) {
  console.log(JSON.stringify({ missing: 'apps/api/tools/bib-evaluate.ts is not there' }));
  process.exit(0);
}
// Registered for the whole process: the engine's own thread is then started from its TypeScript.
register();
const mod = await import(pathToFileURL(file).href);
if (typeof mod.evaluateBibSearch !== 'function') {
  console.log(JSON.stringify({ missing: 'bib-evaluate.ts does not export evaluateBibSearch' }));
  process.exit(0);
}
const r = await mod.evaluateBibSearch({ count, seed });
console.log(
  JSON.stringify({
    photos: r.photos,
    truthBibs: r.truthBibs,
    threshold: r.threshold,
    precision: r.precision,
    recall: r.recall,
    recallVisible: r.recallVisible,
    recallOccluded: r.recallOccluded,
    perPhotoMs: r.perPhotoMs,
    perPhotoCpuMs: r.perPhotoCpuMs,
    photosPerMinute: r.photosPerMinute,
    withResults: r.withResults
      ? {
          registeredBibs: r.withResults.registeredBibs,
          numbering: r.withResults.numbering,
          precision: r.withResults.precision,
          recall: r.withResults.recall,
          recallVisible: r.withResults.recallVisible,
          recallOccluded: r.withResults.recallOccluded,
        }
      : undefined,
  }),
);
process.exit(0);
