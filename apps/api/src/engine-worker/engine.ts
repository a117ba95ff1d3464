/**
 * The plumbing both recognition engines (bib OCR in bibs/, faces in faces/) share:
 *
 * - `perProcessEngine`: one engine per process. In the main thread it is a client of the engine
 *   worker (each method a call in the thread, runner.ts: started on first call, one call at a
 *   time, a crash rejects the call in work and the next call starts a new thread); inside a
 *   worker thread it is the engine itself.
 * - `lazyEngine`: the worker thread's side, an engine made on its first call and freed on request.
 * - `LazyModels`: an engine's models, loaded on first use and loaded again after a failed load.
 */
import { isMainThread } from 'node:worker_threads';
/** Where an engine's calls run from the main thread: a `WorkerRunner` or a `WorkerPool`. */
export interface EngineThreads {
  call<T>(method: string, args?: unknown[]): Promise<T>;
  callIfRunning(method: string, args?: unknown[]): Promise<void>;
}

/** A recognition engine: its methods, each taking structured-clonable arguments, and `dispose`. */
export interface Engine {
  /** Frees the models; the engine loads them again on its next call. */
  dispose(): Promise<void>;
}

type Methods<E> = {
  [K in Exclude<keyof E, 'dispose'>]: E[K] extends (...args: never[]) => Promise<unknown>
    ? string
    : never;
};

export interface EngineBinding<E extends Engine> {
  /** Makes the engine in the calling thread. */
  create: () => E;
  /** The thread it runs in from the main thread (engine-worker/index.ts `engineWorker`). */
  worker: () => EngineThreads;
  /** Per method of the engine, the worker module's function (engines.ts) that runs it there. */
  calls: Methods<E>;
  /** The worker module's function that frees the engine's models. */
  dispose: string;
}

/** The engine as a client of the worker: each method a call in the thread; `dispose` starts no thread. */
export function engineClient<E extends Engine>(binding: EngineBinding<E>): E {
  const client: Record<string, unknown> = {
    dispose: () => binding.worker().callIfRunning(binding.dispose),
  };
  for (const [method, name] of Object.entries(binding.calls) as Array<[string, string]>)
    client[method] = (...args: unknown[]) => binding.worker().call(name, args);
  return client as unknown as E;
}

/**
 * One engine per process, made on first use: the models take ~100 MB and a second or so to
 * load. From the main thread it runs in the engine worker, so a photo's 0.5–1 s of inference
 * never blocks the caller's event loop; inside that thread (or any other worker) it runs there.
 */
export function perProcessEngine<E extends Engine>(binding: EngineBinding<E>): () => E {
  let engine: E | undefined;
  return () => (engine ??= isMainThread ? engineClient(binding) : binding.create());
}

/** The worker thread's engine: made on its first use, freed by `dispose` (made again after). */
export function lazyEngine<E extends Engine>(
  create: () => E,
): { use(): E; dispose(): Promise<void> } {
  let engine: E | undefined;
  return {
    use: () => (engine ??= create()),
    async dispose() {
      const current = engine;
      engine = undefined;
      await current?.dispose();
    },
  };
}

/** Models loaded on first use; a failed load is forgotten, so the next use tries again. */
export class LazyModels<M> {
  #models: Promise<M> | undefined;

  constructor(private readonly load: () => Promise<M>) {}

  get(): Promise<M> {
    this.#models ??= this.load().catch((error: unknown) => {
      this.#models = undefined;
      throw error;
    });
    return this.#models;
  }

  /**
   * Forgets the models (the next use loads them again). Undefined when none were loaded or
   * loading; else what they come to (undefined for a load that fails).
   */
  take(): Promise<M | undefined> | undefined {
    const models = this.#models;
    this.#models = undefined;
    return models?.catch(() => undefined);
  }
}
