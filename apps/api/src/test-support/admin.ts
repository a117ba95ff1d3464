import { Readable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Services } from '../services/index.js';

export interface FilePart {
  filename: string;
  bytes: Buffer;
  field?: string;
  contentType?: string;
}

/** A multipart/form-data body of `file` parts, for `inject`. */
export function multipart(files: FilePart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----eventsite${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.filename}"\r\nContent-Type: ${f.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const payload = Buffer.concat(chunks);
  return {
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * A multipart body streamed, never whole in memory: one `file` part of `size` bytes (a JPEG
 * signature, then zeros), then a small valid part after it.
 */
export function hugeMultipartStream(
  size: number,
  after: FilePart,
  onChunk?: () => void,
): { payload: Readable; headers: Record<string, string> } {
  const boundary = '----eventsitehuge';
  async function* body() {
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    yield Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
    const block = Buffer.alloc(1024 * 1024);
    let sent = 4;
    while (sent < size) {
      const n = Math.min(block.length, size - sent);
      sent += n;
      onChunk?.();
      yield n === block.length ? block : block.subarray(0, n);
    }
    yield Buffer.from(
      `\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${after.filename}"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    yield after.bytes;
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return {
    payload: Readable.from(body()),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function adminToken(services: Services, domain: string): Promise<string> {
  return (await services.tokens.create(domain)).token;
}

/**
 * An editor and a photographer of the organiser on `domain` (`editor@domain`,
 * `photographer@domain`), each signed in to the console: their session tokens.
 */
export async function consoleRoleSessions(
  app: FastifyInstance,
  services: Services,
  domain: string,
  password: string,
): Promise<{ editor: string; photographer: string }> {
  const session = async (role: 'editor' | 'photographer') => {
    await services.console.createUser(domain, `${role}@${domain}`, role, password);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/console/sign-in',
      payload: { app_domain: domain, email: `${role}@${domain}`, password },
    });
    return res.json().data.session_token as string;
  };
  return { editor: await session('editor'), photographer: await session('photographer') };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Waits until the event has no queued or running job (the app's worker works them). */
export async function waitForJobs(
  services: Services,
  eventId: number,
  timeoutMs = 30_000,
): Promise<{ queued: number; running: number; done: number; failed: number }> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const counts = await services.jobs.queue.counts(eventId);
    if (counts.queued === 0 && counts.running === 0) return counts;
    if (Date.now() > until) throw new Error(`jobs still pending: ${JSON.stringify(counts)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function upload(
  app: FastifyInstance,
  token: string,
  eventId: number,
  files: FilePart[],
): Promise<LightMyRequestResponse> {
  const body = multipart(files);
  return app.inject({
    method: 'POST',
    url: `/api/v1/admin/events/${eventId}/photos`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

/** Creates an event through the admin API, as the organiser of `token`: its id. */
export async function createEventAsAdmin(
  app: FastifyInstance,
  token: string,
  payload: Record<string, unknown>,
): Promise<number> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/events',
    headers: bearer(token),
    payload,
  });
  if (created.statusCode !== 201)
    throw new Error(`create event: ${created.statusCode} ${created.body}`);
  return created.json().data.id;
}

/** Imports a race results CSV into an event through the admin API: the answer. */
export function importResultsCsv(
  app: FastifyInstance,
  token: string,
  eventId: number,
  csv: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/v1/admin/events/${eventId}/results`,
    headers: { ...bearer(token), 'content-type': 'text/csv' },
    payload: Buffer.from(csv, 'utf8'),
  });
}
