import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, eventConfigData, organiserData, summary } from '@/test/fixtures';
import {
  embeddedContactFormUrl,
  fetchEventConfig,
  getContactForm,
  getEventsPage,
  getOrganiser,
  loadEvent,
  readEventConfig,
} from './index';

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.stubEnv('API_URL', 'http://api.test:4000');
  vi.stubEnv('PUBLIC_API_URL', '');
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllEnvs();
});

const calledUrl = (i = 0) => new URL(String(fetchMock.mock.calls[i]?.[0]));

describe('getOrganiser (home data)', () => {
  it('asks for the organiser of the host, cached 30 s under its tag', async () => {
    fetchMock.mockResolvedValue(envelope(organiserData()));
    const result = await getOrganiser('photos.example.com');
    const url = calledUrl();
    expect(url.origin + url.pathname).toBe(
      'http://api.test:4000/api/v1/client/events/organiser/data',
    );
    expect(url.searchParams.get('app_domain')).toBe('photos.example.com');
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({
      next: { revalidate: 30, tags: ['organiser:photos.example.com'] },
    });
    expect(result.error).toBeNull();
    expect(result.organiser).toMatchObject({
      name: 'City Runs',
      logo: 'https://cdn.example.com/logo.png',
      themeColour: '#123456',
      headerDesign: 'fill',
      cta: { text: 'Register', href: 'https://example.com/r', position: 'left' },
      gtmId: 'GTM-ABC123',
    });
    expect(result.organiser.footer.socialLinks.map((l) => l.platform)).toEqual(['facebook']);
    expect(result.recentEvents.map((e) => e.id)).toEqual([42, 43]);
  });

  it('reads API_URL on every call, so no rebuild is needed to change it', async () => {
    fetchMock.mockImplementation(async () => envelope(organiserData()));
    vi.stubEnv('API_URL', 'http://other.test:9000');
    await getOrganiser('a.com');
    expect(calledUrl().host).toBe('other.test:9000');
  });

  it('falls back to the default logo, theme #FF5733, no events and the provider name when the call fails', async () => {
    fetchMock.mockResolvedValue(new Response('oops', { status: 500 }));
    const result = await getOrganiser('a.com');
    expect(result.error).toBe('Failed to fetch organizer data: HTTP error! status: 500');
    expect(console.error).toHaveBeenCalledWith(
      'Failed to fetch organizer data: HTTP error! status: 500',
    );
    expect(result.organiser).toMatchObject({
      name: 'eventsite',
      logo: null,
      themeColour: '#FF5733',
      cta: null,
      gtmId: null,
    });
    expect(result.recentEvents).toEqual([]);
    expect(result.unknown).toBe(false);
  });

  it('marks an organiser the API does not know', async () => {
    fetchMock.mockResolvedValue(envelope(null, 404));
    expect((await getOrganiser('nobody.com')).unknown).toBe(true);
  });

  it('falls back when the network is down', async () => {
    fetchMock.mockRejectedValue(new TypeError('fetch failed'));
    const result = await getOrganiser('a.com');
    expect(result.error).toBe('Failed to fetch organizer data: An unknown error occurred');
    expect(result.organiser.themeColour).toBe('#FF5733');
  });

  it('uses the default colour #2E6F40 for an invalid one and the provider name for an empty name', async () => {
    const data = organiserData({ name: '  ' });
    data.extra_config.themeColor = 'red;}';
    fetchMock.mockResolvedValue(envelope(data));
    const { organiser } = await getOrganiser('a.com');
    expect(organiser.themeColour).toBe('#2E6F40');
    expect(organiser.name).toBe('eventsite');
  });

  it('drops a logo that is not an http(s) URL', async () => {
    fetchMock.mockResolvedValue(envelope(organiserData({ logo: 'javascript:alert(1)' })));
    expect((await getOrganiser('a.com')).organiser.logo).toBeNull();
  });
});

describe('getEventsPage (all events)', () => {
  it('asks for page and page size 12', async () => {
    fetchMock.mockResolvedValue(
      envelope({
        id: 1,
        domain: 'a.com',
        name: 'A',
        organiser_name: 'A',
        logo: '',
        expiry_at: null,
        events: [summary(1)],
        pagination: {
          total: 13,
          current_page: 2,
          total_pages: 2,
          page_size: 12,
          has_next_page: false,
          has_previous_page: true,
        },
      }),
    );
    const result = await getEventsPage('a.com', 2);
    expect(Object.fromEntries(calledUrl().searchParams)).toEqual({
      app_domain: 'a.com',
      page: '2',
      page_size: '12',
    });
    expect(result.events).toHaveLength(1);
    expect(result.pagination.current_page).toBe(2);
  });

  it('falls back to an empty page', async () => {
    fetchMock.mockResolvedValue(envelope(null, 503));
    const result = await getEventsPage('a.com', 3);
    expect(result.error).toBe('Failed to fetch events data: HTTP error! status: 503');
    expect(result.events).toEqual([]);
    expect(result.pagination).toMatchObject({
      total: 0,
      total_pages: 0,
      has_next_page: false,
      has_previous_page: false,
    });
  });
});

