// The held-out runner series of the independent evaluation set (bench/eval-sets/bib-series.ts):
// events whose runners are on several photos, read by the product's reader, scored photo by photo
// and with what the event's other photos say. argv: number of events (from the held-out part's
// first). Prints JSON.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Registered for the whole process: the engine's own thread is then started from its TypeScript.
register();
const { evaluateSeries, SERIES_HELD_OUT_FROM } = await import(
  pathToFileURL(path.join(root, 'bench/eval-sets/bib-series.ts')).href
);
const count = Number(process.argv[2]);
const r = await evaluateSeries({
  events: Array.from({ length: count }, (_, i) => SERIES_HELD_OUT_FROM + i),
});
console.log(JSON.stringify(r));
process.exit(0);
