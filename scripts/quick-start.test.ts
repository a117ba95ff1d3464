// The README's quick start is the contract with a new user: two commands on a fresh machine with
// nothing exported. CI (.ci/run) must run exactly those commands, so that it fails whenever the
// README would; and `npm ci` must not depend on anything outside the npm registry.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The two lines of the README's quick-start block: [install-and-start, test]. */
export function quickStart(readme: string): { install: string[]; start: string; test: string } {
  const section = readme.split(/^## Quick start$/m)[1];
  const block = section?.match(/```sh\n([\s\S]*?)```/)?.[1];
  if (!block) throw new Error('README.md has no ```sh block under "## Quick start"');
  const lines = block
    .split('\n')
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter(Boolean);
  if (lines.length !== 2) throw new Error(`the quick start has ${lines.length} commands, not 2`);
  const first = lines[0]!.split('&&').map((c) => c.trim());
  return { install: first.slice(0, -1), start: first.at(-1)!, test: lines[1]! };
}

/** What is wrong with a CI script that should run the README's commands and nothing else. */
export function ciProblems(ciRun: string, readme: string): string[] {
  const { install, test } = quickStart(readme);
  const problems: string[] = [];
  const lines = ciRun
    .split('\n')
    .map((line) => line.replace(/(^|\s)#.*$/, '').trim())
    .filter(Boolean);
  for (const line of lines) {
    if (/(^|[\s;&|])export\s/.test(line) || /(^|[\s;&|])[A-Z_][A-Z0-9_]*=/.test(line))
      problems.push(`sets an environment variable the README does not ask for: ${line}`);
    if (/(^|[\s;&|])env\s/.test(line)) problems.push(`runs a command under env: ${line}`);
  }
  const npmLines = lines.filter((line) => /^npm\s/.test(line));
  const expected = [...install, test];
  if (JSON.stringify(npmLines) !== JSON.stringify(expected))
    problems.push(
      `runs ${JSON.stringify(npmLines)} where the README says ${JSON.stringify(expected)}`,
    );
  for (const [, pkgs] of ciRun.matchAll(/need_apt\+=\(([^)]*)\)/g))
    for (const pkg of pkgs!.trim().split(/\s+/))
      if (!new RegExp(`apt-get install[^\\n]*\\b${pkg}\\b`).test(readme))
        problems.push(`installs the Debian package ${pkg}, which the README does not name`);
  return problems;
}

/** Dependencies whose install scripts would run in `npm ci` (they may fetch from anywhere). */
export function unguardedInstallScripts(
  lock: { packages: Record<string, { hasInstallScript?: boolean }> },
  npmrc: string,
): string[] {
  if (/^\s*ignore-scripts\s*=\s*true\s*$/m.test(npmrc)) return [];
  return Object.entries(lock.packages)
    .filter(([key, pkg]) => key !== '' && pkg.hasInstallScript)
    .map(([key]) => key.replace(/^.*node_modules\//, ''));
}

describe('the quick start', () => {
  const readme = read('README.md');

  it('is two commands: install and start, then test', () => {
    const { install, start, test } = quickStart(readme);
    expect(install).toEqual(['npm ci']);
    expect(start).toBe('npm start');
    expect(test).toBe('npm test');
  });

  it('is what CI runs, with no variable exported and every Debian package named', () => {
    expect(ciProblems(read('.ci/run'), readme)).toEqual([]);
  });

  it('catches a CI script that exports an install-time variable or runs other commands', () => {
    const bad = [
      '#!/usr/bin/env bash',
      'need_apt+=(chromium imagemagick)',
      'export ONNXRUNTIME_NODE_INSTALL=skip',
      'CI=true npm ci --no-audit',
      'npm test',
    ].join('\n');
    const problems = ciProblems(bad, readme);
    expect(problems.some((p) => p.includes('ONNXRUNTIME_NODE_INSTALL'))).toBe(true);
    expect(problems.some((p) => p.includes('CI=true'))).toBe(true);
    expect(problems.some((p) => p.includes('npm ci --no-audit'))).toBe(true);
    expect(problems.some((p) => p.includes('imagemagick'))).toBe(true);
    expect(problems.some((p) => p.includes('chromium'))).toBe(false);
  });

  it('installs no dependency whose install script would run (it could fetch from outside the registry)', () => {
    const lock = JSON.parse(read('package-lock.json'));
    const npmrc = read('.npmrc');
    expect(unguardedInstallScripts(lock, npmrc)).toEqual([]);
    // Without the project's .npmrc, onnxruntime-node's download would run: the check sees it.
    expect(unguardedInstallScripts(lock, '')).toContain('onnxruntime-node');
  });

  it('has a lock file that npm ci accepts on every platform (optional binaries listed)', () => {
    const result = spawnSync(process.execPath, ['scripts/lock-platforms.mjs', '--check'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('names the supported Node.js versions, matching package.json', () => {
    const engines = JSON.parse(read('package.json')).engines.node as string;
    const minimum = engines.replace(/^>=/, '');
    expect(readme).toContain(`Node.js ${minimum}`);
  });
});
