/**
 * The process's recognition threads: each serves both engines (bib OCR and faces), so their
 * inference never blocks the API's event loop, and photos worked at the same time are read on
 * different cores. `sharedOcrEngine()` and `sharedFaceEngine()` call through them (engine.ts:
 * the plumbing both engines share; engines.ts: what a thread serves); `closeEngineWorker()` ends
 * them on shutdown.
 *
 * One thread per core (at most `MAX_RECOGNITION_THREADS`), each running its models on one core:
 * the face model's WebAssembly build runs on one thread whatever the machine, so only a second
 * photo in work keeps a second core busy. On two cores a burst of race photos went through
 * 1.3–1.8 times as fast as with one thread whose OCR used both cores (docs/performance.md).
 */
import { availableParallelism } from 'node:os';
import { UnreadableImageError } from '../bibs/unreadable-image.js';
import { WorkerPool } from './pool.js';

export { WorkerRunner, EngineWorkerCrashedError } from './runner.js';
export type { WorkerRunnerOptions, SerialisedError } from './runner.js';
export { SerialQueue } from './serial-queue.js';
export { WorkerPool } from './pool.js';
export type { WorkerPoolOptions } from './pool.js';
export { engineClient, lazyEngine, LazyModels, perProcessEngine } from './engine.js';
export type { Engine, EngineBinding, EngineThreads } from './engine.js';

/** More threads than this only share the same memory bandwidth and multiply the models' memory. */
export const MAX_RECOGNITION_THREADS = 4;

let shared: WorkerPool | undefined;
let threads = defaultRecognitionThreads(availableParallelism());

/** One per core, at most `MAX_RECOGNITION_THREADS`. */
export function defaultRecognitionThreads(cores: number): number {
  return Math.max(1, Math.min(MAX_RECOGNITION_THREADS, cores));
}

/**
 * No more recognition threads than jobs the process works at once (a thread more would never
 * be used, and would leave each engine one core where it could have two). The API and the
 * worker call it from their configuration before their first job.
 */
export function fitRecognitionThreadsToJobs(jobConcurrency: number): void {
  if (shared) return;
  threads = Math.max(1, Math.min(threads, Math.floor(jobConcurrency)));
}

/** The shared threads for the OCR and face engines; each started when calls first overlap so. */
export function engineWorker(): WorkerPool {
  shared ??= new WorkerPool({
    size: threads,
    // Several threads side by side: each engine runs its models on its own thread only.
    settings: { modelThreads: threads > 1 ? 1 : undefined },
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

/** Terminates the recognition threads that run (the API's close calls this). A later call starts them again. */
export async function closeEngineWorker(): Promise<void> {
  await shared?.close();
}
