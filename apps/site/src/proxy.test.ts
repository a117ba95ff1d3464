import { NextRequest } from 'next/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, eventConfigData, providerFetch } from './test/fixtures';
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

  it('tells the layout which requests are the console’s (no tag manager there), and no visitor can say so', () => {
    const marked = (response: ReturnType<typeof run>) => response.headers.get('x-middleware-request-x-eventsite-console');
    expect(marked(run('http://photos.example.com/console', 'photos.example.com'))).toBe('1');
    const spoofed = proxy(new NextRequest('http://photos.example.com/events', { headers: { host: 'photos.example.com', 'x-eventsite-console': '1' } })) as ReturnType<typeof run>;
    expect(marked(spoofed)).toBeNull();
    expect(spoofed.headers.get('x-middleware-override-headers')?.split(',')).not.toContain('x-eventsite-console');
  });
});
