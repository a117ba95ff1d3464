import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
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
  api = await startApiProcess({});
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
