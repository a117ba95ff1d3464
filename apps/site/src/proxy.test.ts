import { readFileSync } from 'node:fs';
import { NextRequest } from 'next/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, eventConfigData, providerFetch } from './test/fixtures';
import { KEPT_PAGE_REVALIDATE_SECONDS } from './lib/kept-page-cache-control';
import { config, proxy } from './proxy';

function run(url: string, host: string) {
  const request = new NextRequest(url, { headers: { host } });
  const response = proxy(request);
  if (response instanceof Promise) throw new Error('this path is answered later: use runLater');
  return response;
}

function runLater(url: string, host: string) {
  return Promise.resolve(proxy(new NextRequest(url, { headers: { host } })));
}

beforeEach(() => {
  vi.stubEnv('API_URL', 'http://api.test');
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('proxy (host → tenant)', () => {
  it('rewrites every path under the organiser’s domain segment', () => {
    const response = run('http://photos.example.com/events/city-run-42/promo?x=1', 'Photos.Example.com:3100');
    expect(new URL(response.headers.get('x-middleware-rewrite')!).pathname).toBe('/photos.example.com/events/city-run-42/promo');
    expect(new URL(response.headers.get('x-middleware-rewrite')!).search).toBe('?x=1');
  });

  it('sends a list page past the first to its own path, so that no page reads the query', () => {
    const rewrite = (url: string) => new URL(run(url, 'photos.example.com').headers.get('x-middleware-rewrite')!).pathname;
    expect(rewrite('http://photos.example.com/events?page=2')).toBe('/photos.example.com/events/p/2');
    expect(rewrite('http://photos.example.com/promo?page=12')).toBe('/photos.example.com/promo/p/12');
    expect(rewrite('http://photos.example.com/events?page=1')).toBe('/photos.example.com/events');
    expect(rewrite('http://photos.example.com/events')).toBe('/photos.example.com/events');
    // Anything that is not a page number is page 1, as before.
    for (const bad of ['0', '-3', 'abc', '2.5', '99999999999']) {
      expect(rewrite(`http://photos.example.com/events?page=${bad}`)).toBe('/photos.example.com/events');
    }
  });

  it('sends a gallery with a query string to its per-request variant and keeps the query', async () => {
    vi.stubGlobal('fetch', providerFetch({ organisers: { 'photos.example.com': { events: [42] } } }));
    const response = await runLater('http://photos.example.com/events/city-run-42/photos?bib=123', 'photos.example.com');
    const url = new URL(response.headers.get('x-middleware-rewrite')!);
    expect(url.pathname).toBe('/photos.example.com/events/city-run-42/photo-search');
    expect(url.search).toBe('?bib=123');
    const bare = run('http://photos.example.com/events/city-run-42/photos', 'photos.example.com');
    expect(new URL(bare.headers.get('x-middleware-rewrite')!).pathname).toBe('/photos.example.com/events/city-run-42/photos');
  });

  it('sends the gallery of a visitor holding its grant (a password gallery) to the per-request variant, never the kept page', async () => {
    vi.stubGlobal('fetch', providerFetch({ organisers: { 'photos.example.com': { events: [42] } } }));
    const grant = `42.${Math.floor(Date.now() / 1000) + 86_400}.${'g'.repeat(43)}`;
    const ask = (cookie: string) =>
      Promise.resolve(proxy(new NextRequest('http://photos.example.com/events/city-run-42/photos', { headers: { host: 'photos.example.com', cookie } })));
    const held = await ask(`event_access_42=${grant}`);
    expect(new URL(held.headers.get('x-middleware-rewrite')!).pathname).toBe('/photos.example.com/events/city-run-42/photo-search');
    expect(held.headers.get('content-security-policy')).toMatch(/'nonce-[^']+'/);
    // Another event's grant, or a made-up one, is no grant: the kept gallery.
    for (const cookie of [`event_access_43=${grant}`, 'event_access_42=made-up']) {
      const kept = await ask(cookie);
      expect(new URL(kept.headers.get('x-middleware-rewrite')!).pathname).toBe('/photos.example.com/events/city-run-42/photos');
      expect(kept.headers.get('content-security-policy')).not.toContain("'nonce-");
    }
  });

  it('rewrites the home page and keeps trail.localhost as a name', () => {
    const response = run('http://trail.localhost:3100/', 'trail.localhost:3100');
    expect(new URL(response.headers.get('x-middleware-rewrite')!).pathname).toBe('/trail.localhost');
  });

  it('sends local hosts to localhost', () => {
    for (const host of ['localhost:3100', '127.0.0.1:3100', '[::1]:3100']) {
      const response = run('http://localhost:3100/contact-us', host);
      expect(new URL(response.headers.get('x-middleware-rewrite')!).pathname).toBe('/localhost/contact-us');
    }
  });

  it('answers 400 to a host that is not a host name, without echoing it', async () => {
    const response = run('http://localhost/', 'bad<script>host');
    expect(response.status).toBe(400);
    expect(response.headers.get('x-middleware-rewrite')).toBeNull();
    expect(await response.text()).not.toContain('<script>host');
  });

  it('asks browsers for HTTPS only on a real host name, never on a local one', () => {
    expect(run('https://photos.example.com/', 'photos.example.com').headers.get('strict-transport-security')).toBe('max-age=31536000');
    for (const host of ['localhost:3000', 'trail.localhost:3000', '127.0.0.1:3000', '[::1]:3000']) {
      expect(run(`http://${host}/`, host).headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('sends a per-request gallery of an unknown event, or of another organiser’s, to the kept gallery (a 404 there)', async () => {
    vi.stubGlobal(
      'fetch',
      providerFetch({
        organisers: { 'a.example.com': { events: [42] }, 'b.example.com': { events: [7] } },
        config: (id) => (id === 99 ? new Response('', { status: 404 }) : envelope(eventConfigData(id))),
      }),
    );
    const rewritten = async (url: string, host: string) => new URL((await runLater(url, host)).headers.get('x-middleware-rewrite')!);
    for (const path of ['/events/theirs-7/photos?photo=x', '/events/gone-99/photos?bib=1']) {
      const url = await rewritten(`http://a.example.com${path}`, 'a.example.com');
      expect(url.pathname).toMatch(/^\/a\.example\.com\/events\/[a-z]+-\d+\/photos$/);
      expect(url.search).toBe('');
    }
    expect((await rewritten('http://b.example.com/events/theirs-7/photos?photo=x', 'b.example.com')).pathname).toBe('/b.example.com/events/theirs-7/photo-search');
  });

  it('does not hold a per-request gallery for a provider that fails: the page decides', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 500 })));
    const url = new URL((await runLater('http://a.example.com/events/run-42/photos?bib=1', 'a.example.com')).headers.get('x-middleware-rewrite')!);
    expect(url.pathname).toBe('/a.example.com/events/run-42/photo-search');
  });

  it('ignores the query parameter Next.js adds to client navigations when routing a gallery', () => {
    const response = run('http://photos.example.com/events/city-run-42/photos?_rsc=abc', 'photos.example.com');
    expect(new URL(response.headers.get('x-middleware-rewrite')!).pathname).toBe('/photos.example.com/events/city-run-42/photos');
  });

  it('lets no browser reuse a kept page, or a link’s prefetch of it, stale; a per-request page keeps Next.js’s own no-store', async () => {
    const prefetch = {
      RSC: '1',
      'Next-Router-Prefetch': '1',
      'Next-Router-Segment-Prefetch': '/_tree',
      'Next-Url': '/photos.example.com/events/city-run-42/photos',
    };
    const answer = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
      Promise.resolve(proxy(new NextRequest(url, { method, headers: { host: 'photos.example.com', ...headers } })));
    const kept = [
      'http://photos.example.com/',
      'http://photos.example.com/events',
      'http://photos.example.com/events?page=2',
      'http://photos.example.com/contact-us',
      'http://photos.example.com/events/city-run-42/photos',
    ];
    for (const url of kept) {
      const rsc = `${url}${url.includes('?') ? '&' : '?'}_rsc=abc12`;
      // Stored, but asked for again before each use: never handed to the page stale while the
      // browser revalidates it in the background (Next.js's `stale-while-revalidate` would).
      expect((await answer(url)).headers.get('cache-control'), url).toBe('max-age=0, s-maxage=30');
      expect((await answer(rsc, prefetch)).headers.get('cache-control'), rsc).toBe('max-age=0, s-maxage=30');
    }
    vi.stubGlobal('fetch', providerFetch({ organisers: { 'photos.example.com': { events: [42] } } }));
    for (const url of ['http://photos.example.com/events/city-run-42/photos?bib=123', 'http://photos.example.com/console/events', 'http://photos.example.com/events/city-run-42/promo'])
      expect((await answer(url, prefetch)).headers.get('cache-control'), url).toBeNull();
    expect((await answer('http://photos.example.com/', {}, 'POST')).headers.get('cache-control')).toBeNull();
  });

  it('keeps a kept page as long as the organiser layout does: its s-maxage is the layout’s revalidate', () => {
    const layout = readFileSync(new URL('./app/[domain]/layout.tsx', import.meta.url), 'utf8');
    expect(/export const revalidate = (\d+);/.exec(layout)?.[1]).toBe(String(KEPT_PAGE_REVALIDATE_SECONDS));
  });

  it('leaves Next.js assets alone', () => {
    const matcher = new RegExp(`^${config.matcher[0]!.replace('/(', '/(?:')}$`);
    expect(matcher.test('/events')).toBe(true);
    expect(matcher.test('/sitemap.xml')).toBe(true);
    expect(matcher.test('/_next/static/chunk.js')).toBe(false);
    expect(matcher.test('/face-models/human-3.3.6-tfjs-4.22.0/faceres.bin')).toBe(false);
    expect(matcher.test('/events/face-models')).toBe(true);
  });
});

describe('proxy (the console)', () => {
  it('marks every console answer noindex and gives a first visit its CSRF cookie, Secure outside localhost', () => {
    const first = run('http://photos.example.com/console', 'photos.example.com');
    expect(first.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const cookie = first.cookies.get('console_csrf');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'lax', secure: true, path: '/console' });
    // The page of this same request reads the cookie from its request headers.
    expect(first.headers.get('x-middleware-request-cookie')).toContain(`console_csrf=${cookie?.value}`);
    expect(run('http://localhost:3000/console', 'localhost:3000').cookies.get('console_csrf')?.secure).toBe(false);
  });

  it('keeps a CSRF cookie it made, and leaves the public pages alone', () => {
    const token = 'A'.repeat(43);
    const again = proxy(new NextRequest('http://photos.example.com/console', { headers: { host: 'photos.example.com', cookie: `console_csrf=${token}` } })) as ReturnType<typeof run>;
    expect(again.cookies.get('console_csrf')).toBeUndefined();
    const page = run('http://photos.example.com/events', 'photos.example.com');
    expect(page.headers.get('x-robots-tag')).toBeNull();
    expect(page.cookies.get('console_csrf')).toBeUndefined();
    expect(run('http://photos.example.com/consoles', 'photos.example.com').headers.get('x-robots-tag')).toBeNull();
  });

  it('renders every console page per request, with a nonce of its own', () => {
    for (const path of ['/console', '/console/events/12', '/console/team']) {
      const policy = run(`http://photos.example.com${path}`, 'photos.example.com').headers.get('content-security-policy') ?? '';
      expect(policy, path).toMatch(/'nonce-[^']+'/);
    }
  });
});

