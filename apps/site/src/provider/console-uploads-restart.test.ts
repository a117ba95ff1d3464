import { appendFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCsrfToken } from '@/lib/console-security';
import { type ApiProcess, startApiProcess } from '@/test/api-process';
import { CONSOLE_UPLOADS_PATH, CSRF_HEADER, proxyTusRequest } from './console-uploads';

// Issue 39, item 5: the console's uploader (tus-js-client) sends a photo through the site's tus
// proxy to the real API; the API is killed (SIGKILL) in the middle and started again. The upload
// goes on from the offset the API kept, with the same address: never again from byte 0.

const PASSWORD = 'correct horse battery';
const csrf = newCsrfToken();

let api: ApiProcess;
let site: Server;
let siteUrl: string;
let token: string;
let eventId: number;
/** What the site's proxy was asked, in order: method and the offset a PATCH started from. */
const seen: Array<{ method: string; offset: string | null; status: number }> = [];

/** The site's route handlers for /console/uploads[/id], as Next.js would call them. */
async function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://city.example');
  const id = url.pathname.slice(CONSOLE_UPLOADS_PATH.length + 1) || undefined;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers))
    if (typeof value === 'string') headers.set(name, value);
  headers.set('host', 'city.example');
  headers.set('origin', 'http://city.example');
  const method = req.method ?? 'GET';
  const request = new Request(url, {
    method,
    headers,
    ...(method === 'PATCH' || method === 'POST'
      ? { body: Readable.toWeb(req) as ReadableStream, duplex: 'half' }
      : {}),
  } as RequestInit);
  const answer = await proxyTusRequest(request, {
    apiBase: api.url,
    token,
    csrfCookie: csrf,
    id,
  });
  seen.push({
    method,
    offset: req.headers['upload-offset'] as string | null,
    status: answer.status,
  });
  res.writeHead(answer.status, Object.fromEntries(answer.headers));
  if (answer.body)
    for await (const chunk of answer.body as unknown as AsyncIterable<Uint8Array>) res.write(chunk);
  res.end();
}

