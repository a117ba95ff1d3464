import {
  DEFAULT_THEME_COLOUR,
  FACE_RETENTION_DAYS,
  FACE_RETENTION_MAX_DAYS_LIMIT,
  FALLBACK_THEME_COLOUR,
  PROVIDER_NAME,
} from '@eventsite/contract/constants';
import {
  DEFAULT_EXTRA_CONFIG,
  footerConfig,
  type EventDetails,
  type EventPhotosConfig,
  type Pagination,
} from '@eventsite/contract';
import { themeColour } from '@/lib/colour';
import { callToAction, gtmId, headerDesign } from '@/lib/header';
import { parsePhotoRef, type PhotoRef } from '@/lib/photos';
import { parseEventSlug } from '@/lib/slug';
import { socialLinks } from '@/lib/social';
import { httpUrlOrNull } from '@/lib/url';
import type { EventCardData, EventPage, Organiser, SiteFooter } from './model';

/**
 * How the site reads what a provider sends. Any provider that speaks the public contract may
 * serve a site, and it may send only what the contract describes, or less. So nothing here
 * rejects a whole answer because of one field: each field is read on its own, and a field that
 * is missing, null or of the wrong kind takes its default; fields nobody asked for are ignored.
 * Only what cannot be defaulted is required: an event without a numeric id is skipped (a card
 * could not link to it), and an event configuration without its event details or its
 * event_photos_config cannot be shown.
 */

type Obj = Record<string, unknown>;

export function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
const obj = (value: unknown): Obj => (isObj(value) ? value : {});
const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const str = (value: unknown, fallback = ''): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : fallback;
const bool = (value: unknown, fallback: boolean): boolean =>
  typeof value === 'boolean' ? value : fallback;

/** A whole number, from a number or a string of digits. */
function int(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim())) return Number(value.trim());
  return null;
}
const count = (value: unknown, fallback = 0): number => {
  const n = int(value);
  return n !== null && n >= 0 ? n : fallback;
};

/* ---------- Organiser ---------- */

/** An organiser without a name goes by the provider's name. */
export function organiserName(name: string | undefined | null): string {
  const trimmed = (name ?? '').trim();
  return trimmed === '' ? PROVIDER_NAME : trimmed;
}

/**
 * The organiser's brand. The theme colour is #2E6F40 unless a valid hex colour is given; the
 * header is 'fill' only when given as fill; the call-to-action needs text and an http(s) link
 * and sits on the right unless given as left; 'Powered by' shows unless branding is hidden with
 * a plain `true`; social links need a platform and an absolute http(s) URL.
 */
export function readOrganiser(data: unknown): Organiser {
  const d = obj(data);
  const extra = obj(d.extra_config);
  const footer = obj(extra.footer_config);
  const cta = obj(extra.headerCta);
  return {
    name: organiserName(typeof d.name === 'string' ? d.name : null),
    logo: httpUrlOrNull(d.logo),
    logoPlate: extra.logoPlate ? themeColour(extra.logoPlate, '') || null : null,
    themeColour: themeColour(extra.themeColor, DEFAULT_THEME_COLOUR),
    headerDesign: headerDesign(extra.headerDesign),
    cta: callToAction({
      text: str(cta.text),
      href: str(cta.href),
      position: cta.position === 'left' ? 'left' : 'right',
    }),
    gtmId: gtmId({ googleTagManagerId: str(extra.googleTagManagerId) }),
    footer: readFooter(footer),
  };
}

/**
 * The footer configuration, field by field as the contract describes it: a field that does not
 * fit its schema takes the default. The social links are checked one by one (one bad link does
 * not hide the others), and branding is hidden only by a plain `true`.
 */
