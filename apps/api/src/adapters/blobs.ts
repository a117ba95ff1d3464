import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { WholeFileReader } from './whole-file-reader.js';

/**
 * Files of a known size (a zip's originals) are read on the process's whole-file reader thread:
 * open, one read of size + 1 bytes, close, with no callback on this thread between them.
 */
const wholeFiles = new WholeFileReader();

/**
 * Where photo originals and variants live: a local folder (below), or an S3-compatible bucket
 * (blobs-s3.ts, when S3_BUCKET is set). Keys are relative, slash-separated, and never leave the store.
 */
export interface BlobStore {
  /** Writes atomically: a reader sees the whole blob or none of it. */
  put(key: string, data: Buffer): Promise<void>;
  /**
   * The blob's bytes, or null when there is none. `expectedSize` (a zip entry's recorded size)
   * lets the store read it in one go; a blob of another size is still returned whole or, when
   * longer, at least one byte longer, so the caller sees the mismatch.
   */
  get(key: string, expectedSize?: number): Promise<Buffer | null>;
  has(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Writes a stream atomically without holding it in memory; resolves to its byte count. */
  putStream(key: string, source: Readable | AsyncIterable<Buffer>): Promise<number>;
  /** Reads a blob as a stream (for zips); errors with ENOENT when missing. */
  openRead(key: string): Readable;
  /**
   * The blob's total size and a stream of its bytes (of `range` only, when given), or null when
   * there is none: what photos are served from, never held whole in memory. One request on S3.
   */
  read(key: string, range?: ByteRange): Promise<BlobRead | null>;
  /** Byte size, or null when there is no such blob. */
  size(key: string): Promise<number | null>;
  /** Deletes every blob under `prefix/` (e.g. all variants of a photo). */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * Every blob, and every write left unfinished by a crash (`partial`), with its last change:
   * what the start-up sweep looks through.
   */
  list(): Promise<BlobEntry[]>;
  /** Removes a listed entry (a blob, or an unfinished write). */
  remove(entry: BlobEntry): Promise<void>;
}

/** Bytes `start` to `end`, both included (as in an HTTP Range), within the blob. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface BlobRead {
  /** The whole blob's size, whatever the range. */
  size: number;
  /** The bytes asked for, as they come from the disk or the bucket. */
  stream: Readable;
}

export interface BlobEntry {
  /** The blob's key; for an unfinished write, the path of its temporary file. */
  key: string;
  partial: boolean;
  modifiedMs: number;
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
    // Temp file in the same folder, then rename: an interrupted write never leaves a partial blob
    // under the real key (temp names start with '.', which keys cannot).
    const temp = path.join(
      path.dirname(file),
      `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`,
    );
    try {
      try {
        await writeFile(temp, data);
      } catch (error) {
        // The folder is made on first use (most puts go to one that exists: no mkdir each time).
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(temp, data);
      }
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string, expectedSize?: number): Promise<Buffer | null> {
    const file = this.pathOf(key);
    try {
      return expectedSize === undefined
        ? await readFile(file)
        : await wholeFiles.read(file, expectedSize);
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

  async putStream(key: string, source: Readable | AsyncIterable<Buffer>): Promise<number> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temp = path.join(
      path.dirname(file),
      `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`,
    );
    let bytes = 0;
    const sink = createWriteStream(temp);
    try {
      await pipeline(
        source,
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            bytes += chunk.length;
            yield chunk;
          }
        },
        sink,
      );
      await rename(temp, file);
      return bytes;
    } catch (error) {
      // A source that fails at once can fail before the file is even open: the open still
      // creates it, so the partial file is removed only once the stream is closed.
      if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
      await rm(temp, { force: true });
      throw error;
    }
  }

  openRead(key: string): Readable {
    // 1 MB reads: 16 times fewer thread-pool round trips than the default 64 KB.
    return createReadStream(this.pathOf(key), { highWaterMark: 1024 * 1024 });
  }

  async read(key: string, range?: ByteRange): Promise<BlobRead | null> {
    const file = this.pathOf(key);
    let handle;
    try {
      handle = await open(file, 'r');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EISDIR') return null;
      throw error;
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      // The open file is read, so a blob replaced or deleted meanwhile is still read whole.
      const stream = handle.createReadStream({
        start: range?.start,
        end: range?.end,
        highWaterMark: 1024 * 1024,
      });
      return { size: info.size, stream };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? info.size : null;
    } catch {
      return null;
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    // A job may still be writing into the folder (a variant made as the photo is deleted): its
    // new file makes the removal fail with ENOTEMPTY, so it is tried again.
    await rm(this.pathOf(prefix), { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  }

  async list(): Promise<BlobEntry[]> {
    const entries: BlobEntry[] = [];
    for (const file of await walk(this.root)) {
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) continue;
      const key = path.relative(this.root, file).split(path.sep).join('/');
      // Temporary names start with '.', which keys cannot: an interrupted put or putStream.
      entries.push({ key, partial: path.basename(file).startsWith('.'), modifiedMs: info.mtimeMs });
    }
    return entries;
  }

  async remove(entry: BlobEntry): Promise<void> {
    if (!entry.partial) return this.delete(entry.key);
    const parts = entry.key.split('/');
    if (parts.some((p) => p === '..' || p === '') || !parts.at(-1)!.startsWith('.'))
      throw new InvalidBlobKeyError(`Invalid temporary file ${JSON.stringify(entry.key)}`);
    await rm(path.join(this.root, ...parts), { force: true });
  }
}

/**
 * Every file under a folder, one folder at a time; a folder or file removed meanwhile is skipped
 * (Node 20's recursive readdir can stall when an entry vanishes during the walk).
 */
export async function walk(folder: string): Promise<string[]> {
  let dirents;
  try {
    dirents = await readdir(folder, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw error;
  }
  const files: string[] = [];
  for (const dirent of dirents) {
    const full = path.join(folder, dirent.name);
    if (dirent.isDirectory()) files.push(...(await walk(full)));
    else if (dirent.isFile()) files.push(full);
  }
  return files;
}

export interface BlobStores {
  originals: BlobStore;
  variants: BlobStore;
  /** Uploaded and imported files waiting for their ingest job. */
  incoming: BlobStore;
}

export function localBlobStores(dataDir: string): BlobStores {
  return {
    originals: new LocalFolderBlobStore(path.join(dataDir, 'photos')),
    variants: new LocalFolderBlobStore(path.join(dataDir, 'variants')),
    incoming: new LocalFolderBlobStore(path.join(dataDir, 'incoming')),
  };
}
