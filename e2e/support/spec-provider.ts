// A second provider, written from the public site's requirements alone (docs/requirements.md: its
// data, its calls and its failure messages), not from our API's code or schemas. It sends what
// those requirements describe and nothing more: no field our own API adds, none of our extension endpoints (photo
// listing, search, downloads). Each organiser (the app_domain query parameter) stands for one
// kind of provider a site may meet: minimal, null, odd and hostile-but-valid configurations, a
// slow one, one that answers HTTP 500 and one that answers `status: 'error'`.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A photo reference as docs/requirements.md words it: a uuid, then width and height, separated by commas. */
function photoUuid(eventId: number, n: number): string {
  const hex = (eventId * 1000 + n).toString(16).padStart(12, '0');
  return `5bec0000-0000-4000-8000-${hex}`;
}
function photoRefs(eventId: number, count: number): string[] {
  return Array.from({ length: count }, (_, n) => `${photoUuid(eventId, n)},${n % 3 === 0 ? 800 : 1200},${n % 3 === 0 ? 1200 : 800}`);
}

export interface SpecEvent {
  event_id: number;
  event_name: string;
  event_date: string;
  event_slug: string;
  city: string;
  photos: number;
}

function summary(e: SpecEvent): Json {
  return {
    event_id: e.event_id,
    event_name: e.event_name,
    event_date: e.event_date,
    event_slug: e.event_slug,
    event_photos: photoRefs(e.event_id, e.photos),
    location: { location_city: e.city },
  };
}

/** How an organiser's provider behaves. */
export interface SpecOrganiser {
  /** The organiser call's `data`, exactly as sent (anything JSON, on purpose). */
  data: (events: Json[]) => Json;
  events: SpecEvent[];
  /** Milliseconds before every answer of the organiser calls (app_domain) for this organiser. */
  delayMs?: number;
  /** Milliseconds before the answer of the event config call of this organiser's events. */
  configDelayMs?: number;
  /** The organiser call answers this instead of a success envelope. */
  organiserFails?: 'http-500' | 'status-error' | 'http-404' | 'not-json';
  /** The all-events call answers HTTP 500. */
  listFails?: boolean;
  /** The contact call's `data`; `undefined` makes it answer HTTP 500. */
  contact?: Json;
  /** Each event's config `data`, by id; an event without one gets the minimal config docs/requirements.md describes. */
  config?: Record<number, Json | 'http-500' | 'http-404'>;
}

const minimalFlags = {
  show_all_images: true,
  bib_search: false,
  selfie_search: false,
  show_total_photos_count: true,
  show_timing_data: false,
  bulk_download: false,
  download_certificate: false,
  enable_custom_certificate: false,
  video_enabled: false,
  cta_enabled: false,
  name_search: false,
  client_enabled: false,
};

/** The event configuration with every field docs/requirements.md names, and not one more. */
export function specEventConfig(e: SpecEvent): Json {
  return {
    event_details: { id: e.event_id, name: e.event_name, total_images: e.photos, event_date: e.event_date },
    event_photos_config: {
      feature_flag: minimalFlags,
      banner_config: { enabled: false, image_url: '' },
      video_config: { validation: { min_images: 0, max_images: 0 }, template_enabled: false },
      bib_config: { strategies: [], global_confidence_threshold: 0.5, placeholder_text: 'Bib number' },
      cta_config: {},
    },
  };
}

const ev = (event_id: number, event_name: string, event_date: string, city: string, photos = 24): SpecEvent => ({
  event_id,
  event_name,
  event_date,
  event_slug: `${event_name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}-${event_id}`,
  city,
  photos,
});

/** The events of the 'minimal' organiser: 14, so that its lists have two pages of 12. */
const MINIMAL_EVENTS = Array.from({ length: 14 }, (_, i) =>
  ev(101 + i, `Harbour Swim ${i + 1}`, `2026-${String(10 - (i % 9)).padStart(2, '0')}-${String(10 + i).padStart(2, '0')}`, 'Porto'),
);

