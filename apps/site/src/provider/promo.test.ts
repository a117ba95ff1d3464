import { afterEach, describe, expect, test, vi } from 'vitest';
import { ProviderError } from './envelope';
import {
  fetchCertificateTemplate,
  fetchPromoPhotos,
  fetchPromoResult,
  promoFailure,
} from './promo';

const ok = (data: unknown) =>
  new Response(JSON.stringify({ status: 'success', message: 'OK', code: 200, data }), {
    status: 200,
  });
const notFound = () =>
  new Response(JSON.stringify({ status: 'error', message: 'Not found', code: 404, data: null }), {
    status: 404,
  });
const result = {
  bib: '12',
  name: 'Ana',
  gender: null,
  category: null,
  gun_time: null,
  net_time: '1:41:07',
  status: null,
  overall_rank: 3,
  category_rank: null,
  splits: {},
};

function stubFetch(...responses: Response[]) {
  const fn = vi.fn(async () => responses.shift() ?? notFound());
  vi.stubGlobal('fetch', fn);
  return fn;
}

afterEach(() => vi.unstubAllGlobals());

describe("the promo editor's calls", () => {
  test('photos: 60 a page, cursor and bib in the query', async () => {
    const fn = stubFetch(ok({ photos: [], total: 0, next_cursor: null }));
    await fetchPromoPhotos('https://api.test', 7, { cursor: 'c1', bib: '1234' });
    const url = new URL(String(fn.mock.calls[0]![0 as never]));
    expect(url.pathname).toBe('/api/v1/client/events/7/photos');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      limit: '60',
      cursor: 'c1',
      bib: '1234',
    });
  });

  test('an endpoint that is not there yet (404, 501) means "not available", not an error', async () => {
    stubFetch(notFound(), notFound(), notFound(), new Response('', { status: 501 }));
    await expect(fetchPromoResult('https://api.test', 7, '12')).resolves.toBeUndefined();
    await expect(fetchCertificateTemplate('https://api.test', 7)).resolves.toBeUndefined();
    await expect(fetchPromoPhotos('https://api.test', 7, { bib: '12' })).resolves.toBeUndefined();
    await expect(fetchPromoResult('https://api.test', 7, '12')).resolves.toBeUndefined();
  });

  test('results are checked against the contract', async () => {
    stubFetch(ok(result));
    await expect(fetchPromoResult('https://api.test', 7, '12')).resolves.toMatchObject({
      bib: '12',
      name: 'Ana',
      overall_rank: 3,
    });
  });

  test("a server error keeps the server's words; a wrong shape says so; no answer at all is the editor's to word", async () => {
    stubFetch(
      new Response(
        JSON.stringify({ status: 'error', message: 'Event not found', code: 500, data: null }),
        { status: 500 },
      ),
      ok({ photos: 'nope' }),
    );
    const refused = await fetchPromoResult('https://api.test', 7, '12').catch((e: unknown) => e);
    expect(refused).toEqual(new ProviderError('Event not found', 500));
    expect(promoFailure(refused)).toBe('Event not found');
    expect(
      promoFailure(await fetchPromoPhotos('https://api.test', 7).catch((e: unknown) => e)),
    ).toBe('Invalid response from server');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('network'))),
    );
    expect(
      promoFailure(await fetchPromoPhotos('https://api.test', 7).catch((e: unknown) => e)),
    ).toBeNull();
  });
});
