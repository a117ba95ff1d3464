import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import type { JobOutcome } from '../../adapters/jobs/types.js';
import { JobWorker } from '../../adapters/jobs/worker.js';
import { CliError, type CliIo, withServices } from '../io.js';
import { progress } from '../progress.js';
import { parseId } from './event.js';

async function listFiles(folder: string): Promise<string[]> {
  let info;
  try {
    info = await stat(folder);
  } catch {
    throw new CliError(`${folder}: no such folder`);
  }
  if (!info.isDirectory()) throw new CliError(`${folder}: is not a folder`);
  const entries = await readdir(folder, { withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && !e.name.startsWith('.'))
    .map((e) => e.name)
    .sort();
}

export function importCommand(program: Command, io: CliIo) {
  program
    .command('import')
    .description(
      'Import a folder of JPEG, PNG and WebP photos into an event: one ingest job per file, worked here with a progress bar (idempotent, resumable)',
    )
    .argument('<eventId>', 'event id')
    .argument('<folder>', 'folder of photos (not recursive; recognised by content, not extension)')
    .option('--concurrency <n>', 'jobs worked at once by this command', '3')
    .action(async (id: string, folderArg: string, options: { concurrency: string }) => {
      const eventId = parseId(id);
      const concurrency = Number(options.concurrency);
      if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 16) {
        throw new CliError('--concurrency: must be a whole number from 1 to 16');
      }
      const folder = path.resolve(io.cwd, folderArg);
      const files = await listFiles(folder);
      if (files.length === 0) throw new CliError(`${folderArg}: has no files to import`);
      const summary = await withServices(io, async (services, runtime, cfg) => {
        await services.events.require(eventId);
        // Work the jobs here, started first so the photos already queued are processed while the
        // rest are still being copied in. Inside the running API (io.attached) this worker works
        // beside the API's own, which keeps its place as the one enqueueing wakes.
        const settled = new Map<number, JobOutcome>();
        const worker = new JobWorker(services.jobs.queue, services.jobHandlers, {
          concurrency,
          idleMs: 200,
          // Bib OCR is slow: the API's worker does it after; the import waits for ingest only.
          kinds: ['ingest'],
          // A process that opened the embedded database alone may take back every running job;
          // beside the API's worker, only the stale ones.
          leaseMs:
            runtime.database.kind !== 'pglite' ? cfg.jobLeaseMs : io.attached ? undefined : 0,
          onSettled: (jobId, outcome) => settled.set(jobId, outcome),
        });
        if (!io.attached) services.jobs.enqueued.listen(() => worker.wake());
        const bar = progress(io, `Importing into event ${eventId}`, files.length);
        let imported = 0;
        let failed = 0;
        let skipped = 0;
        const jobOf = new Map<number, string>();
        const pending = new Set<number>();
        const take = (jobId: number, outcome: JobOutcome) => {
          if (!pending.delete(jobId)) return;
          if (outcome.state === 'failed') {
            failed++;
            bar.log(`FAILED ${jobOf.get(jobId)}: ${outcome.lastError ?? 'unknown error'}`);
          } else if (outcome.result && 'skipped' in outcome.result) skipped++;
          else imported++;
          bar.tick();
        };
        const skip = () => {
          skipped++;
          bar.tick();
        };
        // Photos already in the event, by content: their files are skipped without a copy.
        const known = await services.imports.checksumsOf(eventId);
        await worker.start();
        try {
          // Enqueue: each file is copied to the incoming store under its content hash; the same
          // bytes twice (in this folder, or from an earlier run) are one job.
          for (const name of files) {
            // Read once, whole: hashed and copied from memory (a photo is at most a few tens
            // of MB, and one file is in hand at a time).
            let bytes: Buffer;
            try {
              bytes = await readFile(path.join(folder, name));
            } catch (error) {
              failed++;
              bar.log(`FAILED ${name}: cannot be read: ${(error as Error).message}`);
              bar.tick();
              continue;
            }
            const sha = createHash('sha256').update(bytes).digest('hex');
            if (known.has(sha)) {
              skip();
              continue;
            }
            const incomingKey = `${eventId}/import-${sha}`;
            await runtime.blobs.incoming.put(incomingKey, bytes);
            const jobId = await services.jobs.enqueueIngest(
              eventId,
              { uuid: randomUUID(), incomingKey, filename: name },
              `import:${eventId}:${sha}`,
            );
            if (jobOf.has(jobId)) {
              skip();
              continue;
            }
            jobOf.set(jobId, name);
            pending.add(jobId);
            const outcome = settled.get(jobId);
            if (outcome) take(jobId, outcome);
          }
          // Jobs this worker finishes are reported to it; the queue is asked only about the rest
          // (a job settled by an earlier run, or by the API on the same PostgreSQL), once a second.
          let asked = 0;
          while (pending.size > 0) {
            for (const [jobId, outcome] of settled) take(jobId, outcome);
            settled.clear();
            if (pending.size === 0) break;
            if (Date.now() - asked >= 1000) {
              asked = Date.now();
              for (const [jobId, outcome] of await services.jobs.queue.states([...pending]))
                if (outcome.state === 'done' || outcome.state === 'failed') take(jobId, outcome);
              continue;
            }
            await worker.nextSettled(1000);
          }
        } finally {
          bar.stop();
          await worker.stop();
        }
        return { imported, skipped, failed };
      });
      io.out(
        `Imported ${summary.imported}, skipped ${summary.skipped} (already imported), failed ${summary.failed} of ${files.length} files.`,
      );
      if (summary.failed > 0) {
        throw new CliError(
          `${summary.failed} file${summary.failed === 1 ? '' : 's'} could not be imported (listed above).`,
        );
      }
    });
}
