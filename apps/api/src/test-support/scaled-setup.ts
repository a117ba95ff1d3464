import type { TestProject } from 'vitest/node';
import { startTestS3 } from './s3.js';

declare module 'vitest' {
  interface ProvidedContext {
    /** The loopback S3 server of the api-postgres run (scaled stack), or '' when there is none. */
    testS3Endpoint: string;
  }
}

/**
 * Global set-up of the api-postgres project: one S3 server (s3rver) on loopback for the whole
 * run, when the run uses the scaled stack (TEST_STACK=scaled). Each test app makes its own bucket
 * on it (test-support/stack.ts), so parallel files never see each other's objects.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env?.TEST_STACK !== 'scaled') {
    project.provide('testS3Endpoint', '');
    return async () => undefined;
  }
  const s3 = await startTestS3('eventsite-unused');
  project.provide('testS3Endpoint', s3.settings.endpoint!);
  return () => s3.close();
}