function readFooter(footer: Obj): SiteFooter {
  const {
    socialMediaLinks: _links,
    hide9picBranding: _branding,
    ...defaults
  } = DEFAULT_EXTRA_CONFIG.footer_config;
  const fields: Record<string, unknown> = { ...defaults };
  for (const key of Object.keys(defaults)) {
    const schema = (
      footerConfig.shape as Record<
        string,
        { safeParse(v: unknown): { success: boolean; data?: unknown } }
      >
    )[key];
    const read = schema?.safeParse(footer[key]);
    if (read?.success) fields[key] = typeof read.data === 'string' ? read.data.trim() : read.data;
  }
  return {
    ...(fields as typeof defaults),
    socialLinks: socialLinks(
      arr(footer.socialMediaLinks)
        .filter(isObj)
        .map((l) => ({
          platform: str(l.platform),
          url: str(l.url),
          icon: str(l.icon),
          label: str(l.label),
        })),
    ),
    showBranding: footer.hide9picBranding !== true,
  };
}

/** What the site shows when the organiser call fails: default logo, theme #FF5733, the provider's name. */
export function fallbackOrganiser(): Organiser {
  return { ...readOrganiser({}), themeColour: FALLBACK_THEME_COLOUR };
}

/* ---------- Event summaries ---------- */

/** One event of a list; null when it has no usable id. Photo references that do not parse are skipped. */
export function readEventSummary(value: unknown): EventCardData | null {
  if (!isObj(value)) return null;
  const id = int(value.event_id);
  if (id === null || id < 0) return null;
  const slug = str(value.event_slug).trim();
  return {
    id,
    name: str(value.event_name).trim(),
    date: str(value.event_date).trim(),
    // The path of the event's pages: the provider's slug when it names this id, else the id.
    slug:
      slug !== '' && parseEventSlug(slug) === id && /^[A-Za-z0-9._~-]+$/.test(slug)
        ? slug
        : String(id),
    city: str(obj(value.location).location_city).trim(),
    photos: arr(value.event_photos)
      .map((ref) => (typeof ref === 'string' ? parsePhotoRef(ref) : null))
      .filter((p): p is PhotoRef => p !== null),
  };
}

export function readEventSummaries(value: unknown): EventCardData[] {
  return arr(value)
    .map(readEventSummary)
    .filter((e): e is EventCardData => e !== null);
}

/* ---------- The all-events page ---------- */

/**
 * One page of events. Pagination fields that are missing are worked out from what is there:
 * the page asked for, the events on it, and the page size asked for.
 */
export function readEventsPage(
  data: unknown,
  page: number,
  pageSize: number,
): { events: EventCardData[]; pagination: Pagination } {
  const d = obj(data);
  const events = readEventSummaries(d.events);
  const p = obj(d.pagination);
  const size = count(p.page_size, 0) || pageSize;
  const current = count(p.current_page, 0) || page;
  const total = count(p.total, (current - 1) * size + events.length);
  const totalPages = count(p.total_pages, Math.ceil(total / size));
  return {
    events,
    pagination: {
      total,
      current_page: current,
      total_pages: totalPages,
      page_size: size,
      has_next_page: bool(p.has_next_page, current < totalPages),
      has_previous_page: bool(p.has_previous_page, current > 1),
    },
  };
}

/* ---------- Contact ---------- */

/** The form to embed, when the provider names an http(s) one. */
export function readContactForm(data: unknown): string | null {
  return httpUrlOrNull(obj(obj(obj(data).contact_us).form).iframeSrc);
}

/* ---------- Event configuration ---------- */

/** Thrown when an event configuration cannot be shown at all ('Error Loading Event'). */
export class EventMappingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EventMappingError';
  }
}

/**
 * Features that need more than the contract's calls (a search, a zip, a selfie) are off unless
 * the provider turns them on; the gallery is listed and its count shown unless turned off.
 */
