import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CSRF_COOKIE, CSRF_FIELD, SESSION_COOKIE } from '@/lib/console-security';

const jar = new Map<string, string>();
vi.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined),
  }),
}));

const { POST } = await import('./route');

const CSRF = 'd'.repeat(43);

function update(fields: Record<string, string>, origin = 'http://city.example'): Request {
  return new Request('http://city.example/console/inbox/update', {
    method: 'POST',
    headers: { host: 'city.example', origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ [CSRF_FIELD]: CSRF, ...fields }),
  });
}

const message = {
  id: 5,
  name: 'Ada',
  email: 'ada@example.com',
  subject: '',
  message: 'Hi',
  domain: 'city.example',
  received_at: '2026-01-01T00:00:00.000Z',
  read: true,
  archived: false,
  forward: 'off',
  forward_error: null,
};

function apiAnswers(status: number, body: unknown) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    Response.json(body, { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  jar.clear();
  jar.set(CSRF_COOKIE, CSRF);
  jar.set(SESSION_COOKIE, 'ess_token');
});
afterEach(() => vi.unstubAllGlobals());

describe('marking a message', () => {
  it('patches the message at the API and goes back to the same page with what happened', async () => {
    const api = apiAnswers(200, { status: 'success', message: '', code: 200, data: message });
    const res = await POST(update({ id: '5', action: 'read', back: '/console/inbox?page=2' }));
    expect(String(api.mock.calls[0]?.[0])).toMatch(/\/api\/v1\/admin\/messages\/5$/);
    expect(api.mock.calls[0]?.[1]?.method).toBe('PATCH');
    expect(JSON.parse(String(api.mock.calls[0]?.[1]?.body))).toEqual({ read: true });
    expect(res.headers.get('location')).toBe('/console/inbox?page=2&notice=read');
    await POST(update({ id: '5', action: 'archived', back: '/console/inbox?archived=1' }));
    expect(JSON.parse(String(api.mock.calls[1]?.[1]?.body))).toEqual({ archived: true });
  });

  it('never goes back elsewhere than the inbox, and refuses unknown changes without calling the API', async () => {
    const api = apiAnswers(200, { status: 'success', message: '', code: 200, data: message });
    const away = await POST(update({ id: '5', action: 'read', back: 'https://evil.example/' }));
    expect(away.headers.get('location')).toBe('/console/inbox?notice=read');
    for (const action of ['delete', 'constructor', '__proto__']) {
      const res = await POST(update({ id: '5', action }));
      expect(res.headers.get('location')).toMatch(/^\/console\/inbox\?error=/);
    }
    expect((await POST(update({ id: 'x', action: 'read' }))).headers.get('location')).toMatch(
      /error=/,
    );
    expect(api).toHaveBeenCalledTimes(1);
  });

  it('says what the API refused', async () => {
    apiAnswers(404, { status: 'error', code: 404, message: 'No message has the id 5' });
    const res = await POST(update({ id: '5', action: 'read' }));
    expect(new URL(res.headers.get('location')!, 'http://x').searchParams.get('error')).toBe(
      'No message has the id 5',
    );
  });

  it('refuses a cross-site POST', async () => {
    const api = apiAnswers(200, {});
    expect((await POST(update({ id: '5', action: 'read' }, 'http://evil.example'))).status).toBe(
      403,
    );
    expect(api).not.toHaveBeenCalled();
  });
});
