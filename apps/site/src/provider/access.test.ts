import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, eventConfigData, organiserData, summary } from '@/test/fixtures';
import { eventApiBase, fetchEventAccess, requestGrant, validGrant } from './access';
import { buildUrl } from './envelope';
import { eventKnownWithin, loadEvent } from './event-page';
import { firstPhotoPage } from './gallery';
import { photoDownloadUrl, photoSrcSet, photoUrl } from './photo-urls';

// Private and password galleries on the site (docs/private-galleries.md): a grant in the cookie
// goes with the server's calls and the browser's URLs; an unlisted or password event reached by
// its link is the organiser's when the provider says so; a password event without access is
// 'locked', and one of another organiser is not found.

const cookieJar = new Map<string, string>();
vi.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) => (cookieJar.has(name) ? { name, value: cookieJar.get(name) } : undefined),
  }),
  headers: async () => new Headers(),
}));

const SIGNATURE = 'A'.repeat(43);
const grantOf = (id: number) => `${id}.1900000000.${SIGNATURE}`;

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.stubEnv('API_URL', 'http://api.test:4000');
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  cookieJar.clear();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => vi.unstubAllEnvs());

describe('URLs of a password gallery carry its grant', () => {
  const U = '0b7e2c9a-1f2d-4c3b-9a8e-112233445566';
  const base = eventApiBase('http://api.test/', grantOf(7));

  it('on the API base a page hands to the browser, and on every URL made from it', () => {
    expect(base).toBe(`http://api.test?grant=${encodeURIComponent(grantOf(7))}`);
    expect(eventApiBase('http://api.test', null)).toBe('http://api.test');
    expect(photoUrl(base, U, 640)).toBe(
      `http://api.test/events/photos/${U}?w=640&grant=${encodeURIComponent(grantOf(7))}`,
    );
    expect(photoDownloadUrl(base, U)).toBe(
      `http://api.test/events/photos/${U}?download=1&grant=${encodeURIComponent(grantOf(7))}`,
    );
    expect(photoSrcSet(base, { uuid: U, width: 200, height: 100 })).toBe(
      `http://api.test/events/photos/${U}?w=160&grant=${encodeURIComponent(grantOf(7))} 160w`,
    );
    const call = new URL(
      buildUrl(base, '/api/v1/client/events/7/photos', { limit: 60, bib: '12' }),
    );
    expect(call.pathname).toBe('/api/v1/client/events/7/photos');
    expect(Object.fromEntries(call.searchParams)).toEqual({
      grant: grantOf(7),
      limit: '60',
      bib: '12',
    });
  });

  it('with the version of a watermarked event’s look before the grant, on every photo URL', () => {
    const marked = eventApiBase('http://api.test', grantOf(7), 4);
    expect(photoUrl(marked, U, 640)).toBe(
      `http://api.test/events/photos/${U}?w=640&v=4&grant=${encodeURIComponent(grantOf(7))}`,
    );
    // A public event: the version alone, in the form the photo server answers without routing.
    expect(photoUrl(eventApiBase('http://api.test/', null, 4), U, 480)).toBe(
      `http://api.test/events/photos/${U}?w=480&v=4`,
    );
    expect(eventApiBase('http://api.test', null, 0)).toBe('http://api.test');
    expect(eventApiBase('http://api.test', null, undefined)).toBe('http://api.test');
  });

  it('and only a grant of that event is taken from a cookie', () => {
    expect(validGrant(grantOf(7), 7)).toBe(grantOf(7));
    expect(validGrant(grantOf(8), 7)).toBeNull();
    expect(validGrant('7.1900000000.short', 7)).toBeNull();
    expect(validGrant(undefined, 7)).toBeNull();
  });

  it('the server’s own calls send it as a header, kept by no cache', async () => {
    cookieJar.set('event_access_7', grantOf(7));
    fetchMock.mockResolvedValue(envelope({ photos: [], next_cursor: null, total: 0 }));
    await firstPhotoPage(7, {});
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit & { next?: unknown }];
    expect(init.headers).toMatchObject({ 'x-event-grant': grantOf(7) });
    expect(init.cache).toBe('no-store');
    expect(init.next).toBeUndefined();
    // Another event's gallery is cached as before.
    await firstPhotoPage(8, {});
    const [, other] = fetchMock.mock.calls[1] as [string, RequestInit & { next?: unknown }];
    expect(other.next).toEqual({ revalidate: 30, tags: ['event:8'] });
    expect(JSON.stringify(other.headers)).not.toContain('x-event-grant');
  });
});

