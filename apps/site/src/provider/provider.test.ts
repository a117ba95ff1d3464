import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, eventConfigData, organiserData, summary } from '@/test/fixtures';
import {
  embeddedContactFormUrl,
  fetchEventConfig,
  getContactForm,
  getEventsPage,
  getOrganiser,
  loadEvent,
  reshapeEventConfig,
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
    expect(url.origin + url.pathname).toBe('http://api.test:4000/api/v1/client/events/organiser/data');
    expect(url.searchParams.get('app_domain')).toBe('photos.example.com');
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ next: { revalidate: 30, tags: ['organiser:photos.example.com'] } });
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
    expect(console.error).toHaveBeenCalledWith('Failed to fetch organizer data: HTTP error! status: 500');
    expect(result.organiser).toMatchObject({ name: 'eventsite', logo: null, themeColour: '#FF5733', cta: null, gtmId: null });
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
        id: 1, domain: 'a.com', name: 'A', organiser_name: 'A', logo: '', expiry_at: null,
        events: [summary(1)],
        pagination: { total: 13, current_page: 2, total_pages: 2, page_size: 12, has_next_page: false, has_previous_page: true },
      }),
    );
    const result = await getEventsPage('a.com', 2);
    expect(Object.fromEntries(calledUrl().searchParams)).toEqual({ app_domain: 'a.com', page: '2', page_size: '12' });
    expect(result.events).toHaveLength(1);
    expect(result.pagination.current_page).toBe(2);
  });

  it('falls back to an empty page', async () => {
    fetchMock.mockResolvedValue(envelope(null, 503));
    const result = await getEventsPage('a.com', 3);
    expect(result.error).toBe('Failed to fetch events data: HTTP error! status: 503');
    expect(result.events).toEqual([]);
    expect(result.pagination).toMatchObject({ total: 0, total_pages: 0, has_next_page: false, has_previous_page: false });
  });
});

describe('getContactForm', () => {
  it('embeds the organiser’s form', async () => {
    fetchMock.mockResolvedValue(envelope({ contact_us: { form: { iframeSrc: 'https://forms.example.com/f', scriptSrc: '' } } }));
    expect(await getContactForm('a.com')).toEqual({ iframeSrc: 'https://forms.example.com/f', error: null, transient: false });
  });

  it('falls back to the form the API hosts when the call fails', async () => {
    fetchMock.mockRejectedValue(new Error('down'));
    const result = await getContactForm('a.com');
    expect(result.iframeSrc).toBe('http://api.test:4000/forms/contact?app_domain=a.com');
    expect(result.error).toBe('Failed to fetch contact form data: An unknown error occurred');
    expect(result.transient).toBe(true);
  });

  it('never embeds a URL that is not http(s)', async () => {
    fetchMock.mockResolvedValue(envelope({ contact_us: { form: { iframeSrc: 'javascript:alert(1)', scriptSrc: '' } } }));
    expect((await getContactForm('a.com')).iframeSrc).toBe(embeddedContactFormUrl('a.com'));
  });

  it('uses the public API URL for what the browser loads', async () => {
    vi.stubEnv('PUBLIC_API_URL', 'https://api.example.com');
    expect(embeddedContactFormUrl('a.com')).toBe('https://api.example.com/forms/contact?app_domain=a.com');
  });
});

describe('event config', () => {
  it("fails with 'Failed to fetch event data: {status text}'", async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 404, statusText: 'Not Found' }));
    await expect(fetchEventConfig(42)).rejects.toThrow('Failed to fetch event data: Not Found');
  });

  it('a 404 for the event config is the API’s answer, not a passing failure', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 404, statusText: 'Not Found' }));
    expect(await loadEvent('city-run-404')).toEqual({ kind: 'fetch-failed', message: 'Failed to fetch event data: Not Found', transient: false });
  });

  it('maps the config; a config that cannot be mapped throws', () => {
    expect(reshapeEventConfig(eventConfigData()).details.name).toBe('City Run 2026');
    expect(() => reshapeEventConfig({ event_details: {} })).toThrow();
  });

  it('tells apart a slug without id, a failed call and a failed mapping', async () => {
    expect(await loadEvent('no-id-here')).toEqual({ kind: 'no-id' });
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 500, statusText: 'Internal Server Error' }));
    expect(await loadEvent('city-run-500')).toEqual({ kind: 'fetch-failed', message: 'Failed to fetch event data: Internal Server Error', transient: true });


    fetchMock.mockResolvedValueOnce(envelope({ event_details: { id: 'x' } }));
    expect((await loadEvent('city-run-501')).kind).toBe('mapping-failed');

    fetchMock.mockResolvedValueOnce(envelope(eventConfigData(502)));
    const ok = await loadEvent('city-run-502');
    expect(ok.kind).toBe('ok');
    expect(calledUrl(2).pathname).toBe('/api/v1/client/events/502/config');
  });

  it('shows a banner only when enabled with an http(s) image', () => {
    const data = eventConfigData();
    data.event_photos_config = { ...data.event_photos_config, banner_config: { enabled: true, image_url: 'https://cdn.example.com/b.jpg' } };
    expect(reshapeEventConfig(data).bannerUrl).toBe('https://cdn.example.com/b.jpg');
    data.event_photos_config = { ...data.event_photos_config, banner_config: { enabled: true, image_url: 'javascript:x' } };
    expect(reshapeEventConfig(data).bannerUrl).toBeNull();
  });
});
