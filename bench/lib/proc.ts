/**
 * Child processes of the bench: every server and load generator is started here, tracked, and
 * stopped by the bench (also on Ctrl-C, SIGTERM and failure).
 */
import { type ChildProcess, spawn, type SpawnOptions } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BENCH = path.join(ROOT, 'bench');

const children = new Set<ChildProcess>();
const cleanups: Array<() => void | Promise<void>> = [];

/** Runs on exit (normal, Ctrl-C, failure): last registered first. */
export function onCleanup(fn: () => void | Promise<void>): void {
  cleanups.push(fn);
}

let cleaning: Promise<void> | null = null;
/** Stops every child and runs the cleanups, once; later calls wait for the same run. */
export function cleanupAll(): Promise<void> {
  cleaning ??= (async () => {
    for (const child of children) stopNow(child);
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (error) {
        console.error(`cleanup: ${(error as Error).message}`);
      }
    }
  })();
  return cleaning;
}

/** Kills (by pid) the processes whose command line contains `marker`, e.g. a temp folder. */
export function killByCommandLine(marker: string): number {
  let killed = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.includes(marker)) {
        process.kill(Number(entry), 'SIGKILL');
        killed++;
      }
    } catch {
      // gone, or not ours
    }
  }
  return killed;
}

function stopNow(child: ChildProcess): void {
  if (child.exitCode === null && child.signalCode === null && child.pid) {
    try {
      // Our children are started in their own process group: stop the group (npm, next workers).
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  }
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping the bench's servers...`);
    void cleanupAll().finally(() => process.exit(130));
  });
}

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `eventsite-bench-${prefix}-`));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as net.AddressInfo).port;
  server.close();
  await once(server, 'close');
  return port;
}

export interface Started {
  child: ChildProcess;
  pid: number;
  output(): string;
  stop(): Promise<void>;
}

/** Starts a long-running child (a server) in its own process group, output kept for errors. */
export function start(
  command: string,
  args: string[],
  options: SpawnOptions & { name: string },
): Started {
  const child = spawn(command, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    ...options,
  });
  children.add(child);
  let out = '';
  const keep = (chunk: Buffer) => {
    out = (out + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('exit', () => children.delete(child));
  return {
    child,
    pid: child.pid!,
    output: () => out,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
      const timer = setTimeout(() => stopNow(child), 5000);
      await once(child, 'exit').catch(() => undefined);
      clearTimeout(timer);
    },
  };
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs a bounded child to its end (killed after timeoutMs). */
export async function run(
  command: string,
  args: string[],
  options: SpawnOptions & { timeoutMs?: number; input?: string } = {},
): Promise<RunResult> {
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: ROOT,
    stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    detached: true,
    ...options,
  });
  children.add(child);
  if (options.input !== undefined) child.stdin?.end(options.input);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-50_000)));
  const timer = setTimeout(() => stopNow(child), options.timeoutMs ?? 10 * 60_000);
  const [code] = (await once(child, 'close')) as [number | null];
  clearTimeout(timer);
  children.delete(child);
  return { code, stdout, stderr, ms: performance.now() - started };
}

export async function runOk(
  command: string,
  args: string[],
  options: SpawnOptions & { timeoutMs?: number; input?: string } = {},
): Promise<RunResult> {
  const result = await run(command, args, options);
  if (result.code !== 0) {
    throw new Error(
      `${path.basename(command)} ${args.join(' ')} failed (exit ${result.code}): ${(result.stderr || result.stdout).trim().split('\n').slice(-6).join(' | ')}`,
    );
  }
  return result;
}

/** Runs a bench/baselines script in its own node process; its last stdout line is JSON. */
export async function runNodeJson<T>(
  script: string,
  args: string[],
  options: SpawnOptions & { timeoutMs?: number } = {},
): Promise<T> {
  const result = await runOk(process.execPath, [script, ...args], options);
  const last = result.stdout.trim().split('\n').pop() ?? '';
  return JSON.parse(last) as T;
}

export async function waitForHttp(
  url: string,
  options: { timeoutMs?: number; headers?: Record<string, string>; proc?: Started } = {},
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  let last = '';
  while (Date.now() < deadline) {
    if (options.proc && options.proc.child.exitCode !== null) {
      throw new Error(
        `process exited (${options.proc.child.exitCode}): ${options.proc.output().slice(-1500)}`,
      );
    }
    try {
      const response = await fetch(url, {
        headers: options.headers,
        signal: AbortSignal.timeout(5000),
      });
      await response.arrayBuffer();
      if (response.status < 500) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `${url} did not answer in time (${last})${options.proc ? `: ${options.proc.output().slice(-1500)}` : ''}`,
  );
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
