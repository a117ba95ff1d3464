#!/usr/bin/env node
import type { CliIo } from './io.js';
import { runCli } from './program.js';
import { runInRunningApi } from './running-api.js';

const io: CliIo = {
  env: process.env,
  cwd: process.cwd(),
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  isTty: Boolean(process.stdout.isTTY),
};
const args = process.argv.slice(2);
// While the API holds the embedded database, it runs the command; otherwise this process does.
process.exitCode = (await runInRunningApi(args, io)) ?? (await runCli(args, io));