describe('the password', () => {
  const answer = (status: number, body: unknown = null, headers: Record<string, string> = {}) =>
    new Response(
      JSON.stringify(body ?? { status: 'error', message: 'no', code: status, data: null }),
      { status, headers },
    );

  it('is posted with the visitor’s address; the grant comes back, or why not', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(200, {
        status: 'success',
        message: 'OK',
        code: 200,
        data: { event_id: 7, grant: grantOf(7), expires_at: '2030-01-01T00:00:00.000Z' },
      }),
    );
    expect(await requestGrant('a.com', 7, 'pw', '198.51.100.7')).toEqual({
      ok: true,
      grant: grantOf(7),
      expiresAt: new Date('2030-01-01T00:00:00.000Z'),
    });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://api.test:4000/api/v1/client/events/7/access?app_domain=a.com');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ password: 'pw' }));
    expect(init.headers).toMatchObject({ 'x-forwarded-for': '198.51.100.7' });
    fetchMock.mockResolvedValueOnce(answer(403));
    expect(await requestGrant('a.com', 7, 'pw', null)).toEqual({ ok: false, reason: 'wrong' });
    fetchMock.mockResolvedValueOnce(answer(429, null, { 'retry-after': '130' }));
    expect(await requestGrant('a.com', 7, 'pw', null)).toEqual({
      ok: false,
      reason: 'limited',
      retryMinutes: 3,
    });
    fetchMock.mockResolvedValueOnce(answer(409));
    expect(await requestGrant('a.com', 7, 'pw', null)).toEqual({ ok: false, reason: 'open' });
    fetchMock.mockResolvedValueOnce(answer(404));
    expect(await requestGrant('a.com', 7, 'pw', null)).toEqual({ ok: false, reason: 'not-found' });
    fetchMock.mockResolvedValueOnce(answer(500));
    expect(await requestGrant('a.com', 7, 'pw', null)).toEqual({ ok: false, reason: 'failed' });
    // A grant of another event is not taken.
    fetchMock.mockResolvedValueOnce(
      answer(200, {
        status: 'success',
        message: 'OK',
        code: 200,
        data: { event_id: 7, grant: grantOf(8), expires_at: '2030-01-01T00:00:00.000Z' },
      }),
    );
    expect(await requestGrant('a.com', 7, 'pw', null)).toEqual({ ok: false, reason: 'failed' });
    fetchMock.mockRejectedValueOnce(new Error('down'));
    expect(await requestGrant('a.com', 7, 'pw', null)).toEqual({ ok: false, reason: 'failed' });
  });
});

describe('events reached by their link', () => {
  /** a.com lists event 1; it also owns 2 (unlisted) and 3 (password); b.com owns 9 (password). */
  function provider() {
    fetchMock.mockImplementation(async (input: string, init?: RequestInit) => {
      const url = new URL(String(input));
      const domain = url.searchParams.get('app_domain');
      const grant = (init?.headers as Record<string, string> | undefined)?.['x-event-grant'];
      if (url.pathname.endsWith('/organiser/data'))
        return envelope(organiserData({ recent_events: domain === 'a.com' ? [summary(1)] : [] }));
      if (url.pathname.endsWith('/organiser/all-events')) {
        const events = domain === 'a.com' ? [summary(1)] : [];
        return envelope({
          events,
          pagination: {
            total: events.length,
            current_page: 1,
            total_pages: 1,
            page_size: 100,
            has_next_page: false,
            has_previous_page: false,
          },
        });
      }
      const access = /events\/(\d+)\/access$/.exec(url.pathname);
      if (access) {
        const id = Number(access[1]);
        const owned: Record<string, Record<number, string>> = {
          'a.com': { 1: 'public', 2: 'unlisted', 3: 'password' },
          'b.com': { 9: 'password' },
        };
        const level = owned[domain ?? '']?.[id];
        return level ? envelope({ event_id: id, access: level }) : envelope(null, 404);
      }
      const id = Number(/events\/(\d+)\/config/.exec(url.pathname)?.[1]);
      if (id === 3 || id === 9) {
        if (!grant) return envelope(null, 401);
        if (grant !== grantOf(id)) return envelope(null, 403);
      }
      return envelope(eventConfigData(id));
    });
  }

  it('a listed event is indexed; an unlisted one of the organiser is shown but not listed', async () => {
    provider();
    expect(await loadEvent('a.com', 'run-1')).toMatchObject({
      kind: 'ok',
      listed: true,
      grant: null,
    });
    expect(await loadEvent('a.com', 'quiet-run-2')).toMatchObject({
      kind: 'ok',
      listed: false,
      grant: null,
    });
    // The provider was asked about event 2 only: a listed event costs nothing more.
    const asked = fetchMock.mock.calls
      .map(([u]) => new URL(String(u)).pathname)
      .filter((p) => p.endsWith('/access'));
    expect(asked).toEqual(['/api/v1/client/events/2/access']);
  });

  it('a password event asks for the password; with the grant it is open', async () => {
    provider();
    expect(await loadEvent('a.com', 'secret-run-3')).toEqual({
      kind: 'locked',
      eventId: 3,
      slug: 'secret-run-3',
      reason: 'password',
    });
    cookieJar.set('event_access_3', grantOf(3));
    expect(await loadEvent('a.com', 'secret-run-3b-3')).toMatchObject({
      kind: 'ok',
      grant: grantOf(3),
      listed: false,
    });
  });

  it('a grant that no longer opens it asks again, saying so', async () => {
    provider();
    cookieJar.set('event_access_3', `3.1900000000.${'B'.repeat(43)}`);
    expect(await loadEvent('a.com', 'secret-run-3')).toMatchObject({
      kind: 'locked',
      reason: 'expired',
    });
  });

  it('another organiser’s events are not found here, password or not', async () => {
    provider();
    expect(await loadEvent('a.com', 'their-run-9')).toEqual({ kind: 'not-found' });
    expect(await loadEvent('b.com', 'quiet-run-2')).toEqual({ kind: 'not-found' });
    expect(await fetchEventAccess('a.com', 9)).toBeNull();
    expect(await fetchEventAccess('a.com', 3)).toBe('password');
  });

  it('the proxy knows a password event of the organiser (its page asks for the password)', async () => {
    provider();
    expect(await eventKnownWithin('a.com', 3, 1000)).toBe(true);
    expect(await eventKnownWithin('a.com', 9, 1000)).toBe(false);
  });
});
