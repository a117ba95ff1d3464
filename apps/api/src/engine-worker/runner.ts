/**
 * Runs a module's functions in a `worker_threads` Worker, so CPU-bound work (model inference
 * that blocks its thread for up to a second) leaves the caller's event loop free.
 *
 * - Started lazily on the first call; one call at a time is in the thread, the rest queue here.
 * - A crash (an uncaught error, running out of memory, `process.exit`) rejects the call that was
 *   in the thread with `EngineWorkerCrashedError`; the next call starts a new thread. Calls that
 *   were still queued here were never sent, so they run on the new thread.
 * - The thread does not keep the process alive while idle; `close()` ends it once the call in
 *   it (if any) has finished.
 */
import { Worker } from 'node:worker_threads';
import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { SerialQueue } from './serial-queue.js';

export interface WorkerRequest {
  id: number;
  method: string;
  args: unknown[];
}

export interface SerialisedError {
  name: string;
  message: string;
  stack?: string | undefined;
}

export type WorkerReply =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SerialisedError };

export interface WorkerRunnerOptions {
  /** The module whose exported functions the thread serves. */
  module: URL;
  /** Names the thread (in messages and debuggers). */
  name: string;
  /** Rebuilds an error thrown in the thread as the caller's class (e.g. `UnreadableImageError`); default a plain `Error` with the same name and message. */
  reviveError?: (error: SerialisedError) => Error | undefined;
  /**
   * Scheduling priority of the thread and the threads it starts (`os.setPriority` values,
   * 0 normal … 19 lowest; Linux only): background inference yields the CPU to the thread
   * serving requests. Default: the process's.
   */
  priority?: number;
  /** Plain values the served module reads as `workerData.settings` (e.g. the engines' thread counts). */
  settings?: Record<string, unknown>;
}

/** The worker thread stopped while it had a call: that call is lost, the next one starts a new thread. */
export class EngineWorkerCrashedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EngineWorkerCrashedError';
  }
}

interface Pending {
  id: number;
  method: string;
  /** Settles (never rejects) when the call has its answer. */
  done: Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  /** The uncaught error the thread died of, if any ('error' comes before 'exit'). */
  failure?: Error;
  closing: boolean;
  exited: Promise<void>;
  /** The call in the thread. */
  pending?: Pending | undefined;
}

export class WorkerRunner {
  readonly #options: WorkerRunnerOptions;
  readonly #queue = new SerialQueue();
  #thread: Thread | undefined;
  #nextId = 0;
  #starts = 0;

  constructor(options: WorkerRunnerOptions) {
    this.#options = options;
  }

  /** Whether a thread is running now. */
  get running(): boolean {
    return this.#thread !== undefined;
  }

  /** How many threads have been started so far (a restart after a crash counts). */
  get starts(): number {
    return this.#starts;
  }

