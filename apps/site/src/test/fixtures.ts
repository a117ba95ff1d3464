import { DEFAULT_EVENT_PHOTOS_CONFIG, DEFAULT_EXTRA_CONFIG, type AdminEvent, type EventSummary, type OrganiserData } from '@eventsite/contract';

export const U = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** An event as the console's admin API gives it: a published 10K with selfie search's settings. */
export function adminEvent(indexedFaces: 'everyone' | 'runners' = 'everyone'): AdminEvent {
  return {
    id: 7,
    slug: 'harbour-10k-7',
    name: 'Harbour 10K',
    event_date: '2025-06-01',
    city: 'Porto',
    published: true,
    client_name: '',
    client_logo: '',
    total_images: 3,
    event_photos_config: {
      ...DEFAULT_EVENT_PHOTOS_CONFIG,
      selfie_config: { match_threshold: 0.6, face_retention_days: 30, indexed_faces: indexedFaces },
    },
    face_data_expires_at: '2025-07-02T00:00:00.000Z',
  };
}

export function summary(id: number, overrides: Partial<EventSummary> = {}): EventSummary {
  return {
    event_id: id,
    event_name: `Run ${id}`,
    event_date: '2026-03-14',
    event_slug: `run-${id}`,
    event_photos: [`${U(1)},1600,1067`, `${U(2)},1067,1600`],
    location: { location_city: 'Lisbon' },
    ...overrides,
  };
}

export function organiserData(overrides: Partial<OrganiserData> = {}): OrganiserData {
  return {
    name: 'City Runs',
    logo: 'https://cdn.example.com/logo.png',
    extra_config: {
      themeColor: '#123456',
      googleTagManagerId: 'GTM-ABC123',
      headerDesign: 'fill',
      headerCta: { text: 'Register', href: 'https://example.com/r', position: 'left' },
      footer_config: {
        ...DEFAULT_EXTRA_CONFIG.footer_config,
        footerText: 'Hello',
        socialMediaLinks: [
          { platform: 'facebook', url: 'https://facebook.com/x', icon: '', label: '' },
          { platform: '', url: 'https://x.com', icon: '', label: '' },
        ],
      },
    },
    recent_events: [summary(42), summary(43)],
    ...overrides,
  };
}

export function eventConfigData(id = 42) {
  return {
    event_details: {
      id,
      name: 'City Run 2026',
      total_images: 120,
      event_date: '2026-03-14',
      slug: `city-run-2026-${id}`,
      city: 'Lisbon',
      organiser_name: 'City Runs',
      client: { name: '', logo: '' },
    },
    event_photos_config: DEFAULT_EVENT_PHOTOS_CONFIG,
  };
}

export const envelope = (data: unknown, status = 200) =>
  new Response(JSON.stringify({ status: status < 400 ? 'success' : 'error', message: status < 400 ? 'OK' : 'Nope', code: status, data: status < 400 ? data : null }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/**
 * A provider for tests that render pages: the organiser of each domain with its events (the
 * all-events list is what ties an event to its organiser), and each event's config.
 */
export function providerFetch(options: {
  organisers: Record<string, { data?: OrganiserData; events: number[] }>;
  config?: (id: number) => Response | Promise<Response>;
  photos?: (url: URL) => Response | Promise<Response>;
}) {
  return async (input: string | URL | Request) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const domain = url.searchParams.get('app_domain') ?? '';
    const organiser = options.organisers[domain];
    if (url.pathname.endsWith('/organiser/data')) {
      return organiser ? envelope(organiser.data ?? organiserData({ recent_events: [] })) : envelope(null, 404);
    }
    if (url.pathname.endsWith('/organiser/all-events')) {
      if (!organiser) return envelope(null, 404);
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = Number(url.searchParams.get('page_size') ?? 10);
      const pages = Math.ceil(organiser.events.length / size);
      return envelope({
        events: organiser.events.slice((page - 1) * size, page * size).map((id) => summary(id)),
        pagination: { total: organiser.events.length, current_page: page, total_pages: pages, page_size: size, has_next_page: page < pages, has_previous_page: page > 1 },
      });
    }
    const config = /\/events\/(\d+)\/config$/.exec(url.pathname);
    if (config) return options.config ? options.config(Number(config[1])) : envelope(eventConfigData(Number(config[1])));
    if (/\/events\/\d+\/photos$/.test(url.pathname) && options.photos) return options.photos(url);
    return new Response('', { status: 404, statusText: 'Not Found' });
  };
}
