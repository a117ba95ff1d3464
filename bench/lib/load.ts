/**
 * Load generators, each in its own bounded process bound to 127.0.0.1: autocannon (JSON
 * routes, SSR pages) and wrk (large bodies: autocannon saturates near 1k req/s on 58 KB).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT, run, runOk } from './proc.js';

export interface LoadResult {
  tool: 'autocannon' | 'wrk';
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  bytesPerSec: number;
}

const AUTOCANNON = path.join(ROOT, 'node_modules/autocannon/autocannon.js');

export function haveAutocannon(): boolean {
  return existsSync(AUTOCANNON);
}

export async function autocannon(options: {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  method?: string;
  body?: string;
}): Promise<LoadResult> {
  if (!haveAutocannon()) throw new Error('autocannon is not installed (npm ci)');
  const args = [
    AUTOCANNON,
    '-c',
    String(options.connections),
    '-d',
    String(options.seconds),
    '-j',
    '--renderStatusCodes',
    '-t',
    '10',
  ];
  for (const [k, v] of Object.entries(options.headers ?? {})) args.push('-H', `${k}=${v}`);
  if (options.method) args.push('-m', options.method);
  if (options.body) args.push('-b', options.body);
  args.push(options.url);
  const result = await runOk(process.execPath, args, {
    timeoutMs: (options.seconds + 30) * 1000,
  });
  const json = JSON.parse(result.stdout) as {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    throughput: { average: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  return {
    tool: 'autocannon',
    rps: json.requests.average,
    p50: json.latency.p50,
    p99: json.latency.p99,
    requests: json.requests.total,
    non2xx: json.non2xx,
    errors: json.errors + json.timeouts,
    bytesPerSec: json.throughput.average,
  };
}

/** Short warm-up: JIT, caches, connection pools. */
export async function warm(url: string, headers: Record<string, string> = {}, seconds = 2) {
  await autocannon({ url, connections: 10, seconds, headers });
}

export function haveWrk(): boolean {
  return existsSync('/usr/bin/wrk');
}

function parseDuration(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!m) return NaN;
  const v = Number(m[1]);
  return m[2] === 'us' ? v / 1000 : m[2] === 'ms' ? v : m[2] === 's' ? v * 1000 : v * 60_000;
}

function parseBytes(text: string): number {
  const m = /^([\d.]+)([KMG]?)B$/.exec(text.trim());
  if (!m) return NaN;
  return (
    Number(m[1]) * { '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3 }[m[2] as '' | 'K' | 'M' | 'G']
  );
}

export async function wrk(options: {
  url: string;
  connections: number;
  seconds: number;
  threads?: number;
  headers?: Record<string, string>;
}): Promise<LoadResult> {
  const args = [
    `-t${options.threads ?? 1}`,
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    '--timeout',
    '10s',
    '--latency',
  ];
  for (const [k, v] of Object.entries(options.headers ?? {})) args.push('-H', `${k}: ${v}`);
  args.push(options.url);
  const result = await run('/usr/bin/wrk', args, { timeoutMs: (options.seconds + 30) * 1000 });
  if (result.code !== 0) throw new Error(`wrk failed: ${result.stderr || result.stdout}`);
  const out = result.stdout;
  const num = (re: RegExp) => {
    const m = re.exec(out);
    return m ? m[1]! : '';
  };
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    out,
  );
  return {
    tool: 'wrk',
    rps: Number(num(/Requests\/sec:\s+([\d.]+)/)),
    p50: parseDuration(num(/\n\s+50%\s+(\S+)/)),
    p99: parseDuration(num(/\n\s+99%\s+(\S+)/)),
    requests: Number(num(/(\d+) requests in/)),
    non2xx: Number(num(/Non-2xx or 3xx responses: (\d+)/) || 0),
    errors: socketErrors ? socketErrors.slice(1).reduce((n, v) => n + Number(v), 0) : 0,
    bytesPerSec: parseBytes(num(/Transfer\/sec:\s+(\S+)/)),
  };
}

/** Sequential client: latency of one request at a time (search, first variant). */
export async function sequential(
  count: number,
  request: (i: number) => Promise<void>,
): Promise<{ p50: number; p99: number; mean: number; samples: number[] }> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    await request(i);
    samples.push(performance.now() - t);
  }
  return { ...percentiles(samples), samples };
}

export function percentiles(samples: number[]): { p50: number; p99: number; mean: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  return { p50: at(0.5), p99: at(0.99), mean: sorted.reduce((a, b) => a + b, 0) / sorted.length };
}

export function median(values: number[]): number {
  return percentiles(values).p50;
}