describe('getContactForm', () => {
  it('embeds the organiser’s form', async () => {
    fetchMock.mockResolvedValue(
      envelope({
        contact_us: { form: { iframeSrc: 'https://forms.example.com/f', scriptSrc: '' } },
      }),
    );
    expect(await getContactForm('a.com')).toEqual({
      iframeSrc: 'https://forms.example.com/f',
      error: null,
      transient: false,
    });
  });

  it('falls back to the form the API hosts when the call fails', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 500 }));
    const result = await getContactForm('a.com');
    expect(result.iframeSrc).toBe('http://api.test:4000/forms/contact?app_domain=a.com');
    expect(result.error).toBe('Failed to fetch contact form data: HTTP error! status: 500');
    expect(result.transient).toBe(false);
  });

  it('embeds nothing when the provider does not answer: its hosted form is as dead as it is', async () => {
    fetchMock.mockRejectedValue(new Error('connect ECONNREFUSED'));
    const result = await getContactForm('a.com');
    expect(result.iframeSrc).toBeNull();
    expect(result.error).toBe('Failed to fetch contact form data: An unknown error occurred');
    expect(result.transient).toBe(true);
  });

  it('never embeds a URL that is not http(s)', async () => {
    fetchMock.mockResolvedValue(
      envelope({ contact_us: { form: { iframeSrc: 'javascript:alert(1)', scriptSrc: '' } } }),
    );
    expect((await getContactForm('a.com')).iframeSrc).toBe(embeddedContactFormUrl('a.com'));
  });

  it('uses the public API URL for what the browser loads', async () => {
    vi.stubEnv('PUBLIC_API_URL', 'https://api.example.com');
    expect(embeddedContactFormUrl('a.com')).toBe(
      'https://api.example.com/forms/contact?app_domain=a.com',
    );
  });
});

describe('event config', () => {
  it("fails with 'Failed to fetch event data: {status text}'", async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 404, statusText: 'Not Found' }));
    await expect(fetchEventConfig(42)).rejects.toThrow('Failed to fetch event data: Not Found');
  });

  it('maps the config; a config without event details cannot be mapped', () => {
    expect(readEventConfig(eventConfigData()).details.name).toBe('City Run 2026');
    expect(() => readEventConfig({ event_details: {} })).toThrow();
    expect(() => readEventConfig({ event_photos_config: {} })).toThrow();
    expect(() => readEventConfig({ event_details: { id: 42, name: 'City Run' } })).toThrow();
  });

  it('shows a banner only when enabled with an http(s) image', () => {
    const data = eventConfigData();
    data.event_photos_config = {
      ...data.event_photos_config,
      banner_config: { enabled: true, image_url: 'https://cdn.example.com/b.jpg' },
    };
    expect(readEventConfig(data).bannerUrl).toBe('https://cdn.example.com/b.jpg');
    data.event_photos_config = {
      ...data.event_photos_config,
      banner_config: { enabled: true, image_url: 'javascript:x' },
    };
    expect(readEventConfig(data).bannerUrl).toBeNull();
  });
});

