/** The worker runner with a real thread: results, errors, crashes and shutdown. */
import { existsSync } from 'node:fs';
import { getPriority } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { threadId } from 'node:worker_threads';
import { EngineWorkerCrashedError, WorkerRunner } from './runner.js';

const fixture = new URL('../test-support/worker-handlers.ts', import.meta.url);
const runners: WorkerRunner[] = [];

function runner(priority?: number): WorkerRunner {
  const r = new WorkerRunner({
    ...(priority === undefined ? {} : { priority }),
    module: fixture,
    name: 'test worker',
    reviveError: (e) => (e.name === 'FixtureError' ? new RangeError(e.message) : undefined),
  });
  runners.push(r);
  return r;
}

afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.close()));
});

describe('WorkerRunner', () => {
  it('starts lazily and answers in another thread, with buffers and typed arrays intact', async () => {
    const r = runner();
    expect(r.running).toBe(false);
    const out = await r.call<{
      value: { bytes: Uint8Array; floats: Float32Array };
      threadId: number;
    }>('echo', [{ bytes: Buffer.from('photo'), floats: new Float32Array([0.5, -1]) }]);
    expect(r.running).toBe(true);
    expect(out.threadId).not.toBe(threadId);
    expect(Buffer.from(out.value.bytes).toString()).toBe('photo');
    expect(out.value.floats).toEqual(new Float32Array([0.5, -1]));
  });

  it('rejects with the error thrown in the thread, revived as the caller asked, and keeps serving', async () => {
    const r = runner();
    await expect(r.call('fail', ['no such photo'])).rejects.toThrow(RangeError);
    await expect(r.call('fail', ['no such photo'])).rejects.toThrow('no such photo');
    await expect(r.call('nothing')).rejects.toThrow('the worker has no method "nothing"');
    expect((await r.call<{ value: number }>('echo', [1])).value).toBe(1);
    expect(r.starts).toBe(1);
  });

  it('runs calls one at a time, in order', async () => {
    const r = runner();
    const order: number[] = [];
    await Promise.all(
      [1, 2, 3].map((n) => r.call<{ value: number }>('echo', [n]).then((o) => order.push(o.value))),
    );
    expect(order).toEqual([1, 2, 3]);
  });

  it('a crash rejects the call in the thread with a clear error; queued and later calls work on a new thread', async () => {
    const r = runner();
    const first = await r.call<{ threadId: number }>('echo', [0]);
    const crashed = r.call('exit', [7]);
    const queued = r.call<{ value: string; threadId: number }>('echo', ['after']);
    await expect(crashed).rejects.toThrow(EngineWorkerCrashedError);
    await expect(crashed).rejects.toThrow(
      /test worker stopped \(exit code 7\) while working on exit/,
    );
    const after = await queued;
    expect(after.value).toBe('after');
    expect(after.threadId).not.toBe(first.threadId);
    expect(r.starts).toBe(2);
  });

  it('an uncaught error in the thread rejects the call with that error', async () => {
    const r = runner();
    await expect(r.call('throwUncaught', ['model buffer corrupt'])).rejects.toThrow(
      /stopped \(exit code 1: model buffer corrupt\)/,
    );
    expect((await r.call<{ value: string }>('echo', ['ok'])).value).toBe('ok');
  });

  it("keeps the caller's event loop free while the thread is busy", async () => {
    const r = runner();
    await r.call('echo', [0]);
    const work = r.call('busy', [600]);
    const started = Date.now();
    const timer = await new Promise<number>((resolve) =>
      setTimeout(() => resolve(Date.now() - started), 20),
    );
    let done = false;
    void work.then(() => (done = true));
    expect(timer).toBeLessThan(300);
    expect(done).toBe(false);
    await work;
  });

  it('close() lets the call in the thread finish, then ends the thread; a later call starts a new one', async () => {
    const r = runner();
    const work = r.call<number>('busy', [300]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await r.close();
    expect(await work).toBeGreaterThan(0);
    expect(r.running).toBe(false);
    expect((await r.call<{ value: number }>('echo', [2])).value).toBe(2);
    expect(r.starts).toBe(2);
  });

  it('close() ends a call that outlasts the grace period with a clear error', async () => {
    const r = runner();
    const work = r.call('busy', [5_000]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await r.close({ graceMs: 100 });
    await expect(work).rejects.toThrow('the test worker was shut down while working on busy');
    expect(r.running).toBe(false);
    await r.close();
  });

  it.runIf(existsSync('/proc/thread-self'))(
    'runs the thread at the priority asked for, leaving this one as it was',
    async () => {
      const before = getPriority();
      const low = Math.min(19, before + 5);
      expect(await runner(low).call('ownPriority')).toBe(low);
      expect(await runner().call('ownPriority')).toBe(before);
      expect(getPriority()).toBe(before);
    },
  );
});