beforeAll(async () => {
  // One job worker, so that an upload becomes a photo (ingest) in the API's process.
  api = await startApiProcess({ JOB_CONCURRENCY: '1' });
  await api.cli([
    'organiser',
    'apply',
    await api.file('city.json', { name: 'City Runs', domains: ['city.example'] }),
  ]);
  await api.cli(
    ['user', 'create', 'city.example', 'owner@city.example', '--role', 'owner'],
    PASSWORD,
  );
  const created = await api.cli([
    'event',
    'create',
    '--organiser',
    'city.example',
    '--name',
    'City 10K',
    '--date',
    '2025-04-06',
  ]);
  eventId = Number(/Created event (\d+)/.exec(created)![1]);
  const signedIn = await fetch(`${api.url}/api/v1/console/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      app_domain: 'city.example',
      email: 'owner@city.example',
      password: PASSWORD,
    }),
  });
  token = ((await signedIn.json()) as { data: { session_token: string } }).data.session_token;
  site = createServer((req, res) => void handle(req, res).catch(() => res.destroy()));
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const address = site.address();
  siteUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 300_000);
afterAll(async () => {
  await new Promise((resolve) => site?.close(resolve));
  await api?.stop();
});

describe('a console upload while the API restarts', () => {
  it('goes on from the offset the API kept, with the same upload address', async () => {
    const photo = await sharp({
      create: {
        width: 1400,
        height: 1000,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(1_000_000);
    let killed: Promise<void> | null = null;
    const done = new Promise<void>((resolve, reject) => {
      const upload = new Upload(photo, {
        endpoint: `${siteUrl}${CONSOLE_UPLOADS_PATH}`,
        chunkSize: 256 * 1024,
        // Long enough for the API to start again under load.
        retryDelays: [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 30_000, 30_000],
        metadata: { event_id: String(eventId), filename: 'finish.jpg' },
        headers: { [CSRF_HEADER]: csrf },
        onChunkComplete: (_chunk, sent) => {
          if (killed || sent < 512 * 1024) return;
          // Down mid-upload; up again after the client has asked where to resume a few times.
          killed = api.kill().then(async () => {
            await new Promise((r) => setTimeout(r, 3000));
            await api.restart();
          });
        },
        onShouldRetry: (error) => {
          const status =
            (
              error as { originalResponse?: { getStatus(): number } }
            ).originalResponse?.getStatus() ?? 0;
          return status === 0 || status >= 500 || status === 423;
        },
        onSuccess: () => resolve(),
        onError: reject,
      });
      upload.start();
    });
    await done;
    await killed;
    expect(seen.filter((s) => s.method === 'POST')).toHaveLength(1);
    expect(seen.some((s) => s.method === 'HEAD' && s.status === 423)).toBe(true);
    const afterRestart = seen.slice(seen.findIndex((s) => s.method === 'HEAD' && s.status === 200));
    const offsets = afterRestart.filter((s) => s.method === 'PATCH').map((s) => Number(s.offset));
    expect(offsets[0]).toBeGreaterThanOrEqual(512 * 1024);
    // The last PATCH completed the file, and the API took it.
    expect(seen.at(-1)?.method).toBe('PATCH');
    expect(seen.at(-1)?.status).toBeLessThan(300);
  }, 300_000);
});

describe('a console upload whole on disk when the API died (issue 39, item 4)', () => {
  const send = (method: string, url: string, headers: Record<string, string>, body?: Uint8Array) =>
    fetch(url, {
      method,
      headers: { 'tus-resumable': '1.0.0', [CSRF_HEADER]: csrf, ...headers },
      ...(body ? { body: body as unknown as BodyInit } : {}),
    });
  const photosOfEvent = async () => {
    const res = await fetch(`${api.url}/api/v1/admin/events/${eventId}/photos`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await res.json()) as { data: { photos: unknown[] } }).data.photos.length;
  };

  /** Once the API has no job waiting: every photo sent so far is made (ingest). */
  const settled = async () => {
    for (let tries = 0; tries < 120; tries++) {
      const health = (await (await fetch(`${api.url}/health`)).json()) as {
        data: { indexing: { pending: number } };
      };
      if (health.data.indexing.pending === 0) return;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error('the API still has jobs waiting');
  };

  it('becomes a photo once the API is back, and its client is told it is in the event', async () => {
    await settled();
    const before = await photosOfEvent();
    const photo = await sharp({
      create: {
        width: 600,
        height: 400,
        channels: 3,
        background: '#336699',
        noise: { type: 'gaussian', mean: 100, sigma: 30 },
      },
    })
      .jpeg()
      .toBuffer();
    const b64 = (text: string) => Buffer.from(text).toString('base64');
    const created = await send('POST', `${siteUrl}${CONSOLE_UPLOADS_PATH}`, {
      'upload-length': String(photo.length),
      'upload-metadata': `event_id ${b64(String(eventId))},filename ${b64('crash.jpg')}`,
    });
    expect(created.status).toBe(201);
    const address = `${siteUrl}${created.headers.get('location')}`;
    const id = address.split('/').at(-1)!;
    // Every byte but the last through the API; the last lands on disk as the API is killed, before
    // it could make the file a photo.
    const patched = await send(
      'PATCH',
      address,
      { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      photo.subarray(0, photo.length - 1),
    );
    expect(patched.status).toBe(204);
    await api.kill();
    await appendFile(path.join(api.dataDir, 'resumable', id), photo.subarray(photo.length - 1));
    await api.restart();

    // The photo is made, once.
    await settled();
    expect(await photosOfEvent()).toBe(before + 1);
    // The client asking where to resume finds the upload gone, sends the file again, and is
    // told plainly that it is in the event.
    expect((await send('HEAD', address, {})).status).toBe(404);
    const again = await send('POST', `${siteUrl}${CONSOLE_UPLOADS_PATH}`, {
      'upload-length': String(photo.length),
      'upload-metadata': `event_id ${b64(String(eventId))},filename ${b64('crash.jpg')}`,
    });
    const whole = await send(
      'PATCH',
      `${siteUrl}${again.headers.get('location')}`,
      { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      photo,
    );
    expect(whole.status).toBe(422);
    expect(((await whole.json()) as { message: string }).message).toBe(
      'crash.jpg is already in this event',
    );
    expect(await photosOfEvent()).toBe(before + 1);
  }, 300_000);
});