const FEATURE_DEFAULTS: EventPhotosConfig['feature_flag'] = {
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
const BIB_STRATEGY_NAMES = ['ocr', 'manual', 'results'] as const;
const CTA_PLACEMENTS = ['top', 'bottom', 'both'] as const;

function readFlags(value: unknown): EventPhotosConfig['feature_flag'] {
  const f = obj(value);
  const flags = { ...FEATURE_DEFAULTS };
  for (const key of Object.keys(flags) as (keyof typeof flags)[])
    flags[key] = bool(f[key], flags[key]);
  return flags;
}

function readThreshold(value: unknown, fallback: number, min: number, max: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max
    ? value
    : fallback;
}

/**
 * The event behind a gallery or promo page. Its details must be an object with a numeric id, and
 * its `event_photos_config` an object: without either the configuration cannot be mapped ('Error
 * Loading Event'). Every field inside them has a default (no name gives the 'Event Photos' title,
 * the video limits are 0, a call-to-action without text or an http(s) url is not shown).
 */
export function readEventConfig(data: unknown): EventPage {
  if (!isObj(data)) throw new EventMappingError('the event configuration is not an object');
  if (!isObj(data.event_details))
    throw new EventMappingError('the event configuration has no event details');
  const e = data.event_details;
  const id = int(e.id);
  if (id === null || id < 0) throw new EventMappingError('the event details have no numeric id');
  if (!isObj(data.event_photos_config))
    throw new EventMappingError('the event configuration has no event_photos_config');
  const c = data.event_photos_config;
  const flags = readFlags(c.feature_flag);
  const banner = obj(c.banner_config);
  const video = obj(c.video_config);
  const validation = obj(video.validation);
  const bib = obj(c.bib_config);
  const cta = obj(c.cta_config);
  const selfie = obj(c.selfie_config);
  const client = obj(e.client);
  const details: EventDetails = {
    id,
    name: str(e.name).trim(),
    total_images: count(e.total_images),
    event_date: str(e.event_date).trim(),
    slug: str(e.slug).trim(),
    city: str(e.city).trim(),
    organiser_name: str(e.organiser_name).trim(),
    client: { name: str(client.name).trim(), logo: str(client.logo).trim() },
  };
  // Only from a provider that versions its photos' look (a watermark): it goes into photo URLs.
  const photoVersion = int(e.photo_version);
  if (photoVersion !== null && photoVersion > 0) details.photo_version = photoVersion;
  const config: EventPhotosConfig = {
    feature_flag: flags,
    banner_config: { enabled: bool(banner.enabled, false), image_url: str(banner.image_url) },
    video_config: {
      validation: {
        min_images: count(validation.min_images),
        max_images: count(validation.max_images),
      },
      template_enabled: bool(video.template_enabled, false),
    },
    bib_config: {
      strategies: arr(bib.strategies).filter((s): s is (typeof BIB_STRATEGY_NAMES)[number] =>
        BIB_STRATEGY_NAMES.includes(s as never),
      ),
      global_confidence_threshold: readThreshold(bib.global_confidence_threshold, 0.8, 0, 1),
      placeholder_text: str(bib.placeholder_text).trim() || 'Enter your bib number',
    },
    cta_config: {
      text: str(cta.text).trim(),
      url: httpUrlOrNull(cta.url) ?? '',
      placement: CTA_PLACEMENTS.includes(cta.placement as never)
        ? (cta.placement as (typeof CTA_PLACEMENTS)[number])
        : 'top',
      pass_search: bool(cta.pass_search, false),
    },
    selfie_config: {
      match_threshold: readThreshold(selfie.match_threshold, 0.6, 0.3, 0.95),
      face_retention_days: Math.round(
        readThreshold(
          selfie.face_retention_days,
          FACE_RETENTION_DAYS,
          1,
          FACE_RETENTION_MAX_DAYS_LIMIT,
        ),
      ),
      indexed_faces: selfie.indexed_faces === 'runners' ? 'runners' : 'everyone',
    },
  };
  // A call-to-action without both its words and its link is not shown.
  if (config.cta_config.text === '' || config.cta_config.url === '')
    config.feature_flag.cta_enabled = false;
  return {
    details,
    config,
    bannerUrl: config.banner_config.enabled ? httpUrlOrNull(config.banner_config.image_url) : null,
    clientLogo: flags.client_enabled ? httpUrlOrNull(details.client.logo) : null,
    clientName: flags.client_enabled ? details.client.name || null : null,
  };
}
