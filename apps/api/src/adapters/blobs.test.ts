import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidBlobKeyError, LocalFolderBlobStore } from './blobs.js';

let root: string;
let store: LocalFolderBlobStore;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'eventsite-blobs-'));
  store = new LocalFolderBlobStore(path.join(root, 'store'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('LocalFolderBlobStore', () => {
  it('puts, gets, checks and deletes, leaving no temp files', async () => {
    await store.put('12/abc.jpg', Buffer.from('hello'));
    expect((await store.get('12/abc.jpg'))?.toString()).toBe('hello');
    expect(await store.has('12/abc.jpg')).toBe(true);
    expect(await readdir(path.join(root, 'store', '12'))).toEqual(['abc.jpg']);
    await store.delete('12/abc.jpg');
    expect(await store.get('12/abc.jpg')).toBeNull();
    expect(await store.has('12/abc.jpg')).toBe(false);
  });

  it('leaves no partial file when an upload fails, however early', async () => {
    // Request bodies cut off at once, on the next tick, or after a first chunk: a failure can
    // come before the temp file is even open, and the open would still create it.
    for (let i = 0; i < 300; i++) {
      const body = new PassThrough();
      body.on('error', () => {});
      const cut = () => body.destroy(new Error('the client went away'));
      if (i % 3 === 0) cut();
      else if (i % 3 === 1) process.nextTick(cut);
      else {
        body.write(Buffer.from('abc'));
        setImmediate(cut);
      }
      await expect(store.putStream(`31/cut-${i}.jpg`, body)).rejects.toThrow(/went away/);
    }
    // An open still in flight would have created its file by now.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await readdir(path.join(root, 'store', '31'))).toEqual([]);
  });

  it.each(['../escape', '12/../../escape', '/etc/passwd', '.hidden', 'a//b', 'a/./b', 'a\\b', ''])(
    'refuses the key %j',
    async (key) => {
      await expect(store.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.get(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
    },
  );

  it('reads a blob of a known size in one go, and shows a size mismatch either way', async () => {
    const bytes = Buffer.alloc(300_000, 7);
    bytes[299_999] = 9;
    await store.put('12/known.jpg', bytes);
    expect((await store.get('12/known.jpg', bytes.length))?.equals(bytes)).toBe(true);
    // Recorded larger than the file: the whole (shorter) file comes back.
    expect((await store.get('12/known.jpg', bytes.length + 10))?.length).toBe(bytes.length);
    // Recorded smaller: more than the recorded size comes back, so the caller sees it.
    expect((await store.get('12/known.jpg', 1000))?.length).toBeGreaterThan(1000);
    expect((await store.get('12/known.jpg', 0))?.length).toBeGreaterThan(0);
    expect(await store.get('12/none.jpg', 10)).toBeNull();
    await store.put('12/empty.jpg', Buffer.alloc(0));
    expect((await store.get('12/empty.jpg', 0))?.length).toBe(0);
  });
});
