import { describe, expect, it, vi } from 'vitest';
import { U, envelope } from '@/test/fixtures';
import { findEventPhoto } from './gallery';
import { fetchPhotoPage, fetchRaceResult, photoDownloadUrl } from './photos';
import { DownloadError, downloadZip } from './zip';

const refusal = (status: number, message: string) =>
  new Response(JSON.stringify({ status: 'error', message, code: status, data: null }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

function zipResponse(
  chunks: Uint8Array[],
  length: number | null = chunks.reduce((n, c) => n + c.byteLength, 0),
) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(c);
      controller.close();
    },
  });
  const headers: Record<string, string> = {
    'content-type': 'application/zip',
    'content-disposition': 'attachment; filename="run.zip"',
  };
  if (length !== null) headers['content-length'] = String(length);
  return new Response(body, { headers });
}

describe('photo pages from the browser', () => {
  it('asks for a page with cursor, limit and the search', async () => {
    const fetchImpl = vi.fn(async () => envelope({ photos: [], total: 0, next_cursor: null }));
    await fetchPhotoPage(
      'http://api.test/',
      42,
      { cursor: 'c 2', limit: 30, search: { bib: 'A17' } },
      fetchImpl as unknown as typeof fetch,
    );
    const url = new URL(String((fetchImpl.mock.calls[0] as unknown[])[0]));
    expect(url.pathname).toBe('/api/v1/client/events/42/photos');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      bib: 'A17',
      limit: '30',
      cursor: 'c 2',
    });
  });

  it('keeps the server’s words for a refusal (privacy mode)', async () => {
    const fetchImpl = vi.fn(async () =>
      refusal(403, 'This gallery is private: search for your photos'),
    );
    await expect(
      fetchPhotoPage('http://api.test', 42, {}, fetchImpl as unknown as typeof fetch),
    ).rejects.toMatchObject({
      message: 'This gallery is private: search for your photos',
      status: 403,
    });
  });

  it('reads a race result, and no result as null', async () => {
    const result = {
      bib: '7',
      name: 'Ann',
      gender: null,
      category: null,
      gun_time: null,
      net_time: '1:02:03',
      status: null,
      overall_rank: 3,
      category_rank: null,
      splits: {},
    };
    const ok = vi.fn(async () => envelope(result));
    expect(
      await fetchRaceResult('http://api.test', 42, '7', ok as unknown as typeof fetch),
    ).toEqual(result);
    expect(new URL(String((ok.mock.calls[0] as unknown[])[0])).pathname).toBe(
      '/api/v1/client/events/42/results/7',
    );
    const none = vi.fn(async () => refusal(404, 'No result'));
    expect(
      await fetchRaceResult('http://api.test', 42, '8', none as unknown as typeof fetch),
    ).toBeNull();
  });

  it('downloads an original with ?download=1', () => {
    expect(photoDownloadUrl('http://api.test/', U(1))).toBe(
      `http://api.test/events/photos/${U(1)}?download=1`,
    );
  });
});

describe('zip downloads', () => {
  it('posts the request and reports progress as received / Content-Length', async () => {
    const fetchImpl = vi.fn(async () => zipResponse([new Uint8Array(400), new Uint8Array(600)]));
    const seen: [number, number | null][] = [];
    const zip = await downloadZip(
      'http://api.test',
      42,
      { photo_ids: [U(1)] },
      {
        fetchImpl: fetchImpl as unknown as typeof fetch,
        onProgress: (p) => seen.push([p.received, p.total]),
      },
    );
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://api.test/api/v1/client/events/42/downloads');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ photo_ids: [U(1)] });
    expect(seen).toEqual([
      [0, 1000],
      [400, 1000],
      [1000, 1000],
      [1000, 1000],
    ]);
    expect(zip.filename).toBe('run.zip');
    expect(zip.bytes).toBe(1000);
    expect(zip.blob?.size).toBe(1000);
  });

  it('streams into a sink instead of memory when given one', async () => {
    const written: number[] = [];
    const sink = {
      write: vi.fn((c: Uint8Array) => void written.push(c.byteLength)),
      close: vi.fn(),
      abort: vi.fn(),
    };
    const fetchImpl = vi.fn(async () => zipResponse([new Uint8Array(5), new Uint8Array(7)]));
    const zip = await downloadZip(
      'http://api.test',
      42,
      { all: true },
      { fetchImpl: fetchImpl as unknown as typeof fetch, sink },
    );
    expect(written).toEqual([5, 7]);
    expect(sink.close).toHaveBeenCalled();
    expect(zip.blob).toBeNull();
  });

  it('shows the envelope’s message when the server refuses', async () => {
    for (const [status, message] of [
      [403, 'Bulk downloads are turned off for this event'],
      [400, 'A zip holds at most 5000 photos'],
    ] as const) {
      const fetchImpl = vi.fn(async () => refusal(status, message));
      const error = await downloadZip(
        'http://api.test',
        42,
        { all: true },
        { fetchImpl: fetchImpl as unknown as typeof fetch },
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DownloadError);
      expect(error).toMatchObject({ message, status });
    }
  });

  it('fails clearly when the zip is cut short or the network is down', async () => {
    const short = vi.fn(async () => zipResponse([new Uint8Array(10)], 50));
    await expect(
      downloadZip(
        'http://api.test',
        42,
        { all: true },
        { fetchImpl: short as unknown as typeof fetch },
      ),
    ).rejects.toThrow(/interrupted/);
    const down = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(
      downloadZip(
        'http://api.test',
        42,
        { all: true },
        { fetchImpl: down as unknown as typeof fetch },
      ),
    ).rejects.toThrow(/Check your connection/);
  });

  it('stops when cancelled', async () => {
    const abort = new AbortController();
    const fetchImpl = vi.fn(async (_url: string, init?: RequestInit) => {
      abort.abort();
      init?.signal?.throwIfAborted();
      return zipResponse([]);
    });
    await expect(
      downloadZip(
        'http://api.test',
        42,
        { all: true },
        { fetchImpl: fetchImpl as unknown as typeof fetch, signal: abort.signal },
      ),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('a shared photo’s preview', () => {
  it('is found in the event’s own listing, page after page', async () => {
    vi.stubEnv('API_URL', 'http://api.test');
    const photo = (n: number) => ({
      uuid: U(n),
      width: 1600,
      height: 1067,
      placeholder: null,
      captured_at: null,
    });
    const fetchImpl = vi.fn(async (url: string) =>
      new URL(url).searchParams.get('cursor')
        ? envelope({ photos: [photo(3)], total: 3, next_cursor: null })
        : envelope({ photos: [photo(1), photo(2)], total: 3, next_cursor: 'c' }),
    );
    expect(await findEventPhoto(42, U(3), fetchImpl as unknown as typeof fetch)).toEqual(photo(3));
    expect(await findEventPhoto(42, U(9), fetchImpl as unknown as typeof fetch)).toBeNull();
    const privateListing = vi.fn(async () => refusal(403, 'private'));
    expect(await findEventPhoto(42, U(1), privateListing as unknown as typeof fetch)).toBeNull();
  });
});
