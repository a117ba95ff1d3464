import { adminEventParams, envelope, eventStats, statsQuery } from '@eventsite/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../http.js';
import { statsCsv } from '../services/analytics.js';
import { ADMIN_FAILURES, ADMIN_SECURITY } from './admin-auth.js';

const DESCRIPTION =
  'Counts per UTC day, from `from` to `to` (both included; default the last 30 days, at most 366): visits and photos opened and shares (reported by the site), bib, name and selfie searches, single downloads and zips (counted by the API as it answers). Aggregated as counted: nothing of a visitor is kept. Counts reach the database within 5 s.';

/** An event's visitor analytics, for its organiser: JSON, or CSV to export. */
export const adminStatRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events/:eventId/stats',
    {
      schema: {
        tags: ['admin'],
        summary: 'The event’s visits, searches, photo views, downloads, zips and shares per day',
        description: DESCRIPTION,
        security: ADMIN_SECURITY,
        params: adminEventParams,
        querystring: statsQuery,
        response: { 200: envelope(eventStats), ...ADMIN_FAILURES },
      },
    },
    async (request) =>
      ok(
        await app.services.analytics.of(request.params.eventId, request.organiserId, request.query),
      ),
  );

  app.get(
    '/events/:eventId/stats.csv',
    {
      schema: {
        tags: ['admin'],
        summary: 'The same counts as CSV: a line per day, then the totals',
        description: DESCRIPTION,
        security: ADMIN_SECURITY,
        params: adminEventParams,
        querystring: statsQuery,
        response: {
          200: z.string().meta({ description: 'text/csv; day, then one column per kind' }),
          ...ADMIN_FAILURES,
        },
      },
    },
    async (request, reply) => {
      const stats = await app.services.analytics.of(
        request.params.eventId,
        request.organiserId,
        request.query,
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="event-${request.params.eventId}-stats-${stats.from}-${stats.to}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(statsCsv(stats));
    },
  );
};
