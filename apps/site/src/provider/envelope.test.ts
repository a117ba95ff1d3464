import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
import {
  LABELS,
  MESSAGES,
  PROVIDER_TIMEOUT_MS,
  ProviderError,
  buildUrl,
  describeFailure,
  isTransient,
  requestChecked,
  requestEnvelope,
} from './envelope';

const schema = z.object({ n: z.number() });
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (data: unknown) => json({ status: 'success', message: 'OK', code: 200, data });

async function failure(response: Response | Error): Promise<ProviderError> {
  const fetchImpl = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  try {
    await requestChecked(
      'http://api.test/x',
      schema,
      undefined,
      fetchImpl as unknown as typeof fetch,
    );
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderError);
    return error as ProviderError;
  }
  throw new Error('expected a failure');
}

describe('requestEnvelope and requestChecked', () => {
  it('returns the data of a successful envelope', async () => {
    const fetchImpl = vi.fn(async () => ok({ n: 1 }));
    await expect(
      requestChecked('http://api.test/x', schema, undefined, fetchImpl as unknown as typeof fetch),
    ).resolves.toEqual({ n: 1 });
  });

  it('hands the data over unread, whatever its shape, with unknown fields kept for the reader to ignore', async () => {
    const fetchImpl = vi.fn(async () => ok({ n: 'one', extra: [1] }));
    await expect(
      requestEnvelope('http://api.test/x', undefined, fetchImpl as unknown as typeof fetch),
    ).resolves.toEqual({ n: 'one', extra: [1] });
    const nothing = vi.fn(async () => json({ status: 'success', message: 'OK', code: 200 }));
    await expect(
      requestEnvelope('http://api.test/x', undefined, nothing as unknown as typeof fetch),
    ).resolves.toBeUndefined();
  });

  it('gives up on a provider that does not answer, with the unknown-error message', async () => {
    vi.useFakeTimers();
    try {
      const fetchImpl = vi.fn(() => new Promise<Response>(() => {}));
      expect(PROVIDER_TIMEOUT_MS).toBeGreaterThanOrEqual(10_000);
      const call = requestEnvelope(
        'http://api.test/x',
        undefined,
        fetchImpl as unknown as typeof fetch,
      );
      const outcome = expect(call).rejects.toMatchObject({
        message: MESSAGES.unknown,
        status: null,
      });
      await vi.advanceTimersByTimeAsync(PROVIDER_TIMEOUT_MS);
      await outcome;
    } finally {
      vi.useRealTimers();
    }
  });

  it("fails with 'HTTP error! status: {code}' on a non-OK status", async () => {
    expect(
      (
        await failure(
          json({ status: 'error', message: 'Unknown domain', code: 404, data: null }, 404),
        )
      ).message,
    ).toBe('HTTP error! status: 404');
    expect((await failure(new Response('boom', { status: 500 }))).message).toBe(
      'HTTP error! status: 500',
    );
  });

  it("uses the server's message when status is not 'success'", async () => {
    expect(
      (
        await failure(
          json({ status: 'error', message: 'Organiser suspended', code: 403, data: null }),
        )
      ).message,
    ).toBe('Organiser suspended');
  });

  it("says 'Invalid response from server' when status is not 'success' and there is no message", async () => {
    expect((await failure(json({ status: 'error', code: 500, data: null }))).message).toBe(
      'Invalid response from server',
    );
    expect(
      (await failure(json({ status: 'weird', message: '', code: 200, data: {} }))).message,
    ).toBe('Invalid response from server');
    expect((await failure(json([1, 2]))).message).toBe('Invalid response from server');
    expect((await failure(json(null))).message).toBe('Invalid response from server');
  });

  it("says 'Invalid response from server' when the data breaks the contract", async () => {
    expect((await failure(ok({ n: 'one' }))).message).toBe('Invalid response from server');
  });

  it("says 'An unknown error occurred' for a body that is not JSON", async () => {
    expect((await failure(new Response('<html>', { status: 200 }))).message).toBe(
      'An unknown error occurred',
    );
  });

  it("says 'An unknown error occurred' when the network is down", async () => {
    expect((await failure(new TypeError('fetch failed'))).message).toBe(
      'An unknown error occurred',
    );
  });

  it('asks Next.js to cache for the given time under the given tags', async () => {
    const fetchImpl = vi.fn(async (_url: string, _init?: RequestInit) => ok({ n: 1 }));
    await requestEnvelope(
      'http://api.test/x',
      { revalidate: 30, tags: ['organiser:localhost'] },
      fetchImpl as unknown as typeof fetch,
    );
    expect(fetchImpl.mock.calls[0]?.[1]).toMatchObject({
      next: { revalidate: 30, tags: ['organiser:localhost'] },
    });
  });
});

describe('labels', () => {
  it('are the required ones, and combine as `${label}: ${message}`', () => {
    expect(LABELS).toEqual({
      organiser: 'Failed to fetch organizer data',
      events: 'Failed to fetch events data',
      contact: 'Failed to fetch contact form data',
    });
    expect(describeFailure(LABELS.events, new ProviderError('HTTP error! status: 500'))).toBe(
      'Failed to fetch events data: HTTP error! status: 500',
    );
    expect(describeFailure(LABELS.contact, 'weird')).toBe(
      'Failed to fetch contact form data: An unknown error occurred',
    );
  });
});

describe('buildUrl', () => {
  it('encodes the query', () => {
    expect(buildUrl('http://api.test/', '/a/b', { app_domain: 'x.com', page: 2 })).toBe(
      'http://api.test/a/b?app_domain=x.com&page=2',
    );
  });
});

describe('isTransient (whether a page showing the failure must be kept out of the cache)', () => {
  it('is true only when the provider did not answer at all', () => {
    expect(isTransient(new ProviderError(MESSAGES.unknown))).toBe(true);
    expect(isTransient(new Error('anything else'))).toBe(true);
  });

  it('is false for anything the provider answered: a 4xx, a 5xx, an error envelope, a body off the contract', () => {
    expect(isTransient(new ProviderError(MESSAGES.httpError(404), 404))).toBe(false);
    expect(isTransient(new ProviderError(MESSAGES.httpError(500), 500))).toBe(false);
    expect(isTransient(new ProviderError(MESSAGES.httpError(503), 503))).toBe(false);
    expect(isTransient(new ProviderError('Organiser suspended', 200))).toBe(false);
    expect(isTransient(new ProviderError(MESSAGES.invalidResponse, 200))).toBe(false);
  });
});
