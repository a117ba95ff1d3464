import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { planZip, READ_AHEAD_BYTES, type ZipEntry } from './zip-stream.js';

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
      {
        name: 'a.jpg',
        size: 10,
        crc32: 0,
        modified: new Date(),
        open: () => Readable.from([Buffer.from('abc')]),
      },
    ]);
    await expect(collect(plan.stream())).rejects.toThrow(/shorter/);
  });

  it('fails the stream when a source is longer than declared', async () => {
    const plan = planZip([
      {
        name: 'a.jpg',
        size: 2,
        crc32: 0,
        modified: new Date(),
        open: () => Readable.from([Buffer.from('abcdef')]),
      },
    ]);
    await expect(collect(plan.stream())).rejects.toThrow(/longer/);
  });
});

/** Entries read whole (read-ahead), as the download service makes them. */
function readAheadEntries(): ZipEntry[] {
  return entries().map((e, i) => ({
    ...e,
    read: async () => {
      try {
        return await readFile(path.join(dir, `${i}`));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  }));
}

describe('planZip read-ahead', () => {
  it('sends the same bytes with whole-file reads as with streams', async () => {
    const streamed = await collect(planZip(entries()).stream());
    const plan = planZip(readAheadEntries());
    const whole = await collect(plan.stream());
    expect(whole.length).toBe(plan.length);
    expect(whole.equals(streamed)).toBe(true);
  });

  it('reads only a bounded number of bytes ahead of what the client has taken', async () => {
    const size = 4 * 1024 * 1024;
    const bytes = Buffer.alloc(size, 1);
    let started = 0;
    const many: ZipEntry[] = Array.from({ length: 40 }, (_, i) => ({
      name: `p-${i}.jpg`,
      size,
      crc32: crc32(bytes),
      modified: new Date(),
      open: () => Readable.from([bytes]),
      read: async () => {
        started++;
        return bytes;
      },
    }));
    const stream = planZip(many).stream();
    // Take the first chunk only, then let the reads that want to start do so.
    const first = await new Promise<Buffer>((resolve) => stream.once('data', resolve));
    stream.pause();
    expect(first.length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(started).toBeGreaterThan(1);
    // Read ahead by bytes, plus what the stream's own buffer (1 MB) holds.
    expect(started * size).toBeLessThanOrEqual(READ_AHEAD_BYTES + 2 * size);
    stream.destroy();
  });

  it('fails clearly when a file vanishes while the zip is being sent', async () => {
    const vanishing = path.join(dir, 'vanishing');
    await writeFile(vanishing, Buffer.alloc(1000, 3));
    const big = Buffer.alloc(2 * 1024 * 1024, 5);
    // More entries before it than the read-ahead holds: its read has not started when the first
    // bytes go out.
    const ahead = Math.ceil(READ_AHEAD_BYTES / big.length) + 2;
    const before: ZipEntry[] = Array.from({ length: ahead }, (_, i) => ({
      name: `before-${i}.jpg`,
      size: big.length,
      crc32: crc32(big),
      modified: new Date(),
      open: () => Readable.from([big]),
      read: async () => big,
    }));
    const plan = planZip([
      ...before,
      {
        name: 'vanishing.jpg',
        size: 1000,
        crc32: crc32(Buffer.alloc(1000, 3)),
        modified: new Date(),
        open: () => createReadStream(vanishing),
        read: async () => {
          try {
            return await readFile(vanishing);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
            throw error;
          }
        },
      },
    ]);
    const stream = plan.stream();
    let received = 0;
    const done = (async () => {
      for await (const chunk of stream) {
        if (received === 0) await unlink(vanishing);
        received += (chunk as Buffer).length;
      }
    })();
    await expect(done).rejects.toThrow(/Zip entry vanishing\.jpg is missing from storage/);
    expect(received).toBeGreaterThanOrEqual(ahead * big.length);
    expect(received).toBeLessThan(plan.length);
  });

  it('fails clearly when a file cannot be read', async () => {
    const plan = planZip([
      {
        name: 'broken.jpg',
        size: 5,
        crc32: 0,
        modified: new Date(),
        open: () => Readable.from([Buffer.from('abcde')]),
        read: async () => {
          throw new Error('EIO: i/o error');
        },
      },
    ]);
    await expect(collect(plan.stream())).rejects.toThrow(/broken\.jpg could not be read: EIO/);
  });

  it('fails the stream when a whole file is shorter than declared', async () => {
    const plan = planZip([
      {
        name: 'a.jpg',
        size: 10,
        crc32: 0,
        modified: new Date(),
        open: () => Readable.from([Buffer.from('abc')]),
        read: async () => Buffer.from('abc'),
      },
    ]);
    await expect(collect(plan.stream())).rejects.toThrow(/a\.jpg is shorter/);
  });
});
