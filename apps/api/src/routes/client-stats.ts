import {
  BEACON_KINDS,
  errorEnvelope,
  eventIdParams,
  eventQuery,
  statBeacon,
} from '@eventsite/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../errors.js';

/** Reports a browser may send per client and minute: a visitor browsing, far from a flood. */
const REPORTS_PER_MINUTE = 120;

/**
 * A browser's report of what only it sees (a visit, a photo opened, a share), counted into the
 * event's analytics. `navigator.sendBeacon` sends text/plain (no CORS preflight), so the JSON body
 * is read from either content type. Nothing of the visitor is kept.
 */
export const clientStatRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/events/:eventId/stats',
    {
      config: { rateLimit: { max: REPORTS_PER_MINUTE, timeWindow: '1 minute' } },
      bodyLimit: 1024,
      schema: {
        tags: ['client'],
        summary: 'Counts a visit, a photo opened or a share into the event’s analytics',
        description: `Body {"kind": ${BEACON_KINDS.map((k) => `"${k}"`).join(' | ')}} as application/json or text/plain (a beacon). Answers 204. Searches, downloads and zips are counted by the server as it answers them, so they are not reported. Aggregated per day: nothing of the visitor (address, cookie, id) is kept. At most ${REPORTS_PER_MINUTE} a minute per client.`,
        params: eventIdParams,
        querystring: eventQuery,
        response: { 204: z.null(), 400: errorEnvelope, 404: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (request, reply) => {
      let body: unknown = request.body;
      if (typeof body === 'string') {
        try {
          body = JSON.parse(body);
        } catch {
          throw badRequest('The body is not JSON: send {"kind": "visit"}');
        }
      }
      const parsed = statBeacon.safeParse(body);
      if (!parsed.success) throw badRequest(`kind: must be one of ${BEACON_KINDS.join(', ')}`);
      await app.services.analytics.report(
        request.params.eventId,
        parsed.data.kind,
        request.query.app_domain,
      );
      reply.header('cache-control', 'no-store');
      return reply.code(204).send(null);
    },
  );
};
