import {
  adminEvent,
  adminEventParams,
  envelope,
  errorEnvelope,
  resultsImportQuery,
  resultsPreview,
} from '@eventsite/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';
import { ok } from '../http.js';
import { ADMIN_FAILURES, ADMIN_SECURITY } from './admin-auth.js';

const security = ADMIN_SECURITY;
const failures = ADMIN_FAILURES;

/**
 * What the console's event settings and results import need beyond the admin API's first routes:
 * one event as its organiser sees it, and a results file's preview. Registered inside the admin
 * routes (after their results content types), behind their authentication.
 */
export const adminEventSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events/:eventId',
    {
      schema: {
        tags: ['admin'],
        summary: 'One event of the organiser, published or not, with its whole configuration',
        security,
        params: adminEventParams,
        response: { 200: envelope(adminEvent), ...failures },
      },
    },
    async (request) =>
      ok(
        await app.services.events.adminView(
          await app.services.events.requireOwned(request.params.eventId, request.organiserId),
        ),
      ),
  );

  app.post(
    '/events/:eventId/results/preview',
    {
      schema: {
        tags: ['admin'],
        summary: 'What importing this results file would do, storing nothing',
        description:
          'The same body and ?map= as POST …/results (map field:- for no column). Answers the header and first rows as read, how the columns are understood, each row’s problem (refused or warning) and the counts an import would have: added, updated (a bib already there), refused, removed (stored runners not in the file). A file whose columns cannot be understood answers 200 with `problem`, so a mapping can be chosen; a file that is not CSV (binary, empty, too large) answers 400.',
        security,
        params: adminEventParams,
        querystring: resultsImportQuery,
        response: {
          200: envelope(resultsPreview),
          ...failures,
          413: errorEnvelope,
          415: errorEnvelope,
        },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body))
        throw new AppError(415, 'Send the results file as the body with Content-Type: text/csv');
      return ok(
        await app.services.bibs.previewResults(
          request.params.eventId,
          request.organiserId,
          request.body,
          request.query.map,
        ),
      );
    },
  );
};
