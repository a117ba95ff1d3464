import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';

/**
 * Where the rate limits keep their counters. In this process's memory by default; with
 * REDIS_URL in Redis, under `<REDIS_PREFIX>:rate-limit:`, so that every API process of a
 * deployment counts a visitor's requests against one budget (behind a load balancer a visitor
 * would otherwise have a budget per process).
 *
 * While Redis does not answer (each count waits at most COMMAND_TIMEOUT_MS), requests are let
 * through uncounted rather than refused: an outage of Redis does not take the public site down
 * with it. The first failure of an outage is logged.
 */
export interface RateLimitStore {
  options: Pick<RateLimitPluginOptions, 'redis' | 'nameSpace' | 'skipOnError'>;
  close(): Promise<void>;
}

const COMMAND_TIMEOUT_MS = 500;

export function rateLimitStore(
  redis: { url: string; prefix: string } | undefined,
  warn: (message: string) => void,
): RateLimitStore {
  if (!redis) return { options: {}, close: async () => undefined };
  const client = new Redis(redis.url, {
    maxRetriesPerRequest: 1,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
  });
  let down = false;
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    warn(
      `rate limits: Redis does not answer (${error.message}); requests are not counted until it does`,
    );
  });
  client.on('ready', () => (down = false));
  return {
    options: { redis: client, nameSpace: `${redis.prefix}:rate-limit:`, skipOnError: true },
    close: async () => {
      await client.quit().catch(() => client.disconnect());
    },
  };
}

/**
 * Whom a route's limit counts: the visitor's address (`request.visitorAddress`: the one the site
 * signed, else the client's), an IPv6 address by its /64, as the plugin does.
 */
export function visitorKey(request: FastifyRequest): string {
  return normalizeIP(request.visitorAddress || request.ip);
}

/**
 * The key of a limiter made with `app.createRateLimit`: its name, what else it counts by (an
 * event, an account) and the visitor's address. Route limiters are keyed by their route; these
 * have none, and in Redis two of them would otherwise count in one key.
 */
export function limiterKey(
  name: string,
  per?: (request: FastifyRequest) => string,
): (request: FastifyRequest) => string {
  return (request) => `${name}:${per ? `${per(request)}:` : ''}${visitorKey(request)}`;
}
