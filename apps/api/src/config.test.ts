import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

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
    });
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
    ]);
  });
});
