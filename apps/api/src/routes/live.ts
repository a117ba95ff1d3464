import { PassThrough } from 'node:stream';
import { errorEnvelope, eventIdParams, eventQuery } from '@eventsite/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { failures } from './client-common.js';

/** A comment this often keeps proxies and mobile networks from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting a dropped stream (`retry:`). */
export const RETRY_MS = 10_000;
/** A visitor whose connection takes no more than this unread is dropped (the browser reconnects). */
const MAX_UNREAD_BYTES = 16 * 1024;

const liveQuery = eventQuery.extend({
  last_event_id: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional()
    .meta({
      description:
        'The last message id seen, for a new connection that cannot send the Last-Event-ID header',
    }),
});

export const LIVE_DESCRIPTION = [
  'Server-sent events (`text/event-stream`) telling an open gallery that the event’s findable photos changed: a photo listed or deleted, its bibs read or tagged. Each message is `event: photos` with `data: {"version": n}` and `id: n`, at most one per second per event; it names no photo and no count (the client asks its listing or search again, through the usual endpoints and their rules).',
  'The first message comes at once: `event: photos` when the Last-Event-ID header (or `?last_event_id=`) is older than the event’s last change this process knows of, else `event: ready`. Then a comment every 25 s; `retry:` advises 10 s before reconnecting.',
  '404 for an unknown or unpublished event; 429 past LIVE_STREAMS_PER_CLIENT open streams from one client (20), 503 past LIVE_STREAMS_MAX on this process (5000) or while it shuts down (Retry-After on both). An extension of the provider contract: a site whose provider lacks it shows no live updates.',
].join('\n\n');

interface Stream {
  body: PassThrough;
  address: string;
}

/** `GET /api/v1/client/events/{eventId}/photos/live`: the live gallery stream (services/live-photos.ts). */
export const liveRoutes: FastifyPluginAsyncZod<{
  /** Open streams per client address. */
  perClient: number;
  /** Open streams on this process. */
  total: number;
  heartbeatMs?: number;
}> = async (app, options) => {
  const streams = new Set<Stream>();
  const perAddress = new Map<string, number>();
  let heartbeat: NodeJS.Timeout | undefined;
  let closing = false;

  // Open streams would keep app.close waiting: they end first (browsers reconnect elsewhere).
  app.addHook('preClose', async () => {
    closing = true;
    app.services.live.stop();
    for (const stream of streams) stream.body.end();
  });

  function beat(): void {
    for (const stream of streams) send(stream, ':\n\n');
  }

  function send(stream: Stream, text: string): void {
    // A visitor that reads nothing (a frozen tab) is let go rather than buffered for.
    if (stream.body.writableLength > MAX_UNREAD_BYTES) stream.body.end();
    else stream.body.write(text);
  }

  function opened(stream: Stream): void {
    streams.add(stream);
    perAddress.set(stream.address, (perAddress.get(stream.address) ?? 0) + 1);
    if (!heartbeat) {
      heartbeat = setInterval(beat, options.heartbeatMs ?? HEARTBEAT_MS);
      heartbeat.unref();
    }
  }

  function closed(stream: Stream): void {
    if (!streams.delete(stream)) return;
    const left = (perAddress.get(stream.address) ?? 1) - 1;
    if (left > 0) perAddress.set(stream.address, left);
    else perAddress.delete(stream.address);
    if (streams.size === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
  }

  app.get(
    '/events/:eventId/photos/live',
    {
      exposeHeadRoute: false,
      schema: {
        tags: ['client'],
        summary: 'Live gallery: a message each time the event’s findable photos change',
        description: LIVE_DESCRIPTION,
        params: eventIdParams,
        querystring: liveQuery,
        headers: z.object({
          'last-event-id': z.string().optional().meta({
            description: 'The id of the last message seen (sent by browsers when reconnecting)',
          }),
        }),
        response: {
          200: z.unknown().meta({ description: 'The event stream', type: 'string' }),
          404: failures[404],
          400: failures[400],
          429: errorEnvelope,
          503: errorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const { eventId } = request.params;
      await app.services.events.requirePublished(eventId, request.query.app_domain);
      if (closing || streams.size >= options.total) {
        reply.header('retry-after', '30').header('cache-control', 'no-store');
        throw new AppError(503, 'Too many live galleries are open: try again in a moment');
      }
      const address = request.visitorAddress;
      if ((perAddress.get(address) ?? 0) >= options.perClient) {
        reply.header('retry-after', '60').header('cache-control', 'no-store');
        throw new AppError(
          429,
          `Too many live galleries are open from this address: at most ${options.perClient}`,
        );
      }

      const live = app.services.live;
      const version = live.version(eventId);
      const lastHeader = request.headers['last-event-id'];
      const lastSeen = /^\d{1,15}$/.test(lastHeader ?? '')
        ? Number(lastHeader)
        : request.query.last_event_id !== undefined
          ? Number(request.query.last_event_id)
          : undefined;
      const missed = lastSeen !== undefined && lastSeen < version;

      const stream: Stream = { body: new PassThrough(), address };
      opened(stream);
      const stop = live.listen(eventId, (v) => send(stream, message('photos', v)));
      reply.raw.on('close', () => {
        stop();
        closed(stream);
        stream.body.destroy();
      });
      stream.body.write(`retry: ${RETRY_MS}\n${message(missed ? 'photos' : 'ready', version)}`);
      return reply
        .code(200)
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .send(stream.body);
    },
  );
};

function message(event: 'photos' | 'ready', version: number): string {
  return `id: ${version}\nevent: ${event}\ndata: ${JSON.stringify({ version })}\n\n`;
}