describe('proxy (an unlisted event’s link)', () => {
  const KEY = 'Kq3x9ZtLm2Pw8Rn4';
  const SLUG = `quiet-run-${KEY}-12`;
  const future = () => Math.floor(Date.now() / 1000) + 7 * 86_400;
  const grantOf = (expiry = future()) => `12.${expiry}.${'s'.repeat(43)}`;

  /** The provider: a grant for the right key of event 12, 404 for anything else. */
  function provider(calls: { url: string; body: unknown; forwardedFor: string | null }[]) {
    return vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input);
      const body = JSON.parse(String(init?.body ?? '{}')) as { password?: string };
      calls.push({ url, body, forwardedFor: new Headers(init?.headers).get('x-forwarded-for') });
      if (init?.method === 'POST' && url.startsWith('http://api.test/api/v1/client/events/12/access') && body.password === KEY)
        return new Response(JSON.stringify({ status: 'success', code: 200, message: 'ok', data: { event_id: 12, grant: grantOf(), expires_at: new Date(future() * 1000).toISOString() } }), { status: 200, headers: { 'content-type': 'application/json' } });
      return new Response(JSON.stringify({ status: 'error', code: 404, message: 'No published event has the id 12', data: null }), { status: 404, headers: { 'content-type': 'application/json' } });
    });
  }

  it('exchanges the key in the link for the event’s grant cookie, handed to the page of the same request', async () => {
    const calls: { url: string; body: unknown; forwardedFor: string | null }[] = [];
    vi.stubGlobal('fetch', provider(calls));
    const response = await Promise.resolve(proxy(new NextRequest(`http://photos.example.com/events/${SLUG}/promo`, { headers: { host: 'photos.example.com', 'x-forwarded-for': '198.51.100.7' } })));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('http://api.test/api/v1/client/events/12/access?app_domain=photos.example.com');
    expect(calls[0]!.body).toEqual({ password: KEY });
    expect(calls[0]!.forwardedFor).toBe('198.51.100.7');
    const cookie = response.cookies.get('event_access_12');
    expect(cookie?.value).toMatch(/^12\.\d+\.s{43}$/);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'lax', secure: true, path: `/events/${SLUG}` });
    expect(response.headers.get('x-middleware-request-cookie')).toContain(`event_access_12=${cookie?.value}`);
    expect(new URL(response.headers.get('x-middleware-rewrite')!).pathname).toBe(`/photos.example.com/events/${SLUG}/promo`);
  });

  it('asks nothing when the visitor holds a grant, nor for a slug without a key; renews one about to end', async () => {
    const calls: { url: string; body: unknown; forwardedFor: string | null }[] = [];
    vi.stubGlobal('fetch', provider(calls));
    const held = await Promise.resolve(proxy(new NextRequest(`http://photos.example.com/events/${SLUG}/promo`, { headers: { host: 'photos.example.com', cookie: `event_access_12=${grantOf()}` } })));
    expect(held.cookies.get('event_access_12')).toBeUndefined();
    run('http://photos.example.com/events/quiet-run-12/photos', 'photos.example.com');
    // A name's words are lower case: a 16-letter word is not a key.
    run('http://photos.example.com/events/quiet-run-kq3x9ztlm2pw8rn4-12/photos', 'photos.example.com');
    expect(calls).toHaveLength(0);
    const ending = await Promise.resolve(proxy(new NextRequest(`http://photos.example.com/events/${SLUG}/promo`, { headers: { host: 'photos.example.com', cookie: `other=1; event_access_12=${grantOf(Math.floor(Date.now() / 1000) + 60)}` } })));
    expect(calls).toHaveLength(1);
    const renewed = ending.cookies.get('event_access_12')?.value;
    expect(renewed).toMatch(/^12\.\d+\./);
    // The page gets the new grant only, and the visitor's other cookies.
    const forwarded = ending.headers.get('x-middleware-request-cookie') ?? '';
    expect(forwarded.match(/event_access_12=/g)).toHaveLength(1);
    expect(forwarded).toContain('other=1');
  });

  it('leaves a key the provider does not take: no cookie, the page decides (a 404), not asked again at once', async () => {
    const calls: { url: string; body: unknown; forwardedFor: string | null }[] = [];
    vi.stubGlobal('fetch', provider(calls));
    const wrong = `quiet-run-Zz9x9ZtLm2Pw8Rn4-12`;
    for (let i = 0; i < 3; i += 1) {
      const response = await Promise.resolve(proxy(new NextRequest(`http://photos.example.com/events/${wrong}/photos`, { headers: { host: 'photos.example.com' } })));
      expect(response.cookies.get('event_access_12')).toBeUndefined();
      expect(new URL(response.headers.get('x-middleware-rewrite')!).pathname).toBe(`/photos.example.com/events/${wrong}/photos`);
    }
    expect(calls).toHaveLength(1);
  });
});
