/** Functions a test `WorkerRunner` serves in its thread: ordinary results, thrown errors and crashes. */
import { readlinkSync } from 'node:fs';
import { getPriority } from 'node:os';
import { threadId } from 'node:worker_threads';

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

/** This thread's scheduling priority (Linux: per thread). */
export function ownPriority(): number {
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  return getPriority(tid);
}
