import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
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

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
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
      const summary = await withServices(io, async (services, runtime) => {
        await services.events.require(eventId);
        // Enqueue: each file is copied to the incoming store under its content hash; the same
        // bytes twice (in this folder, or from an earlier run) are one job.
        const jobOf = new Map<number, string>();
        let skipped = 0;
        for (const name of files) {
          const file = path.join(folder, name);
          const sha = await sha256Of(file);
          if (await services.imports.hasChecksum(eventId, sha)) {
            skipped++;
            continue;
          }
          const incomingKey = `${eventId}/import-${sha}`;
          await runtime.blobs.incoming.putStream(incomingKey, createReadStream(file));
          const jobId = await services.jobs.enqueueIngest(
            eventId,
            { uuid: randomUUID(), incomingKey, filename: name },
            `import:${eventId}:${sha}`,
          );
          if (jobOf.has(jobId)) skipped++;
          else jobOf.set(jobId, name);
        }
        // Work the jobs here (an embedded database is this process's alone) and watch them finish.
        const worker = new JobWorker(services.jobs.queue, services.jobHandlers, {
          concurrency,
          idleMs: 200,
          // Bib OCR is slow: the API's worker does it after; the import waits for ingest only.
          kinds: ['ingest'],
          leaseMs: runtime.database.kind === 'pglite' ? 0 : undefined,
        });
        services.jobs.worker = worker;
        const bar = progress(io, `Importing into event ${eventId}`, files.length);
        for (let i = 0; i < skipped; i++) bar.tick();
        let imported = 0;
        let failed = 0;
        const pending = new Set(jobOf.keys());
        await worker.start();
        try {
          while (pending.size > 0) {
            const seen = worker.settledCount;
            const outcomes = await services.jobs.queue.states([...pending]);
            for (const [jobId, outcome] of outcomes) {
              if (outcome.state !== 'done' && outcome.state !== 'failed') continue;
              pending.delete(jobId);
              if (outcome.state === 'failed') {
                failed++;
                bar.log(`FAILED ${jobOf.get(jobId)}: ${outcome.lastError ?? 'unknown error'}`);
              } else if (outcome.result && 'skipped' in outcome.result) skipped++;
              else imported++;
              bar.tick();
            }
            // Woken by this worker's next finished job; jobs another process works (the API on
            // the same PostgreSQL) are seen within a second.
            if (pending.size > 0 && worker.settledCount === seen) await worker.nextSettled(1000);
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
