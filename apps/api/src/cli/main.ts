#!/usr/bin/env node
import { runCli } from './program.js';

const code = await runCli(process.argv.slice(2), {
  env: process.env,
  cwd: process.cwd(),
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  isTty: Boolean(process.stdout.isTTY),
});
process.exitCode = code;
