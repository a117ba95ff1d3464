import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CSRF_COOKIE, CSRF_FIELD, SESSION_COOKIE } from '@/lib/console-security';

// The request's cookies as Next.js gives them to a route handler: what the handler deletes or
// sets is recorded here.
const jar = new Map<string, string>();
vi.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined),
    set: (name: string, value: string) => void jar.set(name, value),
    delete: (options: { name: string }) => void jar.delete(options.name),
  }),
}));

const { POST } = await import('./route');

const CSRF = 'a'.repeat(43);
const TOKEN = 'ess_session-token';

function signOutRequest(everywhere: boolean): Request {
  const form = new URLSearchParams({
    [CSRF_FIELD]: CSRF,
    ...(everywhere ? { everywhere: '1' } : {}),
  });
  return new Request('http://city.example/console/sign-out', {
    method: 'POST',
    headers: {
      host: 'city.example',
      origin: 'http://city.example',
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: form,
  });
}

function apiAnswers(answer: () => Promise<Response>) {
  const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  jar.clear();
  jar.set(CSRF_COOKIE, CSRF);
  jar.set(SESSION_COOKIE, TOKEN);
});
afterEach(() => vi.unstubAllGlobals());

describe('signing out of the console', () => {
  it('ends every session at the API, drops the cookie and says so', async () => {
    const api = apiAnswers(async () =>
      Response.json({ status: 'success', message: '', code: 200, data: { sessions_ended: 3 } }),
    );
    const res = await POST(signOutRequest(true));
    expect(String(api.mock.calls[0]?.[0])).toMatch(/\/api\/v1\/console\/sign-out-everywhere$/);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/console?notice=signed-out-everywhere');
    expect(jar.has(SESSION_COOKIE)).toBe(false);
  });

  it('keeps the visitor signed in, and tells them, when the API could not end the sessions', async () => {
    for (const answer of [
      async () => Response.json({ status: 'error', message: 'down' }, { status: 503 }),
      async () => Promise.reject(new TypeError('fetch failed')),
    ]) {
      apiAnswers(answer);
      const res = await POST(signOutRequest(true));
      expect(res.headers.get('location')).toBe('/console?notice=sign-out-failed');
      expect(jar.get(SESSION_COOKIE)).toBe(TOKEN);
    }
  });

  it('drops the cookie of a session that had already ended', async () => {
    apiAnswers(async () =>
      Response.json({ status: 'error', message: 'The console session has ended' }, { status: 401 }),
    );
    const res = await POST(signOutRequest(false));
    expect(res.headers.get('location')).toBe('/console?notice=signed-out');
    expect(jar.has(SESSION_COOKIE)).toBe(false);
  });
});
