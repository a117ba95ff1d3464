import os from 'node:os';
import path from 'node:path';
import { MAX_PHOTO_PIXELS } from '@eventsite/contract/constants';
import { MIN_SITE_KEY_LENGTH } from '@eventsite/contract/site-visitor';
import { DEFAULT_FACE_RETENTION_MAX_DAYS } from './faces/retention.js';
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
  SMTP_URL: z
    .string()
    .regex(
      /^smtps?:\/\/[^\s/]+(\/.*)?$/,
      'must be an SMTP URL such as smtp://user:password@mail.example.com:587 (or smtps:// for port 465)',
    )
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMTP_FROM: z
    .string()
    .max(300)
    .regex(
      /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/,
      'must be an email address, such as photos@example.com or "Photos <photos@example.com>"',
    )
    .optional()
    .or(z.literal('').transform(() => undefined)),
  OCR_ENABLED: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .transform((v) => v === 'true' || v === '1')
    .optional(),
  FACES_ENABLED: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .transform((v) => v === 'true' || v === '1')
    .optional(),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(true|false|\d{1,2}|[0-9A-Fa-f.:/]+(\s*,\s*[0-9A-Fa-f.:/]+)*)$/,
      'must be false, true, a number of proxy hops, or proxy addresses such as 127.0.0.1,10.0.0.0/8',
    )
    .optional(),
  SEARCHES_PER_MINUTE: wholeNumber('searches per client per minute, such as 30', 1, 100_000),
  SELFIE_SEARCHES_PER_DAY: wholeNumber(
    'selfie searches per client and event a day, such as 60',
    1,
    100_000,
  ),
  SIGN_INS_PER_CLIENT: wholeNumber(
    'console sign-in attempts per client in 15 minutes, such as 20',
    1,
    100_000,
  ),
  GALLERY_PASSWORD_ATTEMPTS: wholeNumber(
    'gallery password attempts per client in 15 minutes, such as 10',
    1,
    100_000,
  ),
  ACCESS_GRANT_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters (a random secret: openssl rand -base64 48)')
    .max(512, 'must be at most 512 characters')
    .optional(),
  SITE_KEY: z
    .string()
    .min(
      MIN_SITE_KEY_LENGTH,
      `must be at least ${MIN_SITE_KEY_LENGTH} characters (a random secret shared with the site: openssl rand -base64 48)`,
    )
    .max(512, 'must be at most 512 characters')
    .optional(),
  LIVE_STREAMS_PER_CLIENT: wholeNumber('open live galleries per client, such as 20', 1, 100_000),
  LIVE_STREAMS_MAX: wholeNumber('open live galleries per process, such as 5000', 1, 1_000_000),
  MAX_UPLOAD_REQUEST_BYTES: wholeNumber('bytes, such as 2147483648 for 2 GB', 1024, 1e15),
  MAX_UPLOAD_FILES: wholeNumber('files per upload request, such as 500', 1, 100_000),
  ORGANISER_QUOTA_BYTES: wholeNumber('bytes, such as 107374182400 for 100 GB (0: none)', 0, 1e15),
  MAX_IMAGE_PIXELS: wholeNumber('pixels, such as 50000000 for 50 megapixels', 1_000_000, 1e9),
  JOB_RETENTION_DAYS: wholeNumber('days, such as 14', 1, 3650),
  FACE_RETENTION_MAX_DAYS: wholeNumber('days, such as 365', 1, 3650),
  SWEEP_MIN_AGE_MINUTES: wholeNumber('minutes, such as 15', 0, 10_080),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/[^\s]+$/, 'must be a Redis URL such as redis://127.0.0.1:6379')
    .optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, _ or -, such as eventsite')
    .optional(),
  JOB_LEASE_SECONDS: wholeNumber('seconds, such as 30', 1, 3600),
  FACE_INDEX_MEMORY_MB: wholeNumber('megabytes, such as 256', 1, 1_048_576),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
    )
    .optional(),
  S3_ENDPOINT: z
    .url({
      protocol: /^https?$/,
      error: 'must be an http:// or https:// URL such as http://127.0.0.1:9000 (MinIO)',
    })
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, 'must be a region name such as us-east-1 or auto')
    .optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});

