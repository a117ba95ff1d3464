import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { planZip, type ZipEntry } from './zip-stream.js';

let dir: string;
const files: { name: string; bytes: Buffer }[] = [
  { name: 'photo-0001.jpg', bytes: Buffer.from('first photo bytes') },
  { name: 'Zürich Marathon/ünïcode.jpg', bytes: Buffer.alloc(3 * 1024 * 1024, 7) },
  { name: 'empty.jpg', bytes: Buffer.alloc(0) },
];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'zip-test-'));
  for (const [i, f] of files.entries()) await writeFile(path.join(dir, `${i}`), f.bytes);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function entries(): ZipEntry[] {
  return files.map((f, i) => ({
    name: f.name,
    size: f.bytes.length,
    crc32: crc32(f.bytes),
    modified: new Date('2026-05-17T09:30:14Z'),
    open: () => createReadStream(path.join(dir, `${i}`)),
  }));
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

function readZip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, strictFileNames: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, s) => {
          if (e || !s) return reject(e);
          collect(s as Readable).then((b) => {
            out.set(entry.fileName, b);
            zip.readEntry();
          }, reject);
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe.each([false, true])('planZip (forceZip64=%s)', (forceZip64) => {
  it('streams exactly the announced length, and every file comes back byte for byte', async () => {
    const plan = planZip(entries(), { forceZip64 });
    const zip = await collect(plan.stream());
    expect(zip.length).toBe(plan.length);
    const read = await readZip(zip);
    expect([...read.keys()]).toEqual(files.map((f) => f.name));
    for (const f of files) expect(read.get(f.name)?.equals(f.bytes)).toBe(true);
  });
});

describe('planZip refusals', () => {
  it('refuses duplicate names before sending anything', () => {
    const [a] = entries();
    expect(() => planZip([a!, a!])).toThrow(/Duplicate/);
  });

  it('fails the stream when a source is shorter than declared, rather than sending a corrupt zip', async () => {
    const plan = planZip([
      { name: 'a.jpg', size: 10, crc32: 0, modified: new Date(), open: () => Readable.from([Buffer.from('abc')]) },
    ]);
    await expect(collect(plan.stream())).rejects.toThrow(/shorter/);
  });

  it('fails the stream when a source is longer than declared', async () => {
    const plan = planZip([
      { name: 'a.jpg', size: 2, crc32: 0, modified: new Date(), open: () => Readable.from([Buffer.from('abcdef')]) },
    ]);
    await expect(collect(plan.stream())).rejects.toThrow(/longer/);
  });
});
