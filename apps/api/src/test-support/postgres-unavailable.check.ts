import { describe, it } from 'vitest';

const url = process.env.TEST_POSTGRES_URL ?? '';
const problem = process.env.TEST_POSTGRES_PROBLEM ?? '';
const ci = process.env.CI === 'true';
const message =
  `PostgreSQL at ${url.replace(/:[^:@/]*@/, ':***@')} is unreachable (${problem}), so the api-postgres suite did not run. ` +
  'Start PostgreSQL or set TEST_POSTGRES_URL to a server where the user may CREATE DATABASE.';

if (!ci) console.warn(`\n[api-postgres] SKIPPED: ${message}\n`);

describe('api-postgres', () => {
  it.skipIf(!ci)(`needs PostgreSQL (CI=true makes this a failure): ${message}`, () => {
    throw new Error(message);
  });
});
