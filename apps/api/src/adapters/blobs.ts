import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where photo originals and variants live. A local folder now; S3-compatible storage later,
 * behind the same interface. Keys are relative, slash-separated, and never leave the store.
 */
export interface BlobStore {
  /** Writes atomically: a reader sees the whole blob or none of it. */
  put(key: string, data: Buffer): Promise<void>;
  /** The blob's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  has(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export class InvalidBlobKeyError extends Error {}

export class LocalFolderBlobStore implements BlobStore {
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
      throw new InvalidBlobKeyError(`Invalid blob key ${JSON.stringify(key)}`);
    }
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Temp file in the same folder, then rename: an interrupted write never leaves a partial blob
    // under the real key (temp names start with '.', which keys cannot).
    const temp = path.join(
      path.dirname(file),
      `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`,
    );
    try {
      await writeFile(temp, data);
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async has(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

export interface BlobStores {
  originals: BlobStore;
  variants: BlobStore;
}

export function localBlobStores(dataDir: string): BlobStores {
  return {
    originals: new LocalFolderBlobStore(path.join(dataDir, 'photos')),
    variants: new LocalFolderBlobStore(path.join(dataDir, 'variants')),
  };
}
