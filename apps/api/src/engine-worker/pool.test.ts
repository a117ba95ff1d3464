/** Several worker threads behind one caller: overlapping calls run side by side, one thread each. */
import { afterEach, describe, expect, it } from 'vitest';
import { WorkerPool } from './pool.js';

const fixture = new URL('../test-support/worker-handlers.ts', import.meta.url);
const pools: WorkerPool[] = [];

function pool(size: number): WorkerPool {
  const p = new WorkerPool({
    size,
    module: fixture,
    name: 'test worker',
    settings: { modelThreads: 1 },
  });
  pools.push(p);
  return p;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('WorkerPool', () => {
  it('starts a second thread only when calls overlap, and works them at the same time', async () => {
    const p = pool(2);
    expect(p.running).toBe(false);
    const one = await p.call<{ threadId: number }>('echo', [1]);
    const again = await p.call<{ threadId: number }>('echo', [2]);
    // One call at a time: the first thread takes each, no second thread starts.
    expect(again.threadId).toBe(one.threadId);
    expect(p.starts).toBe(1);

    // Two calls that each hold their thread's CPU for 400 ms.
    const busy = (ms: number) => p.call<number>('busy', [ms]);
    const warm = Promise.all([busy(1), busy(1)]);
    await warm; // both threads started and loaded
    expect(p.starts).toBe(2);
    const t = performance.now();
    await Promise.all([busy(400), busy(400)]);
    const together = performance.now() - t;
    // One after the other it would take 800 ms at least.
    expect(together).toBeLessThan(800);
  });

  it('gives each thread the settings, and spreads calls over the threads', async () => {
    const p = pool(3);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => p.call<{ value: number; threadId: number }>('echo', [n])),
    );
    expect(answers.map((a) => a.value)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(new Set(answers.map((a) => a.threadId)).size).toBe(3);
    expect(await p.call('settings')).toEqual({ modelThreads: 1 });
  });

  it('frees every running thread on request without starting the others, and starts again after close', async () => {
    const p = pool(2);
    const first = await p.call<{ total: number }>('add', [5]);
    expect(first.total).toBe(5);
    await p.callIfRunning('disposeCounter');
    expect(p.starts).toBe(1);
    expect((await p.call<{ total: number }>('add', [1])).total).toBe(1);
    await p.close();
    expect(p.running).toBe(false);
    expect((await p.call<{ total: number }>('add', [2])).total).toBe(2);
    expect(p.running).toBe(true);
  });
});
