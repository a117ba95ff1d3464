// Face embedding throughput of one process: the product's `detectFaces` (apps/api/dist/faces,
// the function the `faces` job calls: it runs the engine in the process's engine worker thread)
// over a list of photos. argv: a JSON file [{file, kind}], the index to start at (so parallel
// processes do not all work the same photo at once). Loads the models on the first photo (not
// timed), prints "ready", waits for a line on stdin, then works every photo once and prints
// one JSON line: per photo {kind, ms, faces}, and the whole wall time.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const file = path.join(root, 'apps/api/dist/faces/index.js');
if (!existsSync(file)) {
  console.log(JSON.stringify({ missing: 'apps/api/dist/faces/index.js is not built' }));
  process.exit(0);
}
const { detectFaces } = await import(pathToFileURL(file).href);
const [listFile, startArg] = process.argv.slice(2);
const list = JSON.parse(readFileSync(listFile, 'utf8'));
const start = Number(startArg) || 0;
const photos = list.map((p, i) => list[(i + start) % list.length]);
const bytes = new Map(photos.map((p) => [p.file, readFileSync(p.file)]));

// Model load and first-call set-up, not part of the figure.
const loadStart = performance.now();
await detectFaces(readFileSync(list[0].file));
const loadMs = performance.now() - loadStart;

console.log('ready');
const lines = readline.createInterface({ input: process.stdin });
await new Promise((resolve) => lines.once('line', resolve));
lines.close();

const results = [];
const t0 = performance.now();
for (const photo of photos) {
  const t = performance.now();
  const faces = await detectFaces(bytes.get(photo.file));
  results.push({ kind: photo.kind, ms: performance.now() - t, faces: faces.length });
}
const wallMs = performance.now() - t0;
console.log(JSON.stringify({ loadMs, wallMs, results }));
process.exit(0);
