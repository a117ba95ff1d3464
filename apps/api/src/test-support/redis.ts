import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis the scaled-stack tests use; each test takes its own key prefix on it. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Why Redis cannot be used, or null when it answers. */
export async function redisProblem(url = TEST_REDIS_URL): Promise<string | null> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return null;
  } catch (error) {
    return (error as Error).message || String(error);
  } finally {
    client.disconnect();
  }
}

/**
 * Tests that need Redis skip with a notice when it is not running, and fail under CI=true
 * (where a skipped scaled-stack test would hide a broken one).
 */
export async function requireRedis(suite: string): Promise<boolean> {
  const problem = await redisProblem();
  if (!problem) return true;
  const message = `Redis at ${TEST_REDIS_URL} is unreachable (${problem}): ${suite} needs it. Start Redis or set TEST_REDIS_URL.`;
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(`\n[${suite}] SKIPPED: ${message}\n`);
  return false;
}

/** A key prefix no other test run uses. */
export function testRedisPrefix(): string {
  return `eventsite-t-${randomBytes(5).toString('hex')}`;
}

/** Removes every key under a test's prefix. */
export async function dropRedisPrefix(prefix: string, url = TEST_REDIS_URL): Promise<void> {
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length > 0) await client.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
}
