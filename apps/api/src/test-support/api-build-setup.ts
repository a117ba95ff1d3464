import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { buildApiForTests } from './api-build.js';

/** Global set-up: the API compiled once for the run; removed at its end. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const build = await buildApiForTests();
  project.provide('testApiBuild', build);
  return () => rm(build, { recursive: true, force: true });
}
