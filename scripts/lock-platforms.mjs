#!/usr/bin/env node
// Keeps package-lock.json valid for `npm ci` when the registry this machine reaches does not carry
// every platform's build of a package with native binaries (rollup, next's swc: only the Linux
// builds are served here). npm then leaves those optional dependencies out of the lock, and
// `npm ci` refuses the lock as out of sync. This script adds each missing one as an optional
// entry limited to its own platform, so npm ci skips it on every other machine and fetches it
// only where it belongs. Run it after adding or updating a dependency (`npm run lock:platforms`);
// `npm test` runs it with --check, which changes nothing and fails while an entry is missing.
// (It cannot be a `postinstall`: the project's .npmrc turns install scripts off.)
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const lockPath = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

const OS = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'openbsd',
  'openharmony',
  'win32',
  'sunos',
  'aix',
  'netbsd',
];
const CPU = {
  arm: 'arm',
  arm64: 'arm64',
  x64: 'x64',
  ia32: 'ia32',
  loong64: 'loong64',
  ppc64: 'ppc64',
  riscv64: 'riscv64',
  s390x: 's390x',
  wasm32: 'wasm32',
};

/** Platform of a binary package from its name, e.g. @rollup/rollup-linux-x64-musl. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.map((p) => CPU[p]).find(Boolean);
  if (!os || !cpu) return null;
  const entry = { os: [os], cpu: [cpu] };
  if (parts.includes('musl') || parts.includes('musleabihf')) entry.libc = ['musl'];
  else if (os === 'linux' && (parts.includes('gnu') || parts.includes('gnueabihf')))
    entry.libc = ['glibc'];
  return entry;
}

function resolves(from, name) {
  let base = from;
  for (;;) {
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (candidate in packages) return true;
    if (!base) return false;
    const at = base.lastIndexOf('/node_modules/');
    base = at >= 0 ? base.slice(0, at) : '';
  }
}

let added = 0;
for (const [key, pkg] of Object.entries({ ...packages })) {
  for (const [name, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    if (resolves(key, name)) continue;
    const platform = platformOf(name);
    if (!platform || !/^\d+\.\d+\.\d+/.test(version)) continue;
    const at = key
      ? `${key.startsWith('node_modules/') ? 'node_modules' : key + '/node_modules'}/${name}`
      : `node_modules/${name}`;
    packages[at] = {
      version,
      ...platform,
      ...(pkg.dev ? { dev: true } : {}),
      optional: true,
    };
    added += 1;
  }
}
const check = process.argv.includes('--check');
if (check && added > 0) {
  console.error(
    `package-lock.json lacks ${added} optional platform entries (npm ci would refuse it on another machine): run npm run lock:platforms.`,
  );
  process.exit(1);
} else if (added > 0) {
  lock.packages = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) =>
      a === '' ? -1 : b === '' ? 1 : a.localeCompare(b),
    ),
  );
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(
    `package-lock.json: added ${added} optional platform entries this registry does not serve.`,
  );
}
