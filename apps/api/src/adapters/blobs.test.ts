import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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

  it.each(['../escape', '12/../../escape', '/etc/passwd', '.hidden', 'a//b', 'a/./b', 'a\\b', ''])(
    'refuses the key %j',
    async (key) => {
      await expect(store.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.get(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
    },
  );
});
