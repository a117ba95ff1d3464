import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Where each API test file runs (docs/architecture.md, "The test suite"):
 *
 * - `*.models.test.ts` load a recognition model (OCR, faces): they run once, in the models pass
 *   (`npm test -- models`), without a network where the machine allows it.
 * - A file that opens a database, queue or blob store through test-support (`app`, `database`,
 *   `cli` or `stack`) is a stack test: it runs on PGlite (api-pglite) and again on the scaled
 *   stack (api-postgres: PostgreSQL, Redis, S3).
 * - Every other file is a unit test: it runs once, in api-unit, with no database set-up (the
 *   unit stage: `npm test -- unit`, a developer's quick loop).
 *
 * So a new test lands in the right runs by what it uses, with nothing to list.
 */
export const MODEL_TESTS = '**/*.models.test.ts';

const STACK_IMPORT = /from '(?:\.\.?\/)+(?:[\w-]+\/)*test-support\/(?:app|database|cli|stack)\.js'/;

/** Is this test file's source one of a stack test? */
export const isStackTest = (source: string): boolean => STACK_IMPORT.test(source);

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The API's test folders under its package root. */
const TEST_FOLDERS = ['src', 'tools'];

/** The test files under `root`'s test folders (not model tests) that are, or are not, stack tests. */
function filesOfKind(root: string, stack: boolean): string[] {
  return TEST_FOLDERS.flatMap((folder) => testFiles(path.join(root, folder)))
    .filter((file) => !file.endsWith('.models.test.ts'))
    .filter((file) => isStackTest(readFileSync(file, 'utf8')) === stack)
    .map((file) => path.relative(root, file).split(path.sep).join('/'))
    .sort();
}

/** The stack tests (not model tests), as paths relative to the API package `root`. */
export const stackTestFiles = (root: string): string[] => filesOfKind(root, true);

/** The unit tests (not model tests), as paths relative to the API package `root`. */
export const unitTestFiles = (root: string): string[] => filesOfKind(root, false);
