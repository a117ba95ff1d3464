import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const PG = 'postgres://postgres@127.0.0.1:5432/test';

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env, '/srv');
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('scale-out configuration', () => {
  it('is off by default: photos in DATA_DIR, jobs in the database', () => {
    const config = loadConfig({}, '/srv');
    expect(config.s3).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.jobLeaseMs).toBe(30_000);
  });

  it('reads the bucket, endpoint, region and path style, and Redis with its prefix', () => {
    const config = loadConfig(
      {
        DATABASE_URL: PG,
        REDIS_URL: 'redis://cache:6379',
        REDIS_PREFIX: 'race-day',
        JOB_LEASE_SECONDS: '5',
        S3_BUCKET: 'photos.example',
        S3_ENDPOINT: 'http://minio:9000',
        S3_FORCE_PATH_STYLE: 'true',
      },
      '/srv',
    );
    expect(config.s3).toEqual({
      bucket: 'photos.example',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      forcePathStyle: true,
    });
    expect(config).toMatchObject({
      redisUrl: 'redis://cache:6379',
      redisPrefix: 'race-day',
      jobLeaseMs: 5000,
    });
  });

  it.each([
    [
      { REDIS_URL: 'localhost:6379', DATABASE_URL: PG },
      'REDIS_URL="localhost:6379": must be a Redis URL',
    ],
    [{ REDIS_URL: 'redis://cache:6379' }, 'REDIS_URL is set without DATABASE_URL'],
    [{ S3_BUCKET: 'Photos_Bucket' }, 'S3_BUCKET="Photos_Bucket": must be a bucket name'],
    [
      { S3_ENDPOINT: 'minio:9000', S3_BUCKET: 'photos' },
      'S3_ENDPOINT="minio:9000": must be an http',
    ],
    [{ S3_ENDPOINT: 'http://minio:9000' }, 'need S3_BUCKET'],
    [
      { S3_FORCE_PATH_STYLE: 'yes', S3_BUCKET: 'photos' },
      'S3_FORCE_PATH_STYLE="yes": must be true or false',
    ],
    [{ JOB_LEASE_SECONDS: '0' }, 'JOB_LEASE_SECONDS="0": must be a whole number of seconds'],
    [{ REDIS_PREFIX: 'a:b' }, 'REDIS_PREFIX="a:b": must be 1 to 64'],
  ])('refuses %j at start, saying why', (env, message) => {
    expect(problems(env).join('\n')).toContain(message);
  });
});
