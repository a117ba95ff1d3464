import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WholeFileReader, WholeFileReaderError } from './whole-file-reader.js';

describe('WholeFileReader', () => {
  let dir: string;
  const reader = new WholeFileReader();
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'whole-file-reader-'));
  });
  afterAll(async () => {
    await reader.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('reads many files at once, each whole and in its own buffer', async () => {
    const files = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const bytes = randomBytes(1000 + i * 7919);
        const file = path.join(dir, `photo-${i}.jpg`);
        await writeFile(file, bytes);
        return { file, bytes };
      }),
    );
    const read = await Promise.all(files.map((f) => reader.read(f.file, f.bytes.length)));
    read.forEach((buffer, i) => expect(buffer.equals(files[i]!.bytes)).toBe(true));
    // Transferred memory: no buffer shares its bytes with another.
    expect(new Set(read.map((b) => b.buffer)).size).toBe(read.length);
  });

  it('shows a size mismatch either way: shorter at its length, longer by one byte', async () => {
    const file = path.join(dir, 'sized.jpg');
    await writeFile(file, randomBytes(5000));
    expect((await reader.read(file, 6000)).length).toBe(5000);
    expect((await reader.read(file, 4000)).length).toBe(4001);
    expect((await reader.read(file, 0)).length).toBe(1);
    const empty = path.join(dir, 'empty.jpg');
    await writeFile(empty, '');
    expect((await reader.read(empty, 0)).length).toBe(0);
  });

  it('fails a missing file or a folder with its code, and goes on reading', async () => {
    await expect(reader.read(path.join(dir, 'none.jpg'), 10)).rejects.toMatchObject({
      name: 'WholeFileReaderError',
      code: 'ENOENT',
    });
    await expect(reader.read(dir, 10)).rejects.toMatchObject({ code: 'EISDIR' });
    await expect(reader.read(path.join(dir, 'sized.jpg'), -1)).rejects.toBeInstanceOf(RangeError);
    expect((await reader.read(path.join(dir, 'sized.jpg'), 5000)).length).toBe(5000);
  });

  it('rejects the reads in flight when closed, and starts again on the next read', async () => {
    const file = path.join(dir, 'big.jpg');
    await writeFile(file, randomBytes(8 << 20));
    const reads = Array.from({ length: 20 }, () => reader.read(file, 8 << 20));
    await reader.close();
    const settled = await Promise.allSettled(reads);
    const failed = settled.filter((s) => s.status === 'rejected');
    expect(failed.length).toBeGreaterThan(0);
    for (const f of failed)
      expect((f as PromiseRejectedResult).reason).toBeInstanceOf(WholeFileReaderError);
    expect((await reader.read(file, 8 << 20)).length).toBe(8 << 20);
  });
});
