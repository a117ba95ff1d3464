import { envelope, errorEnvelope } from '@eventsite/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../http.js';

const work = z.object({ queued: z.number().int(), running: z.number().int() });

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness, and what is still being indexed',
        description:
          'Answers when the API reaches its database. `indexing` counts the background work not finished yet, over all events: `ingest` (display sizes and placeholder: the photo shows in its gallery once done), `bibs` (bib numbers read: findable by bib once done), `faces` (faces described: findable by selfie once done), `redact` (photos with a face hidden on request: their stored copies made again blurred). `pending` is their sum; 0 means every photo is findable.',
        response: {
          200: envelope(
            z.object({
              database: z.enum(['pglite', 'postgres']),
              indexing: z.object({
                pending: z.number().int(),
                ingest: work,
                bibs: work,
                faces: work,
                redact: work,
              }),
            }),
          ),
          500: errorEnvelope,
        },
      },
    },
    async (_request, reply) => {
      // A database that does not answer fails the request (500); the backlog may live elsewhere (Redis).
      await app.database.ping();
      // A watermark's re-rendering is not indexing: every photo is served meanwhile.
      const { watermark: _rerendering, ...backlog } = await app.services.jobs.backlog();
      const pending = Object.values(backlog).reduce((n, k) => n + k.queued + k.running, 0);
      reply.header('cache-control', 'no-store');
      return ok({ database: app.database.kind, indexing: { pending, ...backlog } });
    },
  );
};
