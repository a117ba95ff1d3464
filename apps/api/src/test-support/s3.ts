import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// s3rver: an S3-protocol server on loopback, its objects in a temp folder (no types shipped).
// @ts-expect-error untyped package
import S3rver from 's3rver';
import type { S3Settings } from '../adapters/blobs-s3.js';

export interface TestS3 {
  settings: S3Settings;
  /** The same settings as environment variables, for child processes. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** s3rver's fixed access key pair; any S3 client signs with it. */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const CREDENTIALS = S3_TEST_CREDENTIALS;

/** Starts an S3 server on 127.0.0.1 (a free port) with one empty bucket. */
export async function startTestS3(bucket = 'eventsite-test'): Promise<TestS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'eventsite-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    settings: {
      bucket,
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: CREDENTIALS,
    },
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