describe('loadEvent: the event of a URL, scoped to the organiser of the host', () => {
  /** A provider with two organisers: a.com owns events 1 to 150 (two list pages), b.com owns 999. */
  function provider(configs: Record<number, Response | (() => Response)> = {}) {
    fetchMock.mockImplementation(async (input: string) => {
      const url = new URL(String(input));
      const domain = url.searchParams.get('app_domain');
      if (url.pathname.endsWith('/organiser/data'))
        return envelope(
          organiserData({ recent_events: domain === 'a.com' ? [summary(1)] : [summary(999)] }),
        );
      if (url.pathname.endsWith('/organiser/all-events')) {
        const ids = domain === 'a.com' ? Array.from({ length: 150 }, (_, i) => i + 1) : [999];
        const page = Number(url.searchParams.get('page'));
        const size = Number(url.searchParams.get('page_size'));
        const pages = Math.ceil(ids.length / size);
        return envelope({
          events: ids.slice((page - 1) * size, page * size).map((id) => summary(id)),
          pagination: {
            total: ids.length,
            current_page: page,
            total_pages: pages,
            page_size: size,
            has_next_page: page < pages,
            has_previous_page: page > 1,
          },
        });
      }
      const id = Number(/events\/(\d+)\/config/.exec(url.pathname)?.[1]);
      const answer = configs[id];
      if (answer) return typeof answer === 'function' ? answer() : answer;
      return envelope(eventConfigData(id));
    });
  }

  it('tells apart a slug without id, a failed call and a failed mapping', async () => {
    expect(await loadEvent('a.com', 'no-id-here')).toEqual({ kind: 'no-id' });
    expect(fetchMock).not.toHaveBeenCalled();
    provider({
      2: new Response('{}', { status: 500, statusText: 'Internal Server Error' }),
      3: envelope({ event_details: { id: 'x' } }),
      4: envelope({ event_details: { id: 4, name: 'City Run' } }),
    });
    expect(await loadEvent('a.com', 'city-run-2')).toEqual({
      kind: 'fetch-failed',
      message: 'Failed to fetch event data: Internal Server Error',
      transient: false,
    });
    expect((await loadEvent('a.com', 'city-run-3')).kind).toBe('mapping-failed');
    expect(await loadEvent('a.com', 'city-run-4')).toEqual({
      kind: 'mapping-failed',
      message: 'the event configuration has no event_photos_config',
    });
    const ok = await loadEvent('a.com', 'city-run-1');
    expect(ok.kind).toBe('ok');
  });

  it('an event the provider does not know is not found (a 404 page), not a failure', async () => {
    provider({ 42: new Response('{}', { status: 404, statusText: 'Not Found' }) });
    expect(await loadEvent('a.com', 'city-run-42')).toEqual({ kind: 'not-found' });
  });

  it('another organiser’s event is not found on this host, though the provider serves its config', async () => {
    provider();
    expect(await loadEvent('a.com', 'their-run-999')).toEqual({ kind: 'not-found' });
    expect((await loadEvent('b.com', 'their-run-999')).kind).toBe('ok');
  });

  const listCalls = () =>
    fetchMock.mock.calls
      .map(([u]) => new URL(String(u)))
      .filter((u) => u.pathname.endsWith('/all-events'));

  it('finds the organiser’s own event on a later page of its list, asking for pages of 12', async () => {
    provider();
    const load = await loadEvent('a.com', 'late-run-140');
    expect(load.kind).toBe('ok');
    const pages = listCalls();
    expect(new Set(pages.map((u) => u.searchParams.get('page_size')))).toEqual(new Set(['12']));
    // Event 140 is on page 12; the provider said there are 13, asked for four at a time.
    expect(pages.map((u) => Number(u.searchParams.get('page'))).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
    ]);
  });

  it('walks the pages of a provider that caps its page size and sends no pagination', async () => {
    // 30 events, 10 a page whatever is asked, and no pagination object.
    fetchMock.mockImplementation(async (input: string) => {
      const url = new URL(String(input));
      if (url.pathname.endsWith('/organiser/data'))
        return envelope(organiserData({ recent_events: [] }));
      if (url.pathname.endsWith('/organiser/all-events')) {
        const page = Number(url.searchParams.get('page'));
        const ids = Array.from({ length: 30 }, (_, i) => i + 1).slice((page - 1) * 10, page * 10);
        return envelope({ events: ids.map((id) => summary(id)) });
      }
      const id = Number(/events\/(\d+)\/config/.exec(url.pathname)?.[1]);
      return Number.isNaN(id) ? new Response('{}', { status: 404 }) : envelope(eventConfigData(id));
    });
    expect((await loadEvent('a.com', 'late-run-25')).kind).toBe('ok');
    expect(listCalls().map((u) => u.searchParams.get('page'))).toEqual(['1', '2', '3']);
    fetchMock.mockClear();
    // Past the list's end (an empty page): not the organiser's.
    expect((await loadEvent('a.com', 'late-run-31')).kind).toBe('not-found');
    expect(listCalls().map((u) => u.searchParams.get('page'))).toEqual(['1', '2', '3', '4']);
  });

  it('stops walking a provider that answers every page with the same events', async () => {
    fetchMock.mockImplementation(async (input: string) => {
      const url = new URL(String(input));
      if (url.pathname.endsWith('/organiser/data'))
        return envelope(organiserData({ recent_events: [] }));
      if (url.pathname.endsWith('/organiser/all-events'))
        return envelope({ events: [summary(1), summary(2)] });
      const id = Number(/events\/(\d+)\/config/.exec(url.pathname)?.[1]);
      return Number.isNaN(id) ? new Response('{}', { status: 404 }) : envelope(eventConfigData(id));
    });
    expect((await loadEvent('a.com', 'city-run-2')).kind).toBe('ok');
    expect((await loadEvent('a.com', 'other-run-7')).kind).toBe('not-found');
    expect(listCalls().length).toBeLessThanOrEqual(3);
  });

  it('a config of another event than the one asked for is not shown', async () => {
    provider({ 5: envelope(eventConfigData(6)) });
    expect((await loadEvent('a.com', 'city-run-5')).kind).toBe('mapping-failed');
  });
});
