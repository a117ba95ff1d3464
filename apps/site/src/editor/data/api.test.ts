import { afterEach, describe, expect, test, vi } from 'vitest';
import { ApiError, fetchCertificateTemplate, fetchPhotos, fetchResult, photoUrl } from './api';

const ok = (data: unknown) => new Response(JSON.stringify({ status: 'success', message: 'OK', code: 200, data }), { status: 200 });
const notFound = () => new Response(JSON.stringify({ status: 'error', message: 'Not found', code: 404, data: null }), { status: 404 });

function stubFetch(...responses: Response[]) {
  const fn = vi.fn(async () => responses.shift() ?? notFound());
  vi.stubGlobal('fetch', fn);
  return fn;
}

afterEach(() => vi.unstubAllGlobals());

describe('editor API calls', () => {
  test('photo URLs use the served widths endpoint', () => {
    expect(photoUrl('https://api.test/', 'abc', 1280)).toBe('https://api.test/events/photos/abc?w=1280');
  });

  test('photos: limit 60, cursor and bib in the query', async () => {
    const fn = stubFetch(ok({ photos: [], total: 0, next_cursor: null }));
    await fetchPhotos('https://api.test', 7, { cursor: 'c1', bib: '1234' });
    const url = new URL(String(fn.mock.calls[0]![0 as never]));
    expect(url.pathname).toBe('/api/v1/client/events/7/photos');
    expect(Object.fromEntries(url.searchParams)).toEqual({ limit: '60', cursor: 'c1', bib: '1234' });
  });

  test('an endpoint that is not there yet (404) means "not available", not an error', async () => {
    stubFetch(notFound(), notFound(), notFound());
    await expect(fetchResult('https://api.test', 7, '12')).resolves.toBeUndefined();
    await expect(fetchCertificateTemplate('https://api.test', 7)).resolves.toBeUndefined();
    await expect(fetchPhotos('https://api.test', 7, { bib: '12' })).resolves.toBeUndefined();
  });

  test('results are checked and normalised', async () => {
    stubFetch(ok({ bib: 12, name: 'Ana', net_time: '1:41:07', overall_rank: 3 }));
    await expect(fetchResult('https://api.test', 7, '12')).resolves.toMatchObject({ bib: '12', name: 'Ana', overall_rank: 3 });
  });

  test('a server error or a wrong shape is an ApiError with a readable message', async () => {
    stubFetch(new Response(JSON.stringify({ status: 'error', message: 'Event not found', code: 500, data: null }), { status: 500 }), ok({ photos: 'nope' }));
    await expect(fetchResult('https://api.test', 7, '12')).rejects.toThrow(new ApiError('Event not found', 500));
    await expect(fetchPhotos('https://api.test', 7)).rejects.toBeInstanceOf(ApiError);
  });
});
