#!/usr/bin/env node
import type { CliIo } from './io.js';
import { runCli } from './program.js';
import { runInRunningApi } from './running-api.js';
import { readSecretLine } from './secret.js';

// Ctrl-C asks a long-running command (watch) to stop and sum up; a second one ends it at once.
const stop = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stop.signal.aborted) process.exit(130);
    stop.abort();
  });
}

const io: CliIo = {
  env: process.env,
  cwd: process.cwd(),
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  isTty: Boolean(process.stdout.isTTY),
  signal: stop.signal,
  readSecret: readSecretLine,
};
const args = process.argv.slice(2);
// While the API holds the embedded database, it runs the command; otherwise this process does.
process.exitCode = (await runInRunningApi(args, io)) ?? (await runCli(args, io));
