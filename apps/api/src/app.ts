import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createServer } from 'node:http';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { BlobStores } from './adapters/blobs.js';
import type { ChangeBus } from './adapters/changes.js';
import type { Database } from './adapters/db/index.js';
import type { JobQueue } from './adapters/jobs/types.js';
import { rateLimitStore, visitorKey } from './adapters/rate-limits.js';
import { JobWorker } from './adapters/jobs/worker.js';
import type { ApiConfig } from './config.js';
import {
  ADMIN_PREFIX,
  CONSOLE_PREFIX,
  errorBody,
  HOST_HEADER,
  PUBLIC_CORS_EXPOSED_HEADERS,
} from './http.js';
import { loggedUrl, registerErrorHandlers } from './plugins/errors.js';
import { describeMediaTypes } from './plugins/openapi.js';
import { installSiteVisitor } from './plugins/site-visitor.js';
import { assetRoutes } from './routes/assets.js';
import { adminRoutes } from './routes/admin.js';
import { consoleRoutes } from './routes/console.js';
import { consoleInviteRoutes } from './routes/console-invites.js';
import { consoleSignInLinkRoutes } from './routes/console-sign-in-links.js';
import { uploadedImageRoutes } from './routes/uploaded-images.js';
import { watermarkPublicRoutes } from './routes/watermark-public.js';
import { faceModelRoutes } from './routes/face-models.js';
import { clientRoutes } from './routes/client.js';
import { guardEventRoutes } from './routes/event-access.js';
import { formRoutes } from './routes/forms.js';
import { healthRoutes } from './routes/health.js';
import { homeRoutes } from './routes/home.js';
import { liveRoutes } from './routes/live.js';
import { photoRoutes } from './routes/photos.js';
import { serveHotPhoto } from './routes/hot-photos.js';
import type { BibReader } from './services/bibs.js';
import type { FaceDetector } from './services/faces.js';
import { closeEngineWorker, fitRecognitionThreadsToJobs } from './engine-worker/index.js';
import { createServices, type Services } from './services/index.js';
import { shareChanges } from './services/shared-changes.js';
import { FACE_RETENTION_CHECK_MS } from './services/face-retention.js';
import { API_VERSION } from './version.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: ApiConfig;
    services: Services;
    database: Database;
    /** Works the job queue in this process; undefined when JOB_CONCURRENCY is 0 or `worker: false`. */
    worker: JobWorker | undefined;
  }
  interface FastifyContextConfig {
    /** false: @fastify/cors adds no header to this route (admin routes). */
    cors?: false;
  }
}

export interface AppOptions {
  config: ApiConfig;
  /** Opened and migrated by the caller, which also closes it. */
  database: Database;
  blobs: BlobStores;
  /** The job queue when it is not the database's (runtime.queue: BullMQ when REDIS_URL is set). */
  queue?: JobQueue;
  /** Cache invalidations shared with the deployment's other processes (runtime.changes). */
  changes?: ChangeBus;
  logger?: FastifyServerOptions['logger'];
  /** Work the job queue in this process (default: when JOB_CONCURRENCY > 0). Started on ready, stopped on close. */
  worker?: boolean;
  /** First retry delay of failed jobs (default 2 s; tests shorten it). */
  jobRetryBaseMs?: number;
  /** Poll interval of an idle worker (default 1 s). */
  jobIdleMs?: number;
  /** Another bib reader than the OCR engine (tests: a stub of the engine's interface). */
  bibReader?: BibReader;
  /** Another face detector than the face engine (tests). */
  faceDetector?: FaceDetector;
  /** Selfie searches per client (IP) per minute (default 30). */
  selfieSearchesPerMinute?: number;
  /** Zip downloads per client (IP) per minute (default 20). */
  downloadsPerMinute?: number;
  /** Sweep leftovers at start (default true; services/sweep.ts). */
  sweep?: boolean;
  /** Running jobs older than this are re-queued at start (default 10 min; 0 on PGlite, which one process owns). */
  jobLeaseMs?: number;
}

export { API_VERSION };

/** On a shared database, files younger than this may belong to another process's work in progress. */
const SWEEP_MIN_AGE_MS = 15 * 60 * 1000;