/** An optional whole number within bounds, with a message saying what it counts. */
function wholeNumber(what: string, min: number, max: number) {
  const message = `must be a whole number of ${what}, from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\d{1,16}$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message))
    .optional();
}

/** Largest uploaded photo file, unless MAX_UPLOAD_BYTES says otherwise. */
export const DEFAULT_MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
/** Most bytes one upload request may carry, all files together. */
export const DEFAULT_MAX_UPLOAD_REQUEST_BYTES = 2 * 1024 * 1024 * 1024;
/** Most files one upload request may carry. */
export const DEFAULT_MAX_UPLOAD_FILES = 500;
/** Most bytes of originals one organiser may keep (all events together). */
export const DEFAULT_ORGANISER_QUOTA_BYTES = 100 * 1024 * 1024 * 1024;
/** Bib searches, name searches, result look-ups and "more photos of you" per client per minute. */
export const DEFAULT_SEARCHES_PER_MINUTE = 30;
/** A person looks for themselves a few times; far more is someone looking for others. */
export const DEFAULT_SELFIE_SEARCHES_PER_DAY = 60;
/** Console sign-in attempts per client in 15 minutes, unless SIGN_INS_PER_CLIENT says. */
export const SIGN_IN_ATTEMPTS_PER_CLIENT = 20;
/** Password attempts per client in 15 minutes on password galleries, unless GALLERY_PASSWORD_ATTEMPTS says. */
export const DEFAULT_GALLERY_PASSWORD_ATTEMPTS = 10;
/** Open live gallery streams per client address (LIVE_STREAMS_PER_CLIENT): a venue's visitors may share one. */
export const DEFAULT_LIVE_STREAMS_PER_CLIENT = 20;
/** Open live gallery streams per API process (LIVE_STREAMS_MAX). */
export const DEFAULT_LIVE_STREAMS_MAX = 5_000;
/** Finished and failed job rows are removed at start once older than this. */
export const DEFAULT_JOB_RETENTION_DAYS = 14;
/** Decoding takes about 6 bytes of memory per pixel (RGB, and a resized copy). */
const BYTES_PER_DECODED_PIXEL = 6;

/**
 * The largest image decoded, sized to the machine: the jobs worked at once may each decode one,
 * and together they may use at most a quarter of the memory. Never more than MAX_PHOTO_PIXELS.
 */
export function defaultMaxImagePixels(totalMemory: number, jobConcurrency: number): number {
  const perJob = totalMemory / 4 / Math.max(1, jobConcurrency) / BYTES_PER_DECODED_PIXEL;
  return Math.max(1_000_000, Math.min(MAX_PHOTO_PIXELS, Math.floor(perJob / 1e6) * 1e6));
}

/** Fastify's trustProxy: false, true, a hop count or a list of proxy addresses. */
export type TrustProxy = boolean | number | string[];

function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((a) => a.trim());
}

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
  /**
   * Memory the selfie search indexes loaded in this process may take together
   * (FACE_INDEX_MEMORY_MB, default 256): past it the least recently searched events' are dropped.
   */
  faceIndexBytes: number;
  /**
   * Which proxies' X-Forwarded-For is believed (TRUST_PROXY, default false): the client address
   * that rate limits count by. Behind a proxy left untrusted, every visitor shares one bucket.
   */
  trustProxy: TrustProxy;
  /** Searches (bib, name, result, more-of-bib) per client per minute (SEARCHES_PER_MINUTE, 30). */
  searchesPerMinute: number;
  /** Selfie searches per client and event a day (SELFIE_SEARCHES_PER_DAY, 60). */
  selfieSearchesPerDay: number;
  /**
   * Console sign-in attempts per client in 15 minutes (SIGN_INS_PER_CLIENT, 20): more for a team
   * that signs in from behind one address.
   */
  signInsPerClient: number;
  /**
   * Password attempts on password galleries per client in 15 minutes (GALLERY_PASSWORD_ATTEMPTS,
   * 10; 429 past it), right or wrong: each is counted before it is checked.
   */
  galleryPasswordAttempts: number;
  /**
   * The key gallery grants are signed with (ACCESS_GRANT_SECRET); unset, a random one is made
   * once and kept in the database, shared by every process of the deployment.
   */
  accessGrantSecret: string | undefined;
  /**
   * The key the site signs its visitors' addresses with (SITE_KEY, shared with the site; `npm
   * start` makes one for both): the per-visitor limits then count the site's visitors one by one.
   * Unset, every visitor of the site counts as the site's address.
   */
  siteKey: string | undefined;
  /** Open live gallery streams per client address (LIVE_STREAMS_PER_CLIENT, 20; 429 past it). */
  liveStreamsPerClient: number;
  /** Open live gallery streams of this process (LIVE_STREAMS_MAX, 5000; 503 past it). */
  liveStreamsMax: number;
  /** Most bytes of one upload request (MAX_UPLOAD_REQUEST_BYTES, 2 GB). */
  maxUploadRequestBytes: number;
  /** Most files of one upload request (MAX_UPLOAD_FILES, 500). */
  maxUploadFiles: number;
  /** Most bytes of originals per organiser (ORGANISER_QUOTA_BYTES, 100 GB; 0: no quota). */
  organiserQuotaBytes: number;
  /** Largest image accepted and decoded (MAX_IMAGE_PIXELS; default sized to the machine's memory). */
  maxImagePixels: number;
  /** The most days any event keeps its face data (FACE_RETENTION_MAX_DAYS, 365). */
  faceRetentionMaxDays: number;
  /** Finished job rows older than this many days are removed at start (JOB_RETENTION_DAYS, 14). */
  jobRetentionDays: number;
  /**
   * The start-up sweep leaves files younger than this alone (SWEEP_MIN_AGE_MINUTES); undefined:
   * 0 on the embedded database (one process), 15 minutes on PostgreSQL (others may be writing).
   */
  sweepMinAgeMinutes: number | undefined;
  /**
   * The mail server (SMTP_URL): contact form messages are emailed on to the organiser, and console
   * invitations to the invitee; without it messages are only kept and links only shown.
   */
  smtpUrl: string | undefined;
  /** The From of those emails (SMTP_FROM); default: no-reply@ the organiser's domain. */
  smtpFrom: string | undefined;
  /** Jobs delivered through Redis (BullMQ) when set (REDIS_URL); needs DATABASE_URL. */
  redisUrl: string | undefined;
  /** Prefix of this deployment's Redis keys and channel (REDIS_PREFIX, eventsite). */
  redisPrefix: string;
  /** A claimed job is another worker's once its worker is silent this long (JOB_LEASE_SECONDS, 30). */
  jobLeaseMs: number;
  /** Photos in this S3-compatible bucket instead of DATA_DIR (S3_BUCKET and the other S3_ settings). */
  s3:
    | { bucket: string; endpoint: string | undefined; region: string; forcePathStyle: boolean }
    | undefined;
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
  const problems: string[] = [];
  // Another process can only share the work through a database it can reach too.
  if (e.REDIS_URL && !e.DATABASE_URL)
    problems.push(
      'REDIS_URL is set without DATABASE_URL: jobs on Redis need PostgreSQL, which every API and worker process can reach',
    );
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_REGION || e.S3_FORCE_PATH_STYLE !== undefined))
    problems.push(
      'S3_ENDPOINT, S3_REGION and S3_FORCE_PATH_STYLE need S3_BUCKET: the bucket photos go to',
    );
  if (problems.length > 0) throw new ConfigError(problems);
  const jobConcurrency = e.JOB_CONCURRENCY ?? os.availableParallelism();
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicApiUrl: e.PUBLIC_API_URL,
    logLevel: e.LOG_LEVEL,
    maxUploadBytes: e.MAX_UPLOAD_BYTES ?? DEFAULT_MAX_UPLOAD_BYTES,
    jobConcurrency,
    ocrEnabled: e.OCR_ENABLED ?? true,
    facesEnabled: e.FACES_ENABLED ?? true,
    faceIndexBytes: (e.FACE_INDEX_MEMORY_MB ?? 256) * 1024 * 1024,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    searchesPerMinute: e.SEARCHES_PER_MINUTE ?? DEFAULT_SEARCHES_PER_MINUTE,
    selfieSearchesPerDay: e.SELFIE_SEARCHES_PER_DAY ?? DEFAULT_SELFIE_SEARCHES_PER_DAY,
    signInsPerClient: e.SIGN_INS_PER_CLIENT ?? SIGN_IN_ATTEMPTS_PER_CLIENT,
    galleryPasswordAttempts: e.GALLERY_PASSWORD_ATTEMPTS ?? DEFAULT_GALLERY_PASSWORD_ATTEMPTS,
    accessGrantSecret: e.ACCESS_GRANT_SECRET,
    siteKey: e.SITE_KEY,
    liveStreamsPerClient: e.LIVE_STREAMS_PER_CLIENT ?? DEFAULT_LIVE_STREAMS_PER_CLIENT,
    liveStreamsMax: e.LIVE_STREAMS_MAX ?? DEFAULT_LIVE_STREAMS_MAX,
    maxUploadRequestBytes: e.MAX_UPLOAD_REQUEST_BYTES ?? DEFAULT_MAX_UPLOAD_REQUEST_BYTES,
    maxUploadFiles: e.MAX_UPLOAD_FILES ?? DEFAULT_MAX_UPLOAD_FILES,
    organiserQuotaBytes: e.ORGANISER_QUOTA_BYTES ?? DEFAULT_ORGANISER_QUOTA_BYTES,
    maxImagePixels: e.MAX_IMAGE_PIXELS ?? defaultMaxImagePixels(os.totalmem(), jobConcurrency),
    jobRetentionDays: e.JOB_RETENTION_DAYS ?? DEFAULT_JOB_RETENTION_DAYS,
    faceRetentionMaxDays: e.FACE_RETENTION_MAX_DAYS ?? DEFAULT_FACE_RETENTION_MAX_DAYS,
    sweepMinAgeMinutes: e.SWEEP_MIN_AGE_MINUTES,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM || undefined,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX ?? 'eventsite',
    jobLeaseMs: (e.JOB_LEASE_SECONDS ?? 30) * 1000,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION ?? env.AWS_REGION ?? 'us-east-1',
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
        }
      : undefined,
  };
}
