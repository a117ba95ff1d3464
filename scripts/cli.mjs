#!/usr/bin/env node
// `npm run cli -- <command>`: the operator CLI, built first if this checkout has no build yet.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'apps/api/dist/cli/main.js');
if (!existsSync(entry) || !existsSync(path.join(root, 'packages/contract/dist/index.js'))) {
  console.error('Building the API first (once)...');
  for (const workspace of ['packages/contract', 'apps/api']) {
    const r = spawnSync('npm', ['run', 'build', '-w', workspace], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}
await import(pathToFileURL(entry).href);
