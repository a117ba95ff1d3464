/**
 * The process's engine worker: one thread serving both recognition engines (bib OCR and
 * faces), so their inference never blocks the API's event loop. `sharedOcrEngine()` and
 * `sharedFaceEngine()` call through it (engine.ts: the plumbing both engines share; engines.ts:
 * what the thread serves); `closeEngineWorker()` ends it on shutdown.
 */
import { UnreadableImageError } from '../bibs/unreadable-image.js';
import { WorkerRunner } from './runner.js';

export { WorkerRunner, EngineWorkerCrashedError } from './runner.js';
export type { WorkerRunnerOptions, SerialisedError } from './runner.js';
export { SerialQueue } from './serial-queue.js';
export { engineClient, lazyEngine, LazyModels, perProcessEngine } from './engine.js';
export type { Engine, EngineBinding } from './engine.js';

let shared: WorkerRunner | undefined;

/** The shared thread for the OCR and face engines; started on its first call. */
export function engineWorker(): WorkerRunner {
  shared ??= new WorkerRunner({
    module: new URL(
      import.meta.url.endsWith('.ts') ? './engines.ts' : './engines.js',
      import.meta.url,
    ),
    name: 'recognition worker',
    // Recognition is background work: requests come first when the CPU is short.
    priority: 10,
    reviveError: (error) =>
      error.name === 'UnreadableImageError'
        ? UnreadableImageError.withMessage(error.message)
        : undefined,
  });
  return shared;
}

/** Terminates the engine worker if it runs (the API's close calls this). A later call starts it again. */
export async function closeEngineWorker(): Promise<void> {
  await shared?.close();
}
