/**
 * The zip stream alone, in this process: planZip over N files of a folder (whole-file reads, as
 * the download service makes them) piped to a discarding sink, beside readFileSync of the same
 * files and an HTTP transfer of the zip over loopback. Shows whether the zip code or the HTTP path
 * bounds the download figure.
 *   node --import tsx bench/tools/probe-zip.ts <folder>
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { planZip } from '../../apps/api/src/adapters/zip/zip-stream.js';

const folder = process.argv[2]!;
const files = readdirSync(folder).map((f) => path.join(folder, f));
const entries = files.map((file, i) => ({
  name: `photo-${i}.jpg`,
  size: statSync(file).size,
  crc32: 0,
  modified: new Date(),
  open: () => {
    throw new Error('unused');
  },
  read: () => readFile(file),
}));
const mb = entries.reduce((n, e) => n + e.size, 0) / 1e6;

let t = performance.now();
for (const file of files) readFileSync(file);
console.log(`readFileSync: ${(mb / ((performance.now() - t) / 1000)).toFixed(0)} MB/s`);

for (let run = 0; run < 2; run++) {
  t = performance.now();
  await pipeline(
    planZip(entries).stream(),
    new Writable({ write: (_c, _e, cb) => cb(), highWaterMark: 1 << 20 }),
  );
  console.log(`planZip to a sink: ${(mb / ((performance.now() - t) / 1000)).toFixed(0)} MB/s`);
}

const server = http.createServer((_req, res) => {
  const plan = planZip(entries);
  res.writeHead(200, { 'content-length': plan.length });
  plan.stream().pipe(res);
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const port = (server.address() as { port: number }).port;
for (let run = 0; run < 2; run++) {
  t = performance.now();
  await new Promise<void>((resolve, reject) =>
    http.get(`http://127.0.0.1:${port}/`, (res) => {
      res.on('data', () => undefined);
      res.on('end', resolve);
      res.on('error', reject);
    }),
  );
  console.log(`planZip over HTTP: ${(mb / ((performance.now() - t) / 1000)).toFixed(0)} MB/s`);
}
server.close();
