import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z.object({
  PORT: z
    .string()
    .regex(/^\d{1,5}$/, 'must be a port number from 1 to 65535')
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, 'must be a port number from 1 to 65535')
        .max(65535, 'must be a port number from 1 to 65535'),
    )
    .default(4000),
  HOST: z
    .string()
    .regex(/^[A-Za-z0-9.:-]+$/, 'must be an address to listen on, such as 127.0.0.1 or 0.0.0.0')
    .default('127.0.0.1'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a PostgreSQL URL such as postgres://user@host:5432/db')
    .optional(),
  PUBLIC_API_URL: z
    .url({
      protocol: /^https?$/,
      error: 'must be an absolute http:// or https:// URL such as https://api.example.com',
    })
    .transform((u) => u.replace(/\/+$/, ''))
    .optional(),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  MAX_UPLOAD_BYTES: z
    .string()
    .regex(/^\d{1,12}$/, 'must be a number of bytes, such as 52428800 for 50 MB')
    .transform(Number)
    .pipe(z.number().min(1024, 'must be at least 1024 bytes'))
    .optional(),
  JOB_CONCURRENCY: z
    .string()
    .regex(/^\d{1,2}$/, 'must be a whole number from 0 to 64 (0: no worker in this process)')
    .transform(Number)
    .pipe(z.number().max(64, 'must be a whole number from 0 to 64 (0: no worker in this process)'))
    .optional(),
  OCR_ENABLED: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .transform((v) => v === 'true' || v === '1')
    .optional(),
  FACES_ENABLED: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});

/** Largest uploaded photo file, unless MAX_UPLOAD_BYTES says otherwise. */
export const DEFAULT_MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

export interface ApiConfig {
  port: number;
  host: string;
  /** Absolute path of the data folder (embedded database, photo originals, variants). */
  dataDir: string;
  databaseUrl: string | undefined;
  /** The API's public base URL without a trailing slash, or undefined to derive it per request. */
  publicApiUrl: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Largest uploaded file (MAX_UPLOAD_BYTES, default 50 MB). */
  maxUploadBytes: number;
  /** Jobs worked at once in this process (JOB_CONCURRENCY, default one per core; 0: none). */
  jobConcurrency: number;
  /** Bib OCR of ingested photos (OCR_ENABLED, default true when the engine loads). */
  ocrEnabled: boolean;
  /** Face detection of ingested photos for selfie search (FACES_ENABLED, default true). */
  facesEnabled: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the configuration from environment variables, once, at start. Empty values count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ApiConfig {
  const raw = Object.fromEntries(
    Object.keys(envSchema.shape).map((key) => {
      const value = env[key];
      return [key, value === undefined || value.trim() === '' ? undefined : value.trim()];
    }),
  );
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const key = String(issue.path[0] ?? 'environment');
        return `${key}=${JSON.stringify(raw[key] ?? '')}: ${issue.message}`;
      }),
    );
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicApiUrl: e.PUBLIC_API_URL,
    logLevel: e.LOG_LEVEL,
    maxUploadBytes: e.MAX_UPLOAD_BYTES ?? DEFAULT_MAX_UPLOAD_BYTES,
    jobConcurrency: e.JOB_CONCURRENCY ?? os.availableParallelism(),
    ocrEnabled: e.OCR_ENABLED ?? true,
    facesEnabled: e.FACES_ENABLED ?? true,
  };
}
