import {
  envelope,
  inboxMessage,
  inboxMessageParams,
  inboxMessagePatch,
  inboxPage,
  inboxQuery,
} from '@eventsite/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../http.js';
import { ADMIN_FAILURES, ADMIN_SECURITY } from './admin-auth.js';

/**
 * The console's inbox: the messages visitors sent through the hosted contact form
 * (`POST /forms/contact`), and marking them read or archived. Registered inside the admin routes.
 */
export const adminInboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/messages',
    {
      schema: {
        tags: ['admin'],
        summary: 'A page of the contact form’s messages to the organiser, newest first',
        description:
          'page from 1, page_size 1 to 100 (default 20); archived=1 for the archived ones. Each message says whether it was emailed on to the organiser (`forward`: sent, failed with the mail server’s words, off without SMTP_URL or an address). `unread` counts the unread ones of that list.',
        security: ADMIN_SECURITY,
        querystring: inboxQuery,
        response: { 200: envelope(inboxPage), ...ADMIN_FAILURES },
      },
    },
    async (request) => ok(await app.services.contact.inbox(request.organiserId, request.query)),
  );

  app.patch(
    '/messages/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Mark a message read or unread, archive it or bring it back',
        description:
          'Body: {"read": true} and/or {"archived": true}. Another organiser’s message is 404.',
        security: ADMIN_SECURITY,
        params: inboxMessageParams,
        body: inboxMessagePatch,
        response: { 200: envelope(inboxMessage), ...ADMIN_FAILURES },
      },
    },
    async (request) =>
      ok(await app.services.contact.update(request.organiserId, request.params.id, request.body)),
  );
};
