import { describe, expect, it, vi } from 'vitest';
import { U, envelope } from '@/test/fixtures';
import { ProviderError } from './envelope';
import { ApiDownError, fetchMoreOfBib, searchByDescriptor } from './selfie';
import * as selfie from './selfie';

const unit = () => {
  const v = Array.from({ length: 1024 }, (_, i) => (i % 5) + 1);
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
};
const answer = {
  photos: [
    {
      uuid: U(1),
      width: 1600,
      height: 1067,
      placeholder: null,
      captured_at: null,
      similarity: 0.71,
      tier: 'match',
    },
  ],
  total: 1,
  threshold: 0.6,
};

describe('selfie search requests', () => {
  it('POSTs the descriptor alone: {embedding: 1024 numbers} as JSON', async () => {
    const fetchImpl = vi.fn(async () => envelope(answer));
    const d = unit();
    const result = await searchByDescriptor(
      'http://api.test/',
      42,
      d,
      undefined,
      fetchImpl as unknown as typeof fetch,
    );
    expect(result.photos[0]).toMatchObject({ uuid: U(1), tier: 'match', similarity: 0.71 });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://api.test/api/v1/client/events/42/photos/selfie-search');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['embedding']);
    expect(body.embedding).toEqual(d);
  });

  it('refuses a descriptor that is not 1024 unit-length numbers before sending anything', async () => {
    const fetchImpl = vi.fn();
    await expect(
      searchByDescriptor('http://api.test', 42, [1, 0, 0], undefined, fetchImpl),
    ).rejects.toThrow();
    await expect(
      searchByDescriptor(
        'http://api.test',
        42,
        unit().map((x) => x * 2),
        undefined,
        fetchImpl,
      ),
    ).rejects.toThrow(/unit length/);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('tells "the API is down" (network, 5xx) apart from a refusal with the API’s words', async () => {
    const down = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(
      searchByDescriptor('http://api.test', 42, unit(), undefined, down as unknown as typeof fetch),
    ).rejects.toBeInstanceOf(ApiDownError);
    const busy = vi.fn(async () => new Response('bad gateway', { status: 502 }));
    await expect(
      searchByDescriptor('http://api.test', 42, unit(), undefined, busy as unknown as typeof fetch),
    ).rejects.toBeInstanceOf(ApiDownError);
    const off = vi.fn(async () =>
      Response.json(
        { status: 'error', code: 403, message: 'Selfie search is turned off for this event.' },
        { status: 403 },
      ),
    );
    const refused = await searchByDescriptor(
      'http://api.test',
      42,
      unit(),
      undefined,
      off as unknown as typeof fetch,
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ProviderError);
    expect(refused).not.toBeInstanceOf(ApiDownError);
    expect((refused as ProviderError).message).toBe('Selfie search is turned off for this event.');
  });

  it('has no way to send the selfie itself: only its descriptor leaves the device', () => {
    expect(Object.keys(selfie).sort()).toEqual([
      'ApiDownError',
      'fetchMoreOfBib',
      'searchByDescriptor',
    ]);
  });

  it('asks for more photos of a bib’s wearer', async () => {
    const fetchImpl = vi.fn(async () => envelope(answer));
    await fetchMoreOfBib(
      'http://api.test',
      42,
      'A12',
      undefined,
      fetchImpl as unknown as typeof fetch,
    );
    const [url] = fetchImpl.mock.calls[0] as unknown as [string];
    expect(url).toBe('http://api.test/api/v1/client/events/42/photos/more-of-bib?bib=A12');
  });
});
