import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  type BlobEntry,
  type BlobRead,
  type BlobStore,
  type BlobStores,
  type ByteRange,
  InvalidBlobKeyError,
} from './blobs.js';

/** The same rule as the local folder's: relative, slash-separated, no '.' or '..' part. */
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** Streams of this size or more go up in parts of this size (S3's minimum part is 5 MB). */
const PART_BYTES = 8 * 1024 * 1024;

export interface S3Settings {
  bucket: string;
  /** Another endpoint than AWS's (MinIO, R2, Ceph), e.g. http://127.0.0.1:9000. */
  endpoint?: string;
  region: string;
  /** Bucket in the path (http://host/bucket/key) rather than the host name: MinIO and most others. */
  forcePathStyle: boolean;
  /** Explicit credentials (tests); default: the SDK's own chain (AWS_ACCESS_KEY_ID, ...). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where S3 requires them: S3-compatible servers do not all accept the SDK's
    // default streamed (aws-chunked) checksums, and every object's integrity is ours to check anyway
    // (sha256 and CRC-32 are recorded at ingest).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/** A missing object reads as the local store's missing file does: an error with code ENOENT. */
function enoent(key: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`ENOENT: no such blob '${key}'`);
  error.code = 'ENOENT';
  return error;
}

async function bytesOf(body: unknown): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * A blob store in an S3-compatible bucket, under a prefix (`photos/`, `variants/`, `incoming/`).
 * S3 makes an object visible only once its upload is complete, so a reader sees the whole blob or
 * none of it; a failed streamed upload is aborted, its parts discarded.
 */
export class S3BlobStore implements BlobStore {
  constructor(
    readonly client: S3Client,
    readonly bucket: string,
    /** Ends with '/', e.g. 'photos/'. */
    readonly prefix: string,
  ) {}

  private keyOf(key: string): string {
    if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
      throw new InvalidBlobKeyError(`Invalid blob key ${JSON.stringify(key)}`);
    }
    return this.prefix + key;
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key), Body: data }),
    );
  }

  async get(key: string, _expectedSize?: number): Promise<Buffer | null> {
    const name = this.keyOf(key);
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: name }),
      );
      return await bytesOf(answer.Body);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async has(key: string): Promise<boolean> {
    return (await this.size(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }));
  }

  async putStream(key: string, source: Readable | AsyncIterable<Buffer>): Promise<number> {
    const name = this.keyOf(key);
    let bytes = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        callback(null, chunk);
      },
    });
    // Under PART_BYTES this is one PutObject; above, a multipart upload, aborted on any failure
    // (leavePartsOnError false), so no object appears under the key unless every byte arrived.
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: name, Body: counted },
      partSize: PART_BYTES,
      queueSize: 2,
      leavePartsOnError: false,
    });
    const feeding = pipeline(source, counted);
    try {
      await Promise.all([feeding, upload.done()]);
    } catch (error) {
      counted.destroy();
      await upload.abort().catch(() => undefined);
      // An upload that completed just before the source failed is removed: the caller was told
      // it failed, so it must not find the blob.
      await this.client
        .send(new DeleteObjectCommand({ Bucket: this.bucket, Key: name }))
        .catch(() => undefined);
      throw error;
    }
    return bytes;
  }

  openRead(key: string): Readable {
    const name = this.keyOf(key);
    const { client, bucket } = this;
    // The object is asked for on the first read; its body is passed on as it arrives, never held whole.
    return Readable.from(
      (async function* () {
        let body: AsyncIterable<Uint8Array>;
        try {
          const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: name }));
          body = answer.Body as AsyncIterable<Uint8Array>;
        } catch (error) {
          throw isMissing(error) ? enoent(key) : error;
        }
        for await (const chunk of body) yield Buffer.from(chunk);
      })(),
      { objectMode: false, highWaterMark: 1024 * 1024 },
    );
  }

  async read(key: string, range?: ByteRange): Promise<BlobRead | null> {
    const name = this.keyOf(key);
    let answer;
    try {
      answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: name,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    // The body is the HTTP answer itself: passed on as it arrives, never held whole.
    const body = answer.Body as Readable | undefined;
    const stream = body instanceof Readable ? body : Readable.from(body ?? []);
    // "bytes 0-99/12345" for a range; the length of the whole object otherwise.
    const total = /\/(\d+)$/.exec(answer.ContentRange ?? '')?.[1];
    return { size: total !== undefined ? Number(total) : (answer.ContentLength ?? 0), stream };
  }

  async size(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }),
      );
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    const under = `${this.keyOf(prefix)}/`;
    for await (const page of this.pages(under)) {
      if (page.length === 0) continue;
      await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: page.map((o) => ({ Key: o.Key })), Quiet: true },
        }),
      );
    }
  }

  /** Every object of this store. S3 never shows an unfinished upload as an object: none is partial. */
  async list(): Promise<BlobEntry[]> {
    const entries: BlobEntry[] = [];
    for await (const page of this.pages(this.prefix)) {
      for (const object of page)
        entries.push({
          key: object.Key.slice(this.prefix.length),
          partial: false,
          modifiedMs: object.LastModified?.getTime() ?? 0,
        });
    }
    return entries;
  }

  async remove(entry: BlobEntry): Promise<void> {
    await this.delete(entry.key);
  }

  private async *pages(
    prefix: string,
  ): AsyncGenerator<Array<{ Key: string; LastModified?: Date }>> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      yield (page.Contents ?? []).flatMap((o) =>
        o.Key ? [{ Key: o.Key, LastModified: o.LastModified }] : [],
      );
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}

/** The three stores in one bucket, each under its own prefix. */
export function s3BlobStores(settings: S3Settings, client = s3Client(settings)): BlobStores {
  return {
    originals: new S3BlobStore(client, settings.bucket, 'photos/'),
    variants: new S3BlobStore(client, settings.bucket, 'variants/'),
    incoming: new S3BlobStore(client, settings.bucket, 'incoming/'),
  };
}
