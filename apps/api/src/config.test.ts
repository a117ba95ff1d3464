import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, defaultMaxImagePixels, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    expect(loadConfig({}, '/srv/app')).toEqual({
      port: 4000,
      host: '127.0.0.1',
      dataDir: path.resolve('/srv/app', 'data'),
      databaseUrl: undefined,
      publicApiUrl: undefined,
      logLevel: 'info',
      maxUploadBytes: 50 * 1024 * 1024,
      jobConcurrency: os.availableParallelism(),
      ocrEnabled: true,
      facesEnabled: true,
      faceIndexBytes: 256 * 1024 * 1024,
      trustProxy: false,
      searchesPerMinute: 30,
      signInsPerClient: 20,
      galleryPasswordAttempts: 10,
      accessGrantSecret: undefined,
      smtpUrl: undefined,
      smtpFrom: undefined,
      liveStreamsPerClient: 20,
      liveStreamsMax: 5000,
      maxUploadRequestBytes: 2 * 1024 * 1024 * 1024,
      maxUploadFiles: 500,
      organiserQuotaBytes: 100 * 1024 * 1024 * 1024,
      maxImagePixels: defaultMaxImagePixels(os.totalmem(), os.availableParallelism()),
      jobRetentionDays: 14,
      faceRetentionMaxDays: 365,
      selfieSearchesPerDay: 60,
      sweepMinAgeMinutes: undefined,
      redisUrl: undefined,
      redisPrefix: 'eventsite',
      jobLeaseMs: 30_000,
      s3: undefined,
    });
  });

  it('sizes the largest decoded image to the memory and the jobs worked at once', () => {
    const GB = 1024 ** 3;
    // 4 GB and 2 jobs: a quarter of the memory is 1 GB, 512 MB a job, about 89 megapixels.
    expect(defaultMaxImagePixels(4 * GB, 2)).toBe(89_000_000);
    expect(defaultMaxImagePixels(1 * GB, 4)).toBe(11_000_000);
    // Never more than the contract's 100 megapixels, never less than 1.
    expect(defaultMaxImagePixels(64 * GB, 1)).toBe(100_000_000);
    expect(defaultMaxImagePixels(GB / 100, 64)).toBe(1_000_000);
  });

  it('reads the proxies to trust', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(
      /TRUST_PROXY="everyone": must be false, true/,
    );
  });

  it('reads every variable; empty values count as unset', () => {
    expect(
      loadConfig(
        {
          PORT: '8080',
          HOST: '0.0.0.0',
          DATA_DIR: '/var/lib/eventsite',
          DATABASE_URL: 'postgres://u@db:5432/eventsite',
          PUBLIC_API_URL: 'https://api.example.com/',
          LOG_LEVEL: 'warn',
          MAX_UPLOAD_BYTES: '1048576',
          JOB_CONCURRENCY: '3',
          OCR_ENABLED: 'false',
          FACES_ENABLED: '0',
          FACE_INDEX_MEMORY_MB: '64',
          TRUST_PROXY: 'false',
          SEARCHES_PER_MINUTE: '60',
          SIGN_INS_PER_CLIENT: '50',
          SMTP_URL: 'smtp://mail.example.com:587',
          SMTP_FROM: 'Photos <photos@example.com>',
          MAX_UPLOAD_REQUEST_BYTES: '10485760',
          MAX_UPLOAD_FILES: '20',
          ORGANISER_QUOTA_BYTES: '0',
          MAX_IMAGE_PIXELS: '24000000',
          JOB_RETENTION_DAYS: '7',
          FACE_RETENTION_MAX_DAYS: '30',
          SELFIE_SEARCHES_PER_DAY: '5',
          SWEEP_MIN_AGE_MINUTES: '0',
        },
        '/srv',
      ),
    ).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/eventsite',
      databaseUrl: 'postgres://u@db:5432/eventsite',
      publicApiUrl: 'https://api.example.com',
      logLevel: 'warn',
      maxUploadBytes: 1048576,
      jobConcurrency: 3,
      ocrEnabled: false,
      facesEnabled: false,
      faceIndexBytes: 64 * 1024 * 1024,
      trustProxy: false,
      searchesPerMinute: 60,
      signInsPerClient: 50,
      galleryPasswordAttempts: 10,
      accessGrantSecret: undefined,
      smtpUrl: 'smtp://mail.example.com:587',
      smtpFrom: 'Photos <photos@example.com>',
      liveStreamsPerClient: 20,
      liveStreamsMax: 5000,
      maxUploadRequestBytes: 10485760,
      maxUploadFiles: 20,
      organiserQuotaBytes: 0,
      maxImagePixels: 24_000_000,
      jobRetentionDays: 7,
      faceRetentionMaxDays: 30,
      selfieSearchesPerDay: 5,
      sweepMinAgeMinutes: 0,
      redisUrl: undefined,
      redisPrefix: 'eventsite',
      jobLeaseMs: 30_000,
      s3: undefined,
    });
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' }).port).toBe(4000);
  });

  it('names every bad value with what it must be', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: '99999',
        DATABASE_URL: 'mysql://x',
        PUBLIC_API_URL: 'ftp://x',
        LOG_LEVEL: 'loud',
        SEARCHES_PER_MINUTE: '0',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'PORT="99999": must be a port number from 1 to 65535',
      'DATABASE_URL="mysql://x": must be a PostgreSQL URL such as postgres://user@host:5432/db',
      'PUBLIC_API_URL="ftp://x": must be an absolute http:// or https:// URL such as https://api.example.com',
      'LOG_LEVEL="loud": must be one of fatal, error, warn, info, debug, trace, silent',
      'SEARCHES_PER_MINUTE="0": must be a whole number of searches per client per minute, such as 30, from 1 to 100000',
    ]);
  });
});