export const SPEC_ORGANISERS: Record<string, SpecOrganiser> = {
  // What local hosts (localhost, 127.0.0.1, [::1]) send as app_domain.
  localhost: {
    data: (events) => ({ logo: '', name: 'Local Club', extra_config: { themeColor: '#0F766E' }, recent_events: events }),
    events: [ev(901, 'Local Parkrun', '2026-07-04', 'Sheffield')],
    contact: { contact_us: { form: { iframeSrc: 'https://forms.example.org/local', scriptSrc: '' } } },
  },
  // Only what docs/requirements.md lists, each field present, nothing optional filled in.
  'minimal.localhost': {
    data: (events) => ({
      logo: '',
      name: 'Harbour Swims',
      extra_config: { themeColor: '#1D4ED8', headerCta: { text: 'Enter', href: 'https://example.org/enter' } },
      recent_events: events.slice(0, 4),
    }),
    events: MINIMAL_EVENTS,
    contact: { contact_us: { form: { iframeSrc: 'https://forms.example.org/harbour', scriptSrc: '' } } },
    config: {
      // A config that lacks every optional part: only the event's details.
      [MINIMAL_EVENTS[1]!.event_id]: { event_details: { id: MINIMAL_EVENTS[1]!.event_id, name: MINIMAL_EVENTS[1]!.event_name } },
      // No name at all: the gallery's title falls back.
      [MINIMAL_EVENTS[2]!.event_id]: { event_details: { id: MINIMAL_EVENTS[2]!.event_id }, event_photos_config: null },
      // A config whose mapping fails: no event details.
      [MINIMAL_EVENTS[3]!.event_id]: { event_photos_config: {} },
      [MINIMAL_EVENTS[4]!.event_id]: 'http-500',
    },
  },
  // Everything optional sent as null.
  'null.localhost': {
    data: () => ({ logo: null, name: null, extra_config: null, recent_events: null }),
    events: [],
    contact: { contact_us: null },
  },
  // Odd but valid: missing pieces, values of the wrong kind, unknown fields.
  'odd.localhost': {
    data: (events) => ({
      name: '  Odd Runners  ',
      logo: 'not a url',
      extra_config: {
        themeColor: 'blue',
        headerDesign: 'FILL',
        headerCta: { text: 'Register', href: 'https://example.org/register', position: 'right' },
        googleTagManagerId: 42,
        somethingNew: { nested: true },
      },
      recent_events: [
        ...events,
        { event_id: 'x', event_name: 7 },
        null,
        'an event',
      ],
      unknown_top_level: [1, 2, 3],
    }),
    events: [
      { ...ev(301, 'Odd Mile', '2026-05-03', ''), photos: 0 },
      ev(302, 'Odd Relay', 'not a date', 'Bristol', 3),
    ],
  },
  // Everything a site must refuse to turn into markup, script or links, in otherwise valid fields.
  'hostile.localhost': {
    data: (events) => ({
      name: '<img src=x onerror=alert(1)>Hostile & Co',
      logo: 'javascript:alert(1)',
      extra_config: {
        themeColor: 'red;}body{display:none',
        googleTagManagerId: "GTM-AB12'></script><script>alert(1)</script>",
        headerDesign: 'fill',
        headerCta: { text: '<b>Click</b>', href: 'javascript:alert(1)', position: 'left' },
        footer_config: {
          hide9picBranding: 'yes',
          footerText: '<script>alert(1)</script>Footer & text',
          socialMediaLinks: [
            { platform: 'facebook', url: 'javascript:alert(1)', icon: '', label: '' },
            { platform: '', url: 'https://example.org/nobody', icon: '', label: '' },
            { platform: 'instagram', url: 'not a url', icon: '', label: '' },
            { platform: 'mastodon', url: 'https://social.example.org/@hostile', icon: 'javascript:alert(1)', label: 'Mastodon' },
          ],
        },
      },
      recent_events: events,
    }),
    events: [ev(401, '<script>alert(1)</script>Hostile Hill Climb', '2026-04-04', '<b>Bath</b>')],
    contact: { contact_us: { form: { iframeSrc: 'javascript:alert(1)', scriptSrc: 'javascript:alert(2)' } } },
  },
  // A complete, well-formed configuration of every option.
  'branded.localhost': {
    data: (events) => ({
      logo: '',
      name: 'Branded Events',
      extra_config: {
        themeColor: '#7C3AED',
        googleTagManagerId: 'GTM-SPEC123',
        headerDesign: 'fill',
        headerCta: { text: 'Shop', href: 'https://example.org/shop', position: 'left' },
        footer_config: {
          hide9picBranding: true,
          footerText: 'Branded Events Ltd, 2026',
          socialMediaLinks: [
            { platform: 'instagram', url: 'https://instagram.com/branded', icon: '', label: 'Instagram' },
            { platform: 'strava', url: 'https://strava.com/clubs/branded', icon: '', label: '' },
          ],
        },
      },
      recent_events: events,
    }),
    events: [ev(501, 'Branded Night Run', '2026-03-21', 'York'), ev(502, 'Branded Day Run', '2026-03-22', 'York')],
    contact: { contact_us: { form: { iframeSrc: 'https://forms.example.org/branded', scriptSrc: '' } } },
  },
  // A provider that takes seconds to answer.
  'slow.localhost': {
    data: (events) => ({ logo: '', name: 'Slow Sports', extra_config: {}, recent_events: events }),
    events: [ev(601, 'Slow Marathon', '2026-02-02', 'Hull'), ev(602, 'Slow Half', '2026-02-03', 'Hull')],
    delayMs: 3_000,
    configDelayMs: 6_000,
    contact: { contact_us: { form: { iframeSrc: 'https://forms.example.org/slow', scriptSrc: '' } } },
  },
  // Slow like the one above, for a first visit that nothing before has warmed.
  'sluggish.localhost': {
    data: (events) => ({ logo: '', name: 'Sluggish Swims', extra_config: {}, recent_events: events }),
    events: [ev(651, 'Sluggish Mile', '2026-02-12', 'Hull')],
    delayMs: 3_000,
    contact: { contact_us: { form: { iframeSrc: 'https://forms.example.org/sluggish', scriptSrc: '' } } },
  },
  // The organiser call answers HTTP 500.
  'broken.localhost': {
    data: () => null,
    events: [ev(701, 'Broken Bay Swim', '2026-01-01', 'Cork')],
    organiserFails: 'http-500',
  },
  // The organiser call answers a status 'error' envelope.
  'refused.localhost': {
    data: () => null,
    events: [],
    organiserFails: 'status-error',
  },
  // The organiser call answers a success envelope whose data is not an organiser at all.
  'garbled.localhost': {
    data: () => 'organiser',
    events: [],
  },
  // The organiser call answers a body that is not JSON.
  'html.localhost': {
    data: () => null,
    events: [],
    organiserFails: 'not-json',
  },
  // The organiser loads but its events list answers HTTP 500.
  'listless.localhost': {
    data: (events) => ({ logo: '', name: 'Listless Club', extra_config: {}, recent_events: events }),
    events: [ev(801, 'Listless Ride', '2026-08-08', 'Derby')],
    listFails: true,
  },
};

