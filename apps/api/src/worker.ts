import { JobWorker } from './adapters/jobs/worker.js';
import { ConfigError, loadConfig } from './config.js';
import { closeEngineWorker, fitRecognitionThreadsToJobs } from './engine-worker/index.js';
import { openRuntime } from './runtime.js';
import { createServices } from './services/index.js';
import { FACE_RETENTION_CHECK_MS } from './services/face-retention.js';
import { shareChanges } from './services/shared-changes.js';

/** How often a worker on Redis delivers recorded jobs whose delivery was lost. */
const REDELIVER_EVERY_MS = 60_000;

/** One JSON line per event, like the API's log lines, on stdout. */
function log(level: 'info' | 'warn' | 'error' | 'debug', msg: string, fields: object = {}): void {
  if (level === 'debug' && process.env.LOG_LEVEL !== 'debug' && process.env.LOG_LEVEL !== 'trace')
    return;
  const levels = { debug: 20, info: 30, warn: 40, error: 50 };
  process.stdout.write(
    `${JSON.stringify({ level: levels[level], time: Date.now(), pid: process.pid, ...fields, msg })}\n`,
  );
}

/**
 * `npm run start:worker`: the job handlers (ingest, bib OCR, faces) and no HTTP. Any number of
 * these run beside any number of APIs (JOB_CONCURRENCY=0 there makes them serve only), all on
 * one PostgreSQL, with Redis (REDIS_URL) delivering the jobs and S3 (S3_BUCKET) holding photos.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl)
    throw new ConfigError([
      'DATABASE_URL is not set: a worker process shares the API’s PostgreSQL (the embedded database belongs to the API process alone)',
    ]);
  if (config.jobConcurrency === 0)
    throw new ConfigError([
      'JOB_CONCURRENCY=0: a worker process must work at least one job at once',
    ]);
  const runtime = await openRuntime(config, 'api');
  const services = createServices(runtime.database.db, runtime.blobs, {
    queue: runtime.queue,
    maxUploadBytes: config.maxUploadBytes,
    maxImagePixels: config.maxImagePixels,
    ocrEnabled: config.ocrEnabled,
    facesEnabled: config.facesEnabled,
    faceRetentionMaxDays: config.faceRetentionMaxDays,
  });
  if (runtime.changes) shareChanges(services, runtime.changes);
  const queue = services.jobs.queue;
  // Each handler says when it starts and ends (at debug level): which jobs a process held.
  const handlers = Object.fromEntries(
    Object.entries(services.jobHandlers).map(([kind, handler]) => [
      kind,
      async (payload: never, context: { jobId: number; attempt: number }) => {
        log('debug', 'job started', { jobId: context.jobId, kind, attempt: context.attempt });
        const result = await (handler as (p: never, c: typeof context) => Promise<unknown>)(
          payload,
          context,
        );
        log('debug', 'job done', { jobId: context.jobId, kind });
        return result;
      },
    ]),
  ) as unknown as typeof services.jobHandlers;
  fitRecognitionThreadsToJobs(config.jobConcurrency);
  const worker = new JobWorker(queue, handlers, {
    concurrency: config.jobConcurrency,
    // The same lease as every process's (JOB_LEASE_SECONDS): on the database's queue this worker
    // renews its jobs' locks and takes back those of dead workers; on Redis, BullMQ does.
    leaseMs: config.jobLeaseMs,
    onError: (job, error, willRetry) =>
      log(
        'warn',
        `job ${job.id} (${job.kind}) failed: ${(error as Error)?.message ?? String(error)}`,
        {
          jobId: job.id,
          kind: job.kind,
          willRetry,
        },
      ),
  });
  services.jobs.enqueued.listen(() => worker.wake());
  await worker.start();
  // On Redis: jobs recorded while Redis was away, or queued by the CLI, or lost with Redis's data.
  const recovering = runtime.queue
    ? setInterval(() => {
        queue
          .recoverStale(config.jobLeaseMs)
          .catch((error: unknown) =>
            log('warn', `delivering jobs left behind failed: ${(error as Error).message}`),
          );
      }, REDELIVER_EVERY_MS)
    : undefined;
  recovering?.unref();
  // Events past their face data retention lose it: checked at start and every hour.
  const stopRetention = services.faceRetention.every(FACE_RETENTION_CHECK_MS, (error) =>
    log('warn', `deleting expired face data failed: ${(error as Error).message}`),
  );
  // Faces described under an earlier face recipe are described again, in the background.
  void services.faceRecipeUpgrade.queueStale().then(
    ({ events, photos }) => {
      if (photos > 0)
        log(
          'info',
          `describing again the faces of ${photos} photos of ${events} events (face recipe ${services.faceRecipeUpgrade.recipeVersion})`,
        );
    },
    (error: unknown) =>
      log('warn', `queueing faces to describe again failed: ${(error as Error).message}`),
  );
  log(
    'info',
    `Worker ready: ${config.jobConcurrency} at once; jobs on ${runtime.queue ? 'Redis' : 'the database'}; photos in ${config.s3 ? `bucket ${config.s3.bucket}` : config.dataDir}`,
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log('info', `${signal}: finishing the jobs in hand`);
    clearInterval(recovering);
    stopRetention();
    try {
      await worker.stop();
      await services.faces.stop();
      await closeEngineWorker();
    } finally {
      await runtime.close();
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(`The worker could not start: ${(error as Error).message}`);
  process.exit(1);
});
