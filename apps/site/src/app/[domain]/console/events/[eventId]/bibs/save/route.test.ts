import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CSRF_COOKIE, CSRF_FIELD, SESSION_COOKIE } from '@/lib/console-security';

const jar = new Map<string, string>();
vi.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined),
  }),
}));

const { POST } = await import('./route');

const CSRF = 'b'.repeat(43);
const UUID = '0190a5e4-1111-7222-8333-444455556666';
const context = { params: Promise.resolve({ eventId: '7' }) };

function save(
  fields: Record<string, string>,
  { json = false, origin = 'http://city.example' }: { json?: boolean; origin?: string } = {},
): Request {
  return new Request('http://city.example/console/events/7/bibs/save', {
    method: 'POST',
    headers: {
      host: 'city.example',
      origin,
      'content-type': 'application/x-www-form-urlencoded',
      ...(json ? { accept: 'application/json' } : {}),
    },
    body: new URLSearchParams({ [CSRF_FIELD]: CSRF, uuid: UUID, ...fields }),
  });
}

function apiAnswers(status: number, body: unknown) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    Response.json(body, { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const ok = (bibs: string[]) => ({
  status: 'success',
  message: '',
  code: 200,
  data: { uuid: UUID, bibs },
});

beforeEach(() => {
  jar.clear();
  jar.set(CSRF_COOKIE, CSRF);
  jar.set(SESSION_COOKIE, 'ess_token');
});
afterEach(() => vi.unstubAllGlobals());

describe('saving bibs by hand', () => {
  it('puts the typed bibs to the API in the user’s name, then goes on to the next photo', async () => {
    const api = apiAnswers(200, ok(['123', 'F12']));
    const res = await POST(save({ bibs: '123, f12', after: '' }), context);
    expect(String(api.mock.calls[0]?.[0])).toMatch(
      new RegExp(`/api/v1/admin/photos/${UUID}/bibs$`),
    );
    const init = api.mock.calls[0]?.[1];
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ bibs: ['123', 'F12'] });
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer ess_token');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/console/events/7/bibs?after=${UUID}&saved=123+F12`);
  });

  it('answers JSON to the keyboard flow', async () => {
    apiAnswers(200, ok([]));
    const res = await POST(save({ bibs: '' }, { json: true }), context);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, bibs: [] });
  });

  it('a bad bib goes back to the same photo with the error and what was typed; the API is not called', async () => {
    const api = apiAnswers(200, ok([]));
    const res = await POST(save({ bibs: '12/3 45', after: UUID }), context);
    expect(api).not.toHaveBeenCalled();
    const location = new URL(res.headers.get('location')!, 'http://x');
    expect(location.pathname).toBe('/console/events/7/bibs');
    expect(location.searchParams.get('after')).toBe(UUID);
    expect(location.searchParams.get('typed')).toBe('12/3 45');
    expect(location.searchParams.get('error')).toMatch(/Not a bib: 12\/3/);
    const json = await POST(save({ bibs: '12/3' }, { json: true }), context);
    expect(json.status).toBe(400);
    expect((await json.json()).message).toMatch(/Not a bib: 12\/3/);
  });

  it('passes on the API’s refusal, and says so when the API is down', async () => {
    apiAnswers(403, {
      status: 'error',
      code: 403,
      message: 'As a photographer of X you may not do this',
    });
    const refused = await POST(save({ bibs: '1' }, { json: true }), context);
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toMatch(/photographer/);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('fetch failed');
      }),
    );
    const down = await POST(save({ bibs: '1' }, { json: true }), context);
    expect(down.status).toBe(502);
    expect((await down.json()).message).toMatch(/did not answer/);
  });

  it('refuses another site’s POST and one without the CSRF token, changing nothing', async () => {
    const api = apiAnswers(200, ok(['1']));
    expect(
      (await POST(save({ bibs: '1' }, { origin: 'http://evil.example' }), context)).status,
    ).toBe(403);
    jar.set(CSRF_COOKIE, 'c'.repeat(43));
    expect((await POST(save({ bibs: '1' }, { json: true }), context)).status).toBe(403);
    expect(api).not.toHaveBeenCalled();
  });
});