/** The message of the double's `status: 'error'` envelopes. */
export const REFUSED_MESSAGE = 'This organiser is suspended';

export interface SpecProvider {
  url: string;
  /** Every request the double was asked, as `path?query`. */
  requests: string[];
  stop: () => Promise<void>;
}

function send(res: ServerResponse, status: number, body: Json, statusText?: string) {
  // Browsers call a provider too (a site may be one that does): it answers any origin.
  res.writeHead(status, statusText ?? '', { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
  res.end(JSON.stringify(body));
}
const ok = (res: ServerResponse, data: Json) => send(res, 200, { status: 'success', message: 'OK', code: 200, data });
const refused = (res: ServerResponse, message: string) => send(res, 200, { status: 'error', message, code: 400, data: null });

function photo(res: ServerResponse, uuid: string) {
  // A flat colour per photo, as an SVG: something for the browser to draw.
  const hue = parseInt(uuid.slice(-3), 16) % 360;
  res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=3600' });
  res.end(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="100%" height="100%" fill="hsl(${hue} 60% 55%)"/></svg>`);
}

function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://double');
  const domain = url.searchParams.get('app_domain') ?? '';
  const organiser = SPEC_ORGANISERS[domain];
  const path = url.pathname;

  const photoMatch = /^\/events\/photos\/([0-9a-f-]{36})$/.exec(path);
  if (photoMatch) return photo(res, photoMatch[1]!);

  if (path.startsWith('/api/v1/client/events/organiser/')) {
    if (!organiser) return send(res, 404, { status: 'error', message: 'Organiser not found', code: 404, data: null });
    const events = organiser.events.map(summary);
    switch (path.slice('/api/v1/client/events/organiser/'.length)) {
      case 'data':
        if (organiser.organiserFails === 'http-500') return send(res, 500, { status: 'error', message: 'Internal error', code: 500, data: null });
        if (organiser.organiserFails === 'http-404') return send(res, 404, { status: 'error', message: 'Not found', code: 404, data: null });
        if (organiser.organiserFails === 'status-error') return refused(res, REFUSED_MESSAGE);
        if (organiser.organiserFails === 'not-json') {
          res.writeHead(200, { 'content-type': 'text/html' });
          return res.end('<html><body>Maintenance</body></html>');
        }
        return ok(res, organiser.data(events));
      case 'all-events': {
        if (organiser.listFails || organiser.organiserFails) return send(res, 500, { status: 'error', message: 'Internal error', code: 500, data: null });
        const pageSize = Math.max(1, Number(url.searchParams.get('page_size')) || 10);
        const total = events.length;
        const totalPages = Math.ceil(total / pageSize);
        const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
        const data = (organiser.data(events) ?? {}) as { name?: Json; logo?: Json };
        return ok(res, {
          id: 1,
          domain,
          name: data.name ?? null,
          organiser_name: data.name ?? null,
          logo: data.logo ?? null,
          expiry_at: null,
          events: events.slice((page - 1) * pageSize, page * pageSize),
          pagination: {
            total,
            current_page: page,
            total_pages: totalPages,
            page_size: pageSize,
            has_next_page: page < totalPages,
            has_previous_page: page > 1,
          },
        });
      }
      case 'contact-us':
        if (organiser.contact === undefined) return send(res, 500, { status: 'error', message: 'Internal error', code: 500, data: null });
        return ok(res, organiser.contact);
      default:
        return send(res, 404, { status: 'error', message: 'Not found', code: 404, data: null });
    }
  }

  const configMatch = /^\/api\/v1\/client\/events\/(\d+)\/config$/.exec(path);
  if (configMatch) {
    const id = Number(configMatch[1]);
    for (const org of Object.values(SPEC_ORGANISERS)) {
      const event = org.events.find((e) => e.event_id === id);
      if (!event) continue;
      const config = org.config?.[id];
      if (config === 'http-500') return send(res, 500, { status: 'error', message: 'Internal error', code: 500, data: null }, 'Internal Server Error');
      if (config === 'http-404') break;
      return ok(res, config ?? specEventConfig(event));
    }
    return send(res, 404, { status: 'error', message: 'Event not found', code: 404, data: null }, 'Not Found');
  }

  // Nothing else exists here: no photo listing, no search, no downloads.
  return send(res, 404, { status: 'error', message: 'Not found', code: 404, data: null }, 'Not Found');
}

/** How long the double waits before answering this request. */
function delayFor(req: IncomingMessage): number {
  const url = new URL(req.url ?? '/', 'http://double');
  const domain = url.searchParams.get('app_domain');
  if (domain) return SPEC_ORGANISERS[domain]?.delayMs ?? 0;
  const id = Number(/^\/api\/v1\/client\/events\/(\d+)\/config$/.exec(url.pathname)?.[1]);
  return Object.values(SPEC_ORGANISERS).find((o) => o.events.some((e) => e.event_id === id))?.configDelayMs ?? 0;
}

export function startSpecProvider(port = 0): Promise<SpecProvider> {
  const requests: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    if (req.method !== 'GET') return send(res, 405, { status: 'error', message: 'Method not allowed', code: 405, data: null });
    const delay = delayFor(req);
    if (delay <= 0) return handle(req, res);
    const timer = setTimeout(() => {
      timers.delete(timer);
      handle(req, res);
    }, delay);
    timers.add(timer);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${bound}`,
        requests,
        stop: () =>
          new Promise<void>((done) => {
            for (const t of timers) clearTimeout(t);
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
