import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../test-support/s3.js';
import { InvalidBlobKeyError } from './blobs.js';
import type { S3BlobStore } from './blobs-s3.js';
import { s3BlobStores } from './blobs-s3.js';

let s3: TestS3;
let store: S3BlobStore;
beforeAll(async () => {
  s3 = await startTestS3();
  store = s3BlobStores(s3.settings).originals as S3BlobStore;
});
afterAll(() => s3?.close());

async function objectKeys(): Promise<string[]> {
  const page = await store.client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket }));
  return (page.Contents ?? []).map((o) => o.Key!).sort();
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('S3BlobStore', () => {
  it('puts, gets, sizes and deletes under its prefix in the bucket', async () => {
    await store.put('12/abc.jpg', Buffer.from('hello'));
    expect((await store.get('12/abc.jpg'))?.toString()).toBe('hello');
    expect(await store.has('12/abc.jpg')).toBe(true);
    expect(await store.size('12/abc.jpg')).toBe(5);
    expect(await objectKeys()).toContain('photos/12/abc.jpg');
    await store.delete('12/abc.jpg');
    expect(await store.get('12/abc.jpg')).toBeNull();
    expect(await store.has('12/abc.jpg')).toBe(false);
    expect(await store.size('12/abc.jpg')).toBeNull();
  });

  it.each(['../escape', '12/../../escape', '/etc/passwd', '.hidden', 'a//b', 'a/./b', ''])(
    'refuses the key %j',
    async (key) => {
      await expect(store.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidBlobKeyError);
      expect(() => store.openRead(key)).toThrow(InvalidBlobKeyError);
    },
  );

  it('streams a large file up in parts and back down byte for byte', async () => {
    // 20 MB: three parts of a multipart upload.
    const bytes = randomBytes(20 * 1024 * 1024);
    const chunks = Array.from({ length: 20 }, (_, i) =>
      bytes.subarray(i * 1048576, (i + 1) * 1048576),
    );
    expect(await store.putStream('7/big.jpg', Readable.from(chunks))).toBe(bytes.length);
    expect(await store.size('7/big.jpg')).toBe(bytes.length);
    expect((await collect(store.openRead('7/big.jpg'))).equals(bytes)).toBe(true);
    expect((await store.get('7/big.jpg', bytes.length))?.equals(bytes)).toBe(true);
  });

  it('leaves no object and no unfinished upload when the source fails midway', async () => {
    const failing = Readable.from(
      (async function* () {
        for (let i = 0; i < 12; i++) yield randomBytes(1024 * 1024);
        throw new Error('client went away');
      })(),
    );
    await expect(store.putStream('7/cut.jpg', failing)).rejects.toThrow('client went away');
    expect(await store.has('7/cut.jpg')).toBe(false);
    const small = Readable.from(
      (async function* () {
        yield Buffer.from('partial');
        throw new Error('cut off');
      })(),
    );
    await expect(store.putStream('7/cut-small.jpg', small)).rejects.toThrow('cut off');
    expect(await store.has('7/cut-small.jpg')).toBe(false);
    expect((await objectKeys()).filter((k) => k.includes('cut'))).toEqual([]);
  });

  it('reads a missing blob as ENOENT, like the local folder', async () => {
    await expect(collect(store.openRead('9/none.jpg'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('deletes a prefix and lists what is left, keys as the caller wrote them', async () => {
    await store.put('30/a/1.webp', Buffer.from('1'));
    await store.put('30/a/2.webp', Buffer.from('2'));
    await store.put('30/ab.webp', Buffer.from('3'));
    await store.deletePrefix('30/a');
    expect(await store.has('30/a/1.webp')).toBe(false);
    expect(await store.has('30/a/2.webp')).toBe(false);
    // A sibling whose name only starts like the prefix stays.
    expect(await store.has('30/ab.webp')).toBe(true);
    const listed = (await store.list()).map((e) => e.key);
    expect(listed).toContain('30/ab.webp');
    expect(listed.every((k) => !k.startsWith('photos/'))).toBe(true);
  });
});
