/**
 * Several engine worker threads behind one caller: each call goes to the thread with the fewest
 * calls in hand (an idle one first, the thread started earliest among equals), so photos worked
 * at the same time are recognised on different cores. Each thread is a `WorkerRunner` (one call
 * at a time, started on its first call, started again after a crash).
 */
import { WorkerRunner, type WorkerRunnerOptions } from './runner.js';

export interface WorkerPoolOptions extends WorkerRunnerOptions {
  /** How many threads at most; they start one by one as calls overlap. */
  size: number;
}

export class WorkerPool {
  readonly #runners: WorkerRunner[];
  /** Calls in hand (queued or in work) per thread. */
  readonly #load: number[];

  constructor(options: WorkerPoolOptions) {
    const size = Math.max(1, Math.floor(options.size));
    this.#runners = Array.from(
      { length: size },
      (_, i) =>
        new WorkerRunner({
          ...options,
          name: size > 1 ? `${options.name} ${i + 1}` : options.name,
        }),
    );
    this.#load = this.#runners.map(() => 0);
  }

  /** How many threads the pool may run. */
  get size(): number {
    return this.#runners.length;
  }

  /** Whether any thread is running now. */
  get running(): boolean {
    return this.#runners.some((runner) => runner.running);
  }

  /** Threads started so far, restarts included. */
  get starts(): number {
    return this.#runners.reduce((sum, runner) => sum + runner.starts, 0);
  }

  /** Calls `method(...args)` in the least busy thread. */
  async call<T>(method: string, args: unknown[] = []): Promise<T> {
    let chosen = 0;
    for (let i = 1; i < this.#runners.length; i++)
      if (this.#load[i]! < this.#load[chosen]!) chosen = i;
    this.#load[chosen]!++;
    try {
      return await this.#runners[chosen]!.call<T>(method, args);
    } finally {
      this.#load[chosen]!--;
    }
  }

  /** Calls `method` in every running thread (e.g. freeing models); starts none. */
  async callIfRunning(method: string, args: unknown[] = []): Promise<void> {
    await Promise.all(this.#runners.map((runner) => runner.callIfRunning(method, args)));
  }

  /** Ends every thread, each letting its call in work finish first (`WorkerRunner.close`). */
  async close(options: { graceMs?: number } = {}): Promise<void> {
    await Promise.all(this.#runners.map((runner) => runner.close(options)));
  }
}
