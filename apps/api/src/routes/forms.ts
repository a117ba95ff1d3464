import { randomBytes } from 'node:crypto';
import {
  contactMessageInput,
  envelope,
  errorEnvelope,
  FORWARD_STATES,
  organiserQuery,
} from '@eventsite/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type FastifyPluginAsyncZod,
  hasZodFastifySchemaValidationErrors,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, ok, publicOrigin } from '../http.js';
import { logFailure, toCallerError } from '../plugins/errors.js';
import { toInboxMessage } from '../services/contact.js';
import { absoluteAssetUrl } from '../services/urls.js';
import { extraConfigOf } from '../services/organisers.js';
import { type ContactPageModel, renderContactPage } from '../views/contact-page.js';

/** Messages per minute from one address. */
export const CONTACT_RATE_LIMIT = 5;

function wantsJson(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').includes('application/json');
}

function formValues(body: unknown): ContactPageModel['values'] {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const s = (k: string) => (typeof b[k] === 'string' ? (b[k] as string) : '');
  return { name: s('name'), email: s('email'), subject: s('subject'), message: s('message') };
}

/** The contact form the API hosts, for organisers without their own (docs/requirements.md, Pages: Contact). */
export const formRoutes: FastifyPluginAsyncZod = async (app) => {
  async function page(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    model: Partial<ContactPageModel>,
  ) {
    const domain = (request.query as { app_domain?: unknown }).app_domain;
    let base: ContactPageModel = {
      organiserName: 'Contact',
      logo: '',
      themeColor: '',
      action: '/forms/contact',
    };
    if (typeof domain === 'string' && !model.unavailable) {
      try {
        const organiser = await app.services.organisers.resolve(domain.trim().toLowerCase());
        const logo = absoluteAssetUrl(organiser.logo, publicOrigin(app.config));
        base = {
          organiserName: organiser.name,
          logo,
          themeColor: extraConfigOf(organiser).themeColor,
          action: `/forms/contact?app_domain=${encodeURIComponent(domain.trim().toLowerCase())}`,
        };
      } catch {
        model = { unavailable: 'This contact form is not available.' };
      }
    }
    const nonce = randomBytes(16).toString('base64');
    let imgSrc = "'self'";
    try {
      if (base.logo) imgSrc = `${new URL(base.logo).origin}`;
    } catch {
      base.logo = '';
    }
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        `default-src 'none'; style-src 'nonce-${nonce}'; img-src ${imgSrc} data:; form-action 'self'; base-uri 'none'; frame-ancestors *`,
      )
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .send(renderContactPage({ ...base, ...model }, nonce));
  }

  /** Answers failures as a page for people, in the envelope for JSON callers. */
  function formErrorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
    const { statusCode, message } = toCallerError(error);
    logFailure(request, error, statusCode, message);
    if (request.method === 'POST' && wantsJson(request)) {
      return reply
        .code(statusCode)
        .header('cache-control', 'no-store')
        .send(errorBody(statusCode, message));
    }
    if (statusCode === 404)
      return page(request, reply, 404, { unavailable: 'This contact form is not available.' });
    if (request.method === 'GET' && statusCode === 400) {
      return page(request, reply, 400, {
        unavailable: `This contact form link is not valid: ${message}.`,
      });
    }
    // People see the schema's own sentences ("Please enter a message"), without field names.
    const errors = hasZodFastifySchemaValidationErrors(error)
      ? [...new Set(error.validation.map((v) => v.message ?? 'Please check this field'))]
      : statusCode >= 500
        ? ['Something went wrong on our side. Please try again later.']
        : [message];
    return page(request, reply, statusCode, {
      errors,
      values: formValues(request.body),
    });
  }

  app.get(
    '/forms/contact',
    {
      errorHandler: formErrorHandler,
      schema: {
        tags: ['forms'],
        summary: 'The hosted contact form page of an organiser (HTML, embeddable in an iframe)',
        querystring: organiserQuery,
        response: { 200: z.string().meta({ description: 'An HTML page' }) },
      },
    },
    async (request, reply) => {
      await app.services.organisers.resolve(request.query.app_domain);
      return page(request, reply, 200, {});
    },
  );

  app.post(
    '/forms/contact',
    {
      errorHandler: formErrorHandler,
      config: {
        rateLimit: {
          max: CONTACT_RATE_LIMIT,
          timeWindow: '1 minute',
          errorResponseBuilder: (_request, context) => ({
            statusCode: 429,
            message: `Too many messages from your address. Please try again in ${context.after}.`,
          }),
        },
      },
      // A filled honeypot is a robot: it is told "sent" and nothing is stored.
      preValidation: async (request, reply) => {
        const website = (request.body as { website?: unknown } | undefined)?.website;
        if (typeof website === 'string' && website !== '') {
          request.log.warn({ statusCode: 200 }, 'contact form honeypot filled: message discarded');
          if (wantsJson(request)) return reply.code(201).send(ok({ id: null }, 201));
          return page(request, reply, 200, { sent: true });
        }
      },
      schema: {
        tags: ['forms'],
        summary: 'Sends a message through the hosted contact form (form-encoded or JSON)',
        querystring: organiserQuery,
        body: contactMessageInput,
        response: {
          201: envelope(
            z.object({
              id: z.number().int().nullable(),
              /** Emailed on to the organiser too: sent, failed, or off (kept for the inbox only). */
              forward: z.enum(FORWARD_STATES).optional(),
            }),
          ),
          400: errorEnvelope,
          404: errorEnvelope,
          429: errorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const stored = await app.services.contact.submit(request.query.app_domain, request.body);
      request.log.info(
        { organiserDomain: request.query.app_domain, messageId: stored.id },
        'contact message stored',
      );
      if (stored.forward === 'failed')
        request.log.warn(
          { messageId: stored.id, forwardError: stored.forwardError },
          'contact message kept, but emailing it to the organiser failed',
        );
      const forward = toInboxMessage(stored).forward;
      if (wantsJson(request)) return reply.code(201).send(ok({ id: stored.id, forward }, 201));
      return page(request, reply, 200, { sent: true, forward });
    },
  );
};
