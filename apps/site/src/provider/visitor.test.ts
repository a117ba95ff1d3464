import { describe, expect, it, vi } from 'vitest';
import { firstPhotoPage } from './gallery';
import { SITE_VISITOR_HEADER, verifyVisitor } from '@eventsite/contract/site-visitor';
import { forwardedForOf, visitorHeaders } from './visitor';

const page = { photos: [], next_cursor: null, total: 0 };
const answer = () =>
  new Response(JSON.stringify({ status: 'success', message: '', code: 200, data: page }), {
    status: 200,
  });

describe("the visitor's address on calls made for them", () => {
  it('a search names the visitor in X-Forwarded-For and is not kept in the shared cache', async () => {
    vi.stubEnv('API_URL', 'http://api.test:4000');
    const fetchImpl = vi.fn(async () => answer());
    await firstPhotoPage(7, { bib: '123' }, '198.51.100.7', fetchImpl as unknown as typeof fetch);
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [
      string,
      RequestInit & { next?: unknown },
    ];
    expect(new URL(url).searchParams.get('bib')).toBe('123');
    expect(init.headers).toMatchObject({ 'x-forwarded-for': '198.51.100.7' });
    expect(init.cache).toBe('no-store');
    expect(init.next).toBeUndefined();
    vi.unstubAllEnvs();
  });

  it('a search signs the visitor with SITE_KEY, so the API believes it from the site only', async () => {
    const key = 's'.repeat(40);
    vi.stubEnv('SITE_KEY', key);
    const fetchImpl = vi.fn(async () => answer());
    await firstPhotoPage(7, { bib: '123' }, '198.51.100.7', fetchImpl as unknown as typeof fetch);
    const [, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    const header = (init.headers as Record<string, string>)[SITE_VISITOR_HEADER]!;
    expect(verifyVisitor(header, key)).toEqual({ address: '198.51.100.7' });
    expect(verifyVisitor(header, 't'.repeat(40))).toEqual({ problem: 'signature' });
    vi.unstubAllEnvs();
  });

  it('signs the nearest address only: what a visitor wrote further left is never signed', () => {
    const key = 's'.repeat(40);
    const headers = visitorHeaders('203.0.113.66, 198.51.100.7', key);
    expect(headers['x-forwarded-for']).toBe('203.0.113.66, 198.51.100.7');
    expect(verifyVisitor(headers[SITE_VISITOR_HEADER]!, key)).toEqual({ address: '198.51.100.7' });
    // Without a key (or with one too short to be a secret), nothing is signed.
    expect(visitorHeaders('198.51.100.7', undefined)).toEqual({ 'x-forwarded-for': '198.51.100.7' });
    vi.stubEnv('SITE_KEY', 'short');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(visitorHeaders('198.51.100.7')).toEqual({ 'x-forwarded-for': '198.51.100.7' });
    vi.unstubAllEnvs();
    expect(visitorHeaders(null, key)).toEqual({});
  });

  it("the gallery's first page (no search) is the same for everyone: cached, no visitor named", async () => {
    const fetchImpl = vi.fn(async () => answer());
    await firstPhotoPage(7, {}, '198.51.100.7', fetchImpl as unknown as typeof fetch);
    const [, init] = fetchImpl.mock.calls[0] as unknown as [
      string,
      RequestInit & { next?: unknown },
    ];
    expect(JSON.stringify(init.headers)).not.toContain('x-forwarded-for');
    expect(init.next).toEqual({ revalidate: 30, tags: ['event:7'] });
  });

  it('passes on addresses only, the nearest last', () => {
    expect(forwardedForOf('203.0.113.5')).toBe('203.0.113.5');
    expect(forwardedForOf('203.0.113.5, 10.0.0.2')).toBe('203.0.113.5, 10.0.0.2');
    expect(forwardedForOf('2001:db8::1,::ffff:127.0.0.2')).toBe('2001:db8::1, ::ffff:127.0.0.2');
    expect(forwardedForOf('<script>, 203.0.113.5')).toBe('203.0.113.5');
    expect(forwardedForOf('unknown')).toBeNull();
    expect(forwardedForOf(null)).toBeNull();
    expect(
      forwardedForOf(Array.from({ length: 20 }, (_, i) => `10.0.0.${i}`).join(','))?.split(', '),
    ).toHaveLength(8);
  });
});
