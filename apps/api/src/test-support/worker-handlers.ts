/** Functions a test `WorkerRunner` serves in its thread: ordinary results, thrown errors and crashes. */
import { readlinkSync } from 'node:fs';
import { getPriority } from 'node:os';
import { threadId, workerData } from 'node:worker_threads';
import { lazyEngine } from '../engine-worker/engine.js';

export function echo<T>(value: T): { value: T; threadId: number } {
  return { value, threadId };
}

export async function fail(message: string): Promise<never> {
  const error = new Error(message);
  error.name = 'FixtureError';
  throw error;
}

/** Ends the thread abruptly, as a native crash or an out-of-memory abort would. */
export function exit(code: number): Promise<never> {
  process.exit(code);
}

/** An error nobody catches, thrown from a timer after the call started. */
export function throwUncaught(message: string): Promise<never> {
  setTimeout(() => {
    throw new Error(message);
  }, 1);
  return new Promise(() => undefined);
}

/** Keeps the thread's CPU busy for `ms` (blocking it, as model inference does). */
export function busy(ms: number): number {
  const end = Date.now() + ms;
  let n = 0;
  while (Date.now() < end) n++;
  return n;
}

/** What the thread was started with as `workerData.settings`. */
export function settings(): unknown {
  return (workerData as { settings?: unknown }).settings;
}

/** This thread's scheduling priority (Linux: per thread). */
export function ownPriority(): number {
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  return getPriority(tid);
}

/** A test engine, as the recognition engines are served: made on first use, freed on request. */
export interface CounterEngine {
  add(n: number): Promise<{ total: number; threadId: number; made: number }>;
  dispose(): Promise<void>;
}

let made = 0;

export function createCounter(): CounterEngine {
  const id = ++made;
  let total = 0;
  return {
    add: async (n) => ({ total: (total += n), threadId, made: id }),
    dispose: async () => {
      total = 0;
    },
  };
}

const counter = lazyEngine(createCounter);

export function add(n: number): ReturnType<CounterEngine['add']> {
  return counter.use().add(n);
}

export function disposeCounter(): Promise<void> {
  return counter.dispose();
}
