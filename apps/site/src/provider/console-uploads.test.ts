import { describe, expect, it } from 'vitest';
import { newCsrfToken } from '@/lib/console-security';
import { CSRF_HEADER, proxyTusRequest, rewriteLocation } from './console-uploads';

const csrf = newCsrfToken();
const API = 'http://api.internal:4000';
const ID = '0123456789abcdef0123456789abcdef';

interface Seen {
  url: string;
  method: string;
  headers: Headers;
  body: Uint8Array | null;
}

/** A fake API that records what it was sent (reading the body as a stream) and answers `answer`. */
function fakeApi(answer: () => Response) {
  const seen: Seen[] = [];
  const fetchImpl = (async (input: string, init: RequestInit) => {
    let body: Uint8Array | null = null;
    if (init.body instanceof ReadableStream) {
      const chunks: Uint8Array[] = [];
      for await (const chunk of init.body as unknown as AsyncIterable<Uint8Array>)
        chunks.push(chunk);
      body = new Uint8Array(Buffer.concat(chunks));
    }
    seen.push({
      url: String(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body,
    });
    return answer();
  }) as unknown as typeof fetch;
  return { seen, fetchImpl };
}

function tusRequest(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: BodyInit,
): Request {
  return new Request(`http://photos.example${path}`, {
    method,
    headers: { host: 'photos.example', ...headers },
    ...(body ? { body, duplex: 'half' } : {}),
  } as RequestInit);
}

const sameSite = { origin: 'http://photos.example', [CSRF_HEADER]: csrf };

describe('the console’s tus proxy', () => {
  it('refuses a request from another origin, or without the CSRF header, and calls nothing', async () => {
    const api = fakeApi(() => new Response(null, { status: 204 }));
    const context = { apiBase: API, token: 'ess_x', csrfCookie: csrf, fetchImpl: api.fetchImpl };
    const cases: Array<[string, Record<string, string>]> = [
      ['POST', { origin: 'https://evil.example', [CSRF_HEADER]: csrf }],
      ['POST', { [CSRF_HEADER]: csrf }],
      ['POST', { origin: 'http://photos.example' }],
      ['PATCH', { origin: 'http://photos.example', [CSRF_HEADER]: newCsrfToken() }],
      ['HEAD', { 'sec-fetch-site': 'cross-site', [CSRF_HEADER]: csrf }],
      ['HEAD', { origin: 'http://photos.example' }],
    ];
    for (const [method, headers] of cases) {
      const res = await proxyTusRequest(
        tusRequest(method, `/console/uploads${method === 'POST' ? '' : `/${ID}`}`, headers),
        { ...context, id: method === 'POST' ? undefined : ID },
      );
      expect(res.status, `${method} ${JSON.stringify(headers)}`).toBe(403);
    }
    expect(api.seen).toEqual([]);
  });

  it('refuses a signed-out visitor (401) and an id that is not an upload’s (404)', async () => {
    const api = fakeApi(() => new Response(null, { status: 204 }));
    const signedOut = await proxyTusRequest(tusRequest('POST', '/console/uploads', sameSite), {
      apiBase: API,
      token: null,
      csrfCookie: csrf,
      fetchImpl: api.fetchImpl,
    });
    expect(signedOut.status).toBe(401);
    const badId = await proxyTusRequest(tusRequest('PATCH', '/console/uploads/../x', sameSite), {
      apiBase: API,
      token: 'ess_x',
      csrfCookie: csrf,
      id: '../../events',
      fetchImpl: api.fetchImpl,
    });
    expect(badId.status).toBe(404);
    expect(api.seen).toEqual([]);
  });

  it('creates an upload with the session’s bearer token and rewrites the Location to the site’s', async () => {
    const api = fakeApi(
      () =>
        new Response(null, {
          status: 201,
          headers: {
            location: `/api/v1/admin/uploads/${ID}`,
            'tus-resumable': '1.0.0',
            'set-cookie': 'x=1',
          },
        }),
    );
    const res = await proxyTusRequest(
      tusRequest('POST', '/console/uploads', {
        ...sameSite,
        cookie: 'console_session=ess_secret; console_csrf=abc',
        'tus-resumable': '1.0.0',
        'upload-length': '1234',
        'upload-metadata': 'event_id Nw==,filename YS5qcGc=',
      }),
      {
        apiBase: API,
        token: 'ess_secret',
        csrfCookie: csrf,
        forwardedFor: '203.0.113.9',
        fetchImpl: api.fetchImpl,
      },
    );
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(`/console/uploads/${ID}`);
    expect(res.headers.get('tus-resumable')).toBe('1.0.0');
    expect(res.headers.get('set-cookie')).toBeNull();
    const [call] = api.seen;
    expect(call!.url).toBe(`${API}/api/v1/admin/uploads`);
    expect(call!.method).toBe('POST');
    expect(call!.headers.get('authorization')).toBe('Bearer ess_secret');
    expect(call!.headers.get('upload-length')).toBe('1234');
    expect(call!.headers.get('upload-metadata')).toBe('event_id Nw==,filename YS5qcGc=');
    expect(call!.headers.get('x-forwarded-for')).toBe('203.0.113.9');
    // The browser's cookies and CSRF token are not the API's business.
    expect(call!.headers.get('cookie')).toBeNull();
    expect(call!.headers.get(CSRF_HEADER)).toBeNull();
  });

  it('streams a PATCH body through as it arrives, and streams the answer back', async () => {
    let pulls = 0;
    const parts = [new Uint8Array([1, 2, 3]), new Uint8Array([4, 5]), new Uint8Array([6])];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = parts[pulls++];
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    let pullsWhenCalled = -1;
    const api = fakeApi(() => {
      const answer = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"status":"success",'));
          controller.enqueue(new TextEncoder().encode('"code":200}'));
          controller.close();
        },
      });
      return new Response(answer, {
        status: 200,
        headers: { 'upload-offset': '6', 'content-type': 'application/json' },
      });
    });
    const spying = (async (input: string, init: RequestInit) => {
      // The request reaches the API before its body has been read: it is not buffered first.
      pullsWhenCalled = pulls;
      return api.fetchImpl(input, init);
    }) as unknown as typeof fetch;
    const res = await proxyTusRequest(
      tusRequest(
        'PATCH',
        `/console/uploads/${ID}`,
        {
          ...sameSite,
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        body,
      ),
      { apiBase: API, token: 'ess_x', csrfCookie: csrf, id: ID, fetchImpl: spying },
    );
    expect(pullsWhenCalled).toBeLessThanOrEqual(1);
    const [call] = api.seen;
    expect(call!.url).toBe(`${API}/api/v1/admin/uploads/${ID}`);
    expect([...call!.body!]).toEqual([1, 2, 3, 4, 5, 6]);
    expect(call!.headers.get('upload-offset')).toBe('0');
    expect(call!.headers.get('content-type')).toBe('application/offset+octet-stream');
    expect(res.status).toBe(200);
    expect(res.headers.get('upload-offset')).toBe('6');
    expect(res.body).toBeInstanceOf(ReadableStream);
    expect(await res.json()).toEqual({ status: 'success', code: 200 });
  });

  it('passes the API’s refusal on (a duplicate, 422) and answers 502 when the API is down', async () => {
    const refused = fakeApi(
      () =>
        new Response(
          JSON.stringify({ message: 'a.jpg is already in this event', duplicate_of: 'u' }),
          {
            status: 422,
            headers: { 'content-type': 'application/json' },
          },
        ),
    );
    const context = { apiBase: API, token: 'ess_x', csrfCookie: csrf, id: ID };
    const res = await proxyTusRequest(
      tusRequest('PATCH', `/console/uploads/${ID}`, sameSite, new Uint8Array([1])),
      { ...context, fetchImpl: refused.fetchImpl },
    );
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ duplicate_of: 'u' });
    const down = await proxyTusRequest(
      tusRequest('PATCH', `/console/uploads/${ID}`, sameSite, new Uint8Array([1])),
      {
        ...context,
        fetchImpl: (async () => {
          throw new TypeError('fetch failed');
        }) as unknown as typeof fetch,
      },
    );
    expect(down.status).toBe(502);
  });

  it('answers a HEAD 423 while the API is away or failing, so the client keeps the upload address', async () => {
    const context = { apiBase: API, token: 'ess_x', csrfCookie: csrf, id: ID };
    const head = () => tusRequest('HEAD', `/console/uploads/${ID}`, { [CSRF_HEADER]: csrf });
    const away = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    for (const fetchImpl of [away, fakeApi(() => new Response(null, { status: 503 })).fetchImpl]) {
      const res = await proxyTusRequest(head(), { ...context, fetchImpl });
      expect(res.status).toBe(423);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.headers.get('tus-resumable')).toBe('1.0.0');
    }
    // An upload the API no longer knows is its 404, for the client to start again.
    const gone = fakeApi(() => new Response(null, { status: 404 }));
    expect((await proxyTusRequest(head(), { ...context, fetchImpl: gone.fetchImpl })).status).toBe(
      404,
    );
  });
});

describe('the Location of a new upload', () => {
  it('becomes the site’s own path, and anything that is not an upload of the API is dropped', () => {
    expect(rewriteLocation(`/api/v1/admin/uploads/${ID}`, API)).toBe(`/console/uploads/${ID}`);
    expect(rewriteLocation(`${API}/api/v1/admin/uploads/${ID}`, API)).toBe(
      `/console/uploads/${ID}`,
    );
    expect(rewriteLocation('https://evil.example/steal', API)).toBeNull();
    expect(rewriteLocation(`/api/v1/admin/uploads/${ID}/../../events`, API)).toBeNull();
    expect(rewriteLocation('/api/v1/admin/events/1', API)).toBeNull();
    expect(rewriteLocation(null, API)).toBeNull();
  });
});