  /** Calls `method(...args)` in the thread. Arguments and the result are copied (structured clone). */
  call<T>(method: string, args: unknown[] = []): Promise<T> {
    return this.#queue.run(async () => {
      if (!this.#thread && this.#options.priority !== undefined)
        // libuv's thread pool is shared by every thread and created by its first user, whose
        // priority its threads inherit: make sure that user is this thread, not the new one.
        await stat(process.execPath);
      return this.#send(method, args);
    }) as Promise<T>;
  }

  /** Calls `method` only if the thread is running (e.g. freeing models): no thread is started for it. */
  async callIfRunning(method: string, args: unknown[] = []): Promise<void> {
    await this.#queue.run(async () => {
      if (this.#thread) await this.#send(method, args);
    });
  }

  /**
   * Ends the thread. A call in the thread is let finish first (for at most `graceMs`, default
   * 30 s): terminating a thread while a native addon works in it (onnxruntime, sharp) can abort
   * the whole process. After the grace period the thread is terminated anyway and its call
   * rejected. Calls queued behind it, and any later call, run on a new thread.
   */
  async close(options: { graceMs?: number } = {}): Promise<void> {
    const thread = this.#thread;
    if (!thread) return;
    thread.closing = true;
    // No new call reaches this thread from now on.
    this.#thread = undefined;
    const inWork = thread.pending?.done;
    if (inWork) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        inWork,
        new Promise((resolve) => (timer = setTimeout(resolve, options.graceMs ?? 30_000))),
      ]);
      clearTimeout(timer);
    }
    await thread.worker.terminate();
    await thread.exited;
  }

  #send(method: string, args: unknown[]): Promise<unknown> {
    const thread = this.#start();
    const id = ++this.#nextId;
    const result = new Promise((resolve, reject) => {
      thread.pending = { id, method, resolve, reject, done: Promise.resolve() };
      // Keep the process alive while the thread works for someone; idle, it must not.
      thread.worker.ref();
      try {
        thread.worker.postMessage({ id, method, args } satisfies WorkerRequest);
      } catch (error) {
        settle(thread);
        reject(error as Error);
      }
    });
    if (thread.pending?.id === id) thread.pending.done = result.catch(() => undefined);
    return result;
  }

  #start(): Thread {
    if (this.#thread) return this.#thread;
    const entry = hostEntry();
    const worker = new Worker(entry.file, {
      workerData: {
        module: this.#options.module.href,
        priority: this.#options.priority,
        settings: this.#options.settings ?? {},
      },
      name: this.#options.name,
      ...(entry.eval ? { eval: true } : {}),
    });
    this.#starts++;
    let exited!: () => void;
    const thread: Thread = {
      worker,
      closing: false,
      exited: new Promise((resolve) => (exited = resolve)),
    };
    worker.unref();
    worker.on('message', (reply: WorkerReply) => {
      if (thread.pending?.id !== reply.id) return;
      const pending = settle(thread)!;
      if (reply.ok) pending.resolve(reply.value);
      else pending.reject(this.#revive(reply.error));
    });
    worker.on('error', (error) => {
      thread.failure = error;
    });
    worker.on('exit', (code) => {
      if (this.#thread === thread) this.#thread = undefined;
      exited();
      const pending = thread.pending;
      if (!pending) return;
      thread.pending = undefined;
      const name = this.#options.name;
      pending.reject(
        thread.closing
          ? new EngineWorkerCrashedError(
              `the ${name} was shut down while working on ${pending.method}`,
            )
          : new EngineWorkerCrashedError(
              `the ${name} stopped (exit code ${code}${thread.failure ? `: ${thread.failure.message}` : ''}) while working on ${pending.method}; the next call starts it again`,
              { cause: thread.failure },
            ),
      );
    });
    this.#thread = thread;
    return thread;
  }

  #revive(error: SerialisedError): Error {
    const revived = this.#options.reviveError?.(error);
    if (revived) return revived;
    const plain = new Error(error.message);
    plain.name = error.name;
    if (error.stack) plain.stack = error.stack;
    return plain;
  }
}

/** The thread has answered its call: it may be idle now without keeping the process alive. */
function settle(thread: Thread): Pending | undefined {
  const pending = thread.pending;
  thread.pending = undefined;
  thread.worker.unref();
  return pending;
}

/**
 * The thread's entry. Built code runs `host.js` as is. From TypeScript sources (tests, `tsx`)
 * the thread registers tsx's require hook and requires `host.ts`: Node 20 applies no module
 * loader hooks (`--import tsx`) in worker threads.
 */
function hostEntry(): { file: URL | string; eval?: true } {
  if (!import.meta.url.endsWith('.ts')) return { file: new URL('./host.js', import.meta.url) };
  const require = createRequire(import.meta.url);
  const tsx = require.resolve('tsx/cjs');
  const host = fileURLToPath(new URL('./host.ts', import.meta.url));
  return { file: `require(${JSON.stringify(tsx)}); require(${JSON.stringify(host)});`, eval: true };
}
