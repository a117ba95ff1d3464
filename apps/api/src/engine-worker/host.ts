/**
 * The entry of a recognition worker thread: loads the handler module named in `workerData`
 * and answers the parent's calls, one message `{ id, method, args }` at a time, with
 * `{ id, ok: true, value }` or `{ id, ok: false, error: { name, message, stack } }`.
 */
import { readlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import type { WorkerReply, WorkerRequest } from './runner.js';

const port = parentPort;
if (!port) throw new Error('engine-worker/host runs only as a worker thread');
const { module, priority } = workerData as { module: string; priority?: number };

/**
 * On Linux a nice value belongs to a thread, and threads this one starts (onnxruntime's pool)
 * inherit it: lowering this thread's priority lets the serving thread win when the CPU is
 * short. Elsewhere (no /proc/thread-self) the thread keeps the process's priority.
 */
if (priority !== undefined) {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, priority);
  } catch {
    // Not Linux, or not allowed: same priority as the process.
  }
}

let handlers: Promise<Record<string, unknown>> | undefined;

/**
 * Built code imports the module. From TypeScript sources the thread runs under tsx's require
 * hook (Node 20 applies no module loader hooks in worker threads), so the module is required.
 */
function load(): Promise<Record<string, unknown>> {
  handlers ??= module.endsWith('.ts')
    ? new Promise((resolve) =>
        resolve(createRequire(import.meta.url)(fileURLToPath(module)) as Record<string, unknown>),
      )
    : (import(module) as Promise<Record<string, unknown>>);
  return handlers;
}

port.on('message', async (request: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    const handler = (await load())[request.method];
    if (typeof handler !== 'function')
      throw new TypeError(`the worker has no method "${request.method}"`);
    const value: unknown = await (handler as (...args: unknown[]) => unknown)(...request.args);
    reply = { id: request.id, ok: true, value };
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    reply = {
      id: request.id,
      ok: false,
      error: { name: e.name, message: e.message, stack: e.stack },
    };
  }
  port.postMessage(reply);
});
