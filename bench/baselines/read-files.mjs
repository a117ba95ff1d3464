// Baseline: reading a folder's files in Node, one after another. argv: folder, reps. Prints JSON.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const [folder, repsArg] = process.argv.slice(2);
const files = readdirSync(folder, { recursive: true })
  .map((f) => path.join(folder, String(f)))
  .filter((f) => statSync(f).isFile());
let best = 0;
let bytes = 0;
for (let r = 0; r < Number(repsArg || 1); r++) {
  const t = performance.now();
  bytes = 0;
  for (const f of files) bytes += readFileSync(f).length;
  best = Math.max(best, bytes / 1e6 / ((performance.now() - t) / 1000));
}
console.log(JSON.stringify({ mbps: best, bytes, files: files.length }));
