/** The engines' shared plumbing: a client of the worker thread, the thread's lazy engine, lazy models. */
import { afterEach, describe, expect, it } from 'vitest';
import { threadId } from 'node:worker_threads';
import type { CounterEngine } from '../test-support/worker-handlers.js';
import { createCounter } from '../test-support/worker-handlers.js';
import { engineClient, lazyEngine, LazyModels, perProcessEngine } from './engine.js';
import { EngineWorkerCrashedError, WorkerRunner } from './runner.js';

const fixture = new URL('../test-support/worker-handlers.ts', import.meta.url);
const runners: WorkerRunner[] = [];

function binding() {
  const runner = new WorkerRunner({ module: fixture, name: 'test engine worker' });
  runners.push(runner);
  return {
    runner,
    binding: {
      create: createCounter,
      worker: () => runner,
      calls: { add: 'add' },
      dispose: 'disposeCounter',
    } as const,
  };
}

afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.close()));
});

describe('an engine through the worker thread', () => {
  it('runs each method in the thread, on one engine made there on first use', async () => {
    const { runner, binding: b } = binding();
    const engine = engineClient<CounterEngine>(b);
    expect(runner.running).toBe(false);
    const first = await engine.add(2);
    const second = await engine.add(3);
    expect(first.threadId).not.toBe(threadId);
    expect(second).toEqual({ total: 5, threadId: first.threadId, made: first.made });
  });

  it('dispose frees the engine in the thread (made again on the next call) and starts no thread', async () => {
    const { runner, binding: b } = binding();
    const engine = engineClient<CounterEngine>(b);
    await engine.dispose();
    expect(runner.running).toBe(false);
    expect(runner.starts).toBe(0);
    const before = await engine.add(4);
    await engine.dispose();
    const after = await engine.add(1);
    expect(after.total).toBe(1);
    expect(after.made).toBe(before.made + 1);
    expect(runner.starts).toBe(1);
  });

  it('after a crash of the thread the next call works on a new thread, with a new engine', async () => {
    const { runner, binding: b } = binding();
    const engine = engineClient<CounterEngine>(b);
    const before = await engine.add(7);
    await expect(runner.call('exit', [3])).rejects.toThrow(EngineWorkerCrashedError);
    const after = await engine.add(1);
    expect(after.threadId).not.toBe(before.threadId);
    expect(after.total).toBe(1);
    expect(runner.starts).toBe(2);
  });

  it('closing the thread lets the next call start it again', async () => {
    const { runner, binding: b } = binding();
    const engine = engineClient<CounterEngine>(b);
    await engine.add(1);
    await runner.close();
    expect(runner.running).toBe(false);
    expect((await engine.add(1)).total).toBe(1);
    expect(runner.running).toBe(true);
  });

  it('one engine per process: from the main thread, the client of the worker', async () => {
    const { runner, binding: b } = binding();
    const shared = perProcessEngine<CounterEngine>(b);
    expect(shared()).toBe(shared());
    expect((await shared().add(1)).threadId).not.toBe(threadId);
    expect(runner.starts).toBe(1);
  });
});

describe('lazyEngine', () => {
  it('makes the engine on first use, and again after dispose', async () => {
    let made = 0;
    const slot = lazyEngine(() => {
      made++;
      return createCounter();
    });
    expect(made).toBe(0);
    await slot.use().add(1);
    expect(slot.use()).toBe(slot.use());
    expect(made).toBe(1);
    await slot.dispose();
    await slot.dispose();
    expect((await slot.use().add(2)).total).toBe(2);
    expect(made).toBe(2);
  });
});

describe('LazyModels', () => {
  it('loads once, tries again after a failed load, and forgets what it took', async () => {
    let loads = 0;
    const models = new LazyModels(async () => {
      loads++;
      if (loads === 1) throw new Error('model file missing');
      return { n: loads };
    });
    await expect(models.get()).rejects.toThrow('model file missing');
    expect(await models.get()).toEqual({ n: 2 });
    expect(await models.get()).toEqual({ n: 2 });
    expect(loads).toBe(2);
    expect(await models.take()).toEqual({ n: 2 });
    expect(models.take()).toBeUndefined();
    expect(await models.get()).toEqual({ n: 3 });
  });
});
