// Small modules: a source file is at most 400 lines, or says why it is longer in a comment
// that contains "longer than 400 lines" (a table of cases kept together, one browser suite that
// shares one expensive set-up, ...). Generated and vendored files are not counted.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOTS = ['apps', 'packages', 'e2e', 'scripts', 'bench'];
const SKIP = new Set(['node_modules', 'dist', '.next', 'public', 'results']);
export const MAX_LINES = 400;
const REASON = /longer than 400 lines/i;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts|mjs|cjs|js|jsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** `name (N lines)` for each file over the limit that does not say why. */
export function oversized(files: { name: string; text: string }[]): string[] {
  return files.flatMap(({ name, text }) => {
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    return lines > MAX_LINES && !REASON.test(text) ? [`${name} (${lines} lines)`] : [];
  });
}

describe('small modules', () => {
  it('finds a long file that does not say why, and lets one that does', () => {
    const long = 'x\n'.repeat(MAX_LINES + 1);
    expect(
      oversized([
        { name: 'a.ts', text: long },
        { name: 'b.ts', text: `// Longer than 400 lines: one table of cases.\n${long}` },
        { name: 'c.ts', text: 'x\n'.repeat(MAX_LINES) },
      ]),
    ).toEqual([`a.ts (${MAX_LINES + 1} lines)`]);
  });

  it(`no source file is over ${MAX_LINES} lines without a stated reason`, () => {
    const files = ROOTS.flatMap((r) => sourceFiles(path.join(root, r))).map((file) => ({
      name: path.relative(root, file),
      text: readFileSync(file, 'utf8'),
    }));
    expect(files.length).toBeGreaterThan(100);
    expect(oversized(files)).toEqual([]);
  });
});
