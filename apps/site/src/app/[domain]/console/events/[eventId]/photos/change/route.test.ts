import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CSRF_COOKIE, CSRF_FIELD, SESSION_COOKIE } from '@/lib/console-security';

const jar = new Map<string, string>();
vi.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined),
  }),
}));

const { POST } = await import('./route');

const CSRF = 'a'.repeat(43);
const TOKEN = 'ess_session-token';
const UUID = '0b6f1c2e-5d4a-4c3b-9a8f-7e6d5c4b3a21';
const params = { params: Promise.resolve({ eventId: '7' }) };

function change(fields: Record<string, string>, origin = 'http://city.example'): Request {
  return new Request('http://city.example/console/events/7/photos/change', {
    method: 'POST',
    headers: {
      host: 'city.example',
      origin,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ [CSRF_FIELD]: CSRF, ...fields }),
  });
}

function apiAnswers(answer: () => Promise<Response>) {
  const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const ok = (data: unknown) => Response.json({ status: 'success', message: '', code: 200, data });

beforeEach(() => {
  jar.clear();
  jar.set(CSRF_COOKIE, CSRF);
  jar.set(SESSION_COOKIE, TOKEN);
});
afterEach(() => vi.unstubAllGlobals());

describe('a change on the Photos screen', () => {
  it('hides a photo through the admin API in the user’s name, and says so on the same page', async () => {
    const api = apiAnswers(async () => ok({ uuid: UUID, hidden: true }));
    const res = await POST(change({ action: 'hide', uuid: UUID, page: '2' }), params);
    const [url, init] = api.mock.calls[0]!;
    expect(String(url)).toMatch(new RegExp(`/api/v1/admin/photos/${UUID}/hide$`));
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>).authorization).toBe(`Bearer ${TOKEN}`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/console/events/7/photos?notice=hidden&page=2');
  });

  it('sets the cover, retries a job, and shows the API’s refusal as the error', async () => {
    const api = apiAnswers(async () => ok({ event_id: 7, cover_photo_uuid: UUID }));
    await POST(change({ action: 'cover', uuid: UUID }), params);
    expect(String(api.mock.calls[0]![0])).toMatch(/\/api\/v1\/admin\/events\/7\/cover$/);
    expect(JSON.parse(String(api.mock.calls[0]![1]?.body))).toEqual({ photo_uuid: UUID });

    apiAnswers(async () =>
      Response.json(
        {
          status: 'error',
          code: 409,
          message: 'The job 5 is done, not failed: there is nothing to retry',
        },
        { status: 409 },
      ),
    );
    const refused = await POST(change({ action: 'retry', job_id: '5' }), params);
    const location = new URL(refused.headers.get('location')!, 'http://city.example');
    expect(location.pathname).toBe('/console/events/7/photos');
    expect(location.searchParams.get('error')).toBe(
      'The job 5 is done, not failed: there is nothing to retry',
    );
  });

  it('refuses another site’s POST and a bad photo id before calling the API', async () => {
    const api = apiAnswers(async () => ok({}));
    const cross = await POST(
      change({ action: 'delete', uuid: UUID }, 'https://evil.example'),
      params,
    );
    expect(cross.status).toBe(403);
    const bad = await POST(change({ action: 'delete', uuid: '../../events/7' }), params);
    expect(new URL(bad.headers.get('location')!, 'http://x').searchParams.get('error')).toMatch(
      /photo id is not valid/,
    );
    const unknown = await POST(change({ action: 'format-disk' }), params);
    expect(new URL(unknown.headers.get('location')!, 'http://x').searchParams.get('error')).toMatch(
      /Unknown action/,
    );
    expect(api).not.toHaveBeenCalled();
  });
});