/** A hop count becomes Fastify's function form: the nearest `hops` addresses are proxies. */
function fastifyTrustProxy(
  trust: ApiConfig['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const services = createServices(options.database.db, options.blobs, {
    maxUploadBytes: options.config.maxUploadBytes,
    maxUploadRequestBytes: options.config.maxUploadRequestBytes,
    organiserQuotaBytes: options.config.organiserQuotaBytes,
    maxImagePixels: options.config.maxImagePixels,
    ocrEnabled: options.config.ocrEnabled,
    bibReader: options.bibReader,
    facesEnabled: options.config.facesEnabled,
    faceDetector: options.faceDetector,
    faceIndexBytes: options.config.faceIndexBytes,
    faceRetentionMaxDays: options.config.faceRetentionMaxDays,
    queue: options.queue,
    smtpUrl: options.config.smtpUrl,
    smtpFrom: options.config.smtpFrom,
    accessGrantSecret: options.config.accessGrantSecret,
  });
  if (options.changes) shareChanges(services, options.changes);
  const app = Fastify({
    // Hot photo variants are answered before routing (routes/hot-photos.ts); the rest go on.
    serverFactory: (handler) =>
      createServer((request, response) => {
        if (serveHotPhoto(services.photos, request, response)) return;
        handler(request, response);
      }),
    logger: options.logger ?? { level: options.config.logLevel },
    // One log line per failed request comes from the error handlers; successes stay quiet.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { maxParamLength: 200 },
    // The client address rate limits count by: X-Forwarded-For only from the proxies trusted.
    trustProxy: fastifyTrustProxy(options.config.trustProxy),
    bodyLimit: 64 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', options.config);
  app.decorate('database', options.database);
  app.decorate('services', services);
  const workerWanted = (options.worker ?? true) && options.config.jobConcurrency > 0;
  fitRecognitionThreadsToJobs(options.config.jobConcurrency);
  const worker = workerWanted
    ? new JobWorker(services.jobs.queue, services.jobHandlers, {
        concurrency: options.config.jobConcurrency,
        retryBaseMs: options.jobRetryBaseMs,
        idleMs: options.jobIdleMs,
        // One process owns an embedded database: any job still 'running' there was cut off.
        // On PostgreSQL, others may share the queue: a job is taken back once its worker has
        // been silent for JOB_LEASE_SECONDS (workers renew the locks of the jobs they run).
        leaseMs:
          options.jobLeaseMs ??
          (options.database.kind === 'pglite' ? 0 : options.config.jobLeaseMs),
        onError: (job, error, willRetry) =>
          app.log.warn(
            { jobId: job.id, kind: job.kind, willRetry },
            `job ${job.id} (${job.kind}) failed: ${(error as Error)?.message ?? String(error)}`,
          ),
      })
    : undefined;
  app.decorate('worker', worker);
  // Before the worker takes any job: what a crash left behind goes (files no photo or waiting
  // job names, unfinished writes, old job rows). Another process may share a PostgreSQL
  // database, so there only files older than a few minutes are touched.
  if (options.sweep ?? true)
    app.addHook('onReady', async () => {
      // A sweep that fails (a store that cannot be listed) leaves files behind; it does not
      // keep the API from serving.
      const report = await services.sweep
        .run({
          minAgeMs:
            options.config.sweepMinAgeMinutes !== undefined
              ? options.config.sweepMinAgeMinutes * 60_000
              : options.database.kind === 'pglite'
                ? 0
                : SWEEP_MIN_AGE_MS,
          jobRetentionDays: options.config.jobRetentionDays,
        })
        .catch((error: unknown) => {
          app.log.warn({ err: error }, `start-up sweep failed: ${(error as Error)?.message}`);
          return undefined;
        });
      if (!report) return;
      const removed = Object.entries(report).filter(([, n]) => n > 0);
      if (removed.length > 0)
        app.log.info(
          { sweep: report },
          `start-up sweep removed ${removed.map(([k, n]) => `${n} ${k}`).join(', ')}`,
        );
    });
  // Events past their face data retention lose it: checked at start and every hour.
  let stopRetention: (() => void) | undefined;
  app.addHook('onReady', async () => {
    stopRetention = services.faceRetention.every(FACE_RETENTION_CHECK_MS, (error) =>
      app.log.warn(
        { err: error },
        `deleting expired face data failed: ${(error as Error)?.message}`,
      ),
    );
  });
  app.addHook('onClose', async () => stopRetention?.());
  // Faces described under an earlier face recipe are described again, in the background.
  app.addHook('onReady', async () => {
    void services.faceRecipeUpgrade.queueStale().then(
      ({ events, photos }) => {
        if (photos > 0)
          app.log.info(
            `describing again the faces of ${photos} photos of ${events} events (face recipe ${services.faceRecipeUpgrade.recipeVersion})`,
          );
      },
      (error: unknown) =>
        app.log.warn(
          { err: error },
          `queueing faces to describe again failed: ${(error as Error)?.message}`,
        ),
    );
  });
  if (worker) {
    services.jobs.enqueued.listen(() => worker.wake());
    app.addHook('onReady', async () => worker.start());
  }
  // Selfie search indexes load in the background once the app is ready (listen does not wait):
  // an event's first visitor does not wait for minutes.
  app.addHook('onReady', async () => {
    void services.faces.preload((eventId, error) =>
      app.log.warn(
        { eventId },
        `the faces of event ${eventId} could not be loaded: ${(error as Error)?.message ?? String(error)}`,
      ),
    );
  });
  services.analytics.reportErrorsTo((error) =>
    app.log.warn({ err: error }, 'visitor analytics were not written'),
  );
  app.addHook('onClose', async () => {
    // Counts held in memory are written before the database closes.
    await services.analytics.flush();
    await services.faces.stop();
    await worker?.stop();
    // Then the recognition engines' thread (bib OCR, faces), once the photo in it is done.
    await closeEngineWorker();
  });

  registerErrorHandlers(app);
  // Whom each request is for, before any limit counts it: the site's signed visitor, or the client.
  installSiteVisitor(app, options.config.siteKey);

  // A Host header that is not a host name is refused before it can reach a generated URL.
  app.addHook('onRequest', async (request, reply) => {
    const host = request.headers.host;
    if (host !== undefined && !HOST_HEADER.test(host)) {
      request.log.warn(
        { statusCode: 400 },
        `${request.method} ${loggedUrl(request)}: bad Host header`,
      );
      return reply
        .code(400)
        .header('cache-control', 'no-store')
        .send(errorBody(400, 'Host header must be a host name such as api.example.com'));
    }
  });

  // Public routes answer any origin with the same static headers (no per-request options to
  // build); admin routes opt out, their preflight included, so they never answer cross-origin.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(ADMIN_PREFIX) || route.url.startsWith(CONSOLE_PREFIX))
      route.config = { ...route.config, cors: false };
  });
  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'HEAD', 'POST'],
    maxAge: 86400,
    exposedHeaders: PUBLIC_CORS_EXPOSED_HEADERS,
  });
  for (const prefix of [ADMIN_PREFIX, CONSOLE_PREFIX])
    app.options(`${prefix}/*`, { schema: { hide: true } }, (_request, reply) =>
      reply.callNotFound(),
    );
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  // Counters in Redis when REDIS_URL is set, shared by every API process of the deployment.
  const limits = rateLimitStore(
    options.config.redisUrl
      ? { url: options.config.redisUrl, prefix: options.config.redisPrefix }
      : undefined,
    (message) => app.log.warn(message),
  );
  app.addHook('onClose', () => limits.close());
  await app.register(rateLimit, {
    global: false,
    keyGenerator: visitorKey,
    ...limits.options,
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'eventsite provider API',
        version: API_VERSION,
        description:
          'The API behind the white-label event photo sites. Every JSON answer is an envelope `{ status, message, code, data }`.',
      },
      tags: [
        { name: 'client', description: 'What the public site reads' },
        { name: 'photos', description: 'Photo files' },
        { name: 'forms', description: 'The hosted contact form' },
        { name: 'assets', description: 'Files hosted by the API' },
        { name: 'health', description: 'Liveness' },
        {
          name: 'console',
          description:
            'The organiser console’s accounts: sign-in answers a session token the site keeps in its cookie; the admin routes accept it as a bearer token, with the user’s role checked',
        },
        {
          name: 'admin',
          description:
            "Organisers' API: bearer token (`npm run cli -- token create <domain>`); never cross-origin",
        },
      ],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'An organiser’s admin token, from `npm run cli -- token create <domain>`',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: describeMediaTypes,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  await app.register(homeRoutes);
  await app.register(healthRoutes);
  // Every client route of one event (these and the live stream) checks a password event's grant.
  guardEventRoutes(app);
  await app.register(clientRoutes, {
    prefix: '/api/v1/client',
    downloadsPerMinute: options.downloadsPerMinute ?? 20,
    selfieSearchesPerMinute: options.selfieSearchesPerMinute ?? 30,
    searchesPerMinute: options.config.searchesPerMinute,
    selfieSearchesPerDay: options.config.selfieSearchesPerDay,
    galleryPasswordAttempts: options.config.galleryPasswordAttempts,
  });
  // Live galleries (server-sent events): our extension of the provider contract.
  await app.register(liveRoutes, {
    prefix: '/api/v1/client',
    perClient: options.config.liveStreamsPerClient,
    total: options.config.liveStreamsMax,
  });
  await app.register(adminRoutes, { prefix: ADMIN_PREFIX });
  await app.register(consoleRoutes, {
    prefix: CONSOLE_PREFIX,
    signInsPerClient: options.config.signInsPerClient,
  });
  await app.register(consoleInviteRoutes, { prefix: CONSOLE_PREFIX });
  await app.register(consoleSignInLinkRoutes, { prefix: CONSOLE_PREFIX });
  await app.register(photoRoutes);
  await app.register(formRoutes);
  await app.register(assetRoutes);
  await app.register(uploadedImageRoutes);
  await app.register(watermarkPublicRoutes);
  await app.register(faceModelRoutes);
  return app;
}
