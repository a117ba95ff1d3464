import { envelope, errorEnvelope } from '@eventsite/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../http.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the API answers and reaches its database',
        response: {
          200: envelope(z.object({ database: z.enum(['pglite', 'postgres']) })),
          500: errorEnvelope,
        },
      },
    },
    async (_request, reply) => {
      await app.database.db.execute(sql`select 1`);
      reply.header('cache-control', 'no-store');
      return ok({ database: app.database.kind });
    },
  );
};
