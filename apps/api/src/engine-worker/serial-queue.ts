/**
 * One task at a time, in call order. The recognition engines use it so a burst of photos is
 * worked one by one (two model runs would fight over the same cores, and each photo holds
 * ~20 MB while in work); the engine worker uses it so one call at a time is in the thread.
 */
export class SerialQueue {
  #tail: Promise<unknown> = Promise.resolve();

  /** Runs `task` after every task queued before it has settled; a failed task does not stop the queue. */
  run<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#tail.then(task, task);
    this.#tail = run.catch(() => undefined);
    return run;
  }

  /** Settles when every task queued so far has settled. */
  async idle(): Promise<void> {
    await this.#tail;
  }
}
