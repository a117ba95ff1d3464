import {
  type AboutUs,
  type AllEvents,
  type AllEventsQuery,
  type ContactUs,
  DEFAULT_EXTRA_CONFIG,
  type EventSummary,
  type ExtraConfig,
  type OrganiserData,
  type OrganiserInput,
  type OrganiserSettings,
  type OrganiserSettingsPatch,
  SUMMARY_PHOTO_COUNT,
} from '@eventsite/contract';
import { AppError, conflict, notFound } from '../errors.js';
import type { EventRepository, EventRow, SummaryPhoto } from '../repositories/events.js';
import type {
  NewOrganiserRow,
  OrganiserRepository,
  OrganiserRow,
} from '../repositories/organisers.js';
import { absoluteAssetUrl, eventSlug } from './urls.js';
import { photosConfigOf } from './event-config.js';
import { mergeDeep } from './merge.js';

/** The home page shows recent events; 12 fill its grid. */
export const RECENT_EVENTS_COUNT = 12;

/**
 * How long an event's cover photos are reused. This process drops them when it adds or deletes a
 * photo of the event ({@link OrganiserService.forgetCovers}); another process's change shows
 * within this time.
 */
const COVERS_TTL_MS = 60_000;
const MAX_COVERS = 5_000;

export class OrganiserService {
  /** The cover photos of events (the summary sample): ranking an event's photos is O(photos). */
  private readonly covers = new Map<number, { photos: SummaryPhoto[]; until: number }>();

  constructor(
    private readonly organisers: OrganiserRepository,
    private readonly events: EventRepository,
    /** Called after an organiser is created or changed, so that caches of what is public are dropped. */
    private readonly onChange: () => void = () => undefined,
  ) {}

  /** The one organiser of a domain; never another organiser's data. */
  async resolve(domain: string): Promise<OrganiserRow> {
    const organiser = await this.organisers.findByDomain(domain);
    if (!organiser) throw notFound(`No organiser is configured for the domain '${domain}'`);
    return organiser;
  }

  /** Where the hosted contact form's messages are emailed: its notify_email, else contact_email. */
  async contactFormAddress(organiser: OrganiserRow): Promise<string> {
    const form = await this.organisers.contactForm(organiser.id);
    return form?.notifyEmail || organiser.contactEmail;
  }

  async data(domain: string, origin: string): Promise<OrganiserData> {
    const organiser = await this.resolve(domain);
    const recent = await this.events.publishedPage(organiser.id, 0, RECENT_EVENTS_COUNT);
    return {
      name: organiser.name,
      logo: absoluteAssetUrl(organiser.logo, origin),
      extra_config: extraConfigOf(organiser),
      recent_events: await this.summaries(recent),
    };
  }

  async allEvents(query: AllEventsQuery, origin: string): Promise<AllEvents> {
    const organiser = await this.resolve(query.app_domain);
    const total = await this.events.countPublished(organiser.id);
    const totalPages = Math.ceil(total / query.page_size);
    const offset = (query.page - 1) * query.page_size;
    const rows =
      offset < total ? await this.events.publishedPage(organiser.id, offset, query.page_size) : [];
    return {
      id: organiser.id,
      domain: query.app_domain,
      name: organiser.name,
      organiser_name: organiser.name,
      logo: absoluteAssetUrl(organiser.logo, origin),
      expiry_at: organiser.expiryAt ? organiser.expiryAt.toISOString() : null,
      events: await this.summaries(rows),
      pagination: {
        total,
        current_page: query.page,
        total_pages: totalPages,
        page_size: query.page_size,
        has_next_page: query.page < totalPages,
        has_previous_page: query.page > 1,
      },
    };
  }

  async contactUs(domain: string, origin: string): Promise<ContactUs> {
    const organiser = await this.resolve(domain);
    const form = await this.organisers.contactForm(organiser.id);
    if (form && form.iframeSrc !== '') {
      return { contact_us: { form: { iframeSrc: form.iframeSrc, scriptSrc: form.scriptSrc } } };
    }
    const iframeSrc = `${origin}/forms/contact?app_domain=${encodeURIComponent(domain)}`;
    return { contact_us: { form: { iframeSrc, scriptSrc: '' } } };
  }

  async aboutUs(domain: string, origin: string): Promise<AboutUs> {
    const organiser = await this.resolve(domain);
    return {
      name: organiser.name,
      description: organiser.description,
      logo: absoluteAssetUrl(organiser.logo, origin),
      website: organiser.website,
      contact_email: organiser.contactEmail,
      links: extraConfigOf(organiser).footer_config.socialMediaLinks,
      events_count: await this.events.countPublished(organiser.id),
    };
  }

  /**
   * Creates or updates the organiser described by a config file. It is matched by `id` when
   * given, else by its first domain. A domain another organiser owns is refused.
   */
  async apply(input: OrganiserInput, id?: number): Promise<{ id: number; created: boolean }> {
    let existing: OrganiserRow | undefined;
    if (id !== undefined) {
      existing = await this.organisers.findById(id);
      if (!existing) throw notFound(`No organiser has the id ${id}`);
    } else {
      existing = await this.organisers.findByDomain(input.domains[0]!);
    }
    const unique = [...new Set(input.domains)];
    if (unique.length !== input.domains.length)
      throw new AppError(400, 'domains: a domain is listed twice');
    for (const owner of await this.organisers.ownersOf(unique)) {
      if (owner.organiserId !== existing?.id) {
        throw conflict(
          `domains: '${owner.domain}' already belongs to organiser ${owner.organiserId}`,
        );
      }
    }
    const values: NewOrganiserRow = {
      name: input.name,
      logo: input.logo,
      description: input.description,
      website: input.website,
      contactEmail: input.contact_email,
      expiryAt: input.expiry_at ? new Date(input.expiry_at) : null,
      extraConfig: input.extra_config,
    };
    const saved = await this.organisers.save(existing?.id, values, unique, {
      iframeSrc: input.contact_form.iframeSrc,
      scriptSrc: input.contact_form.scriptSrc,
      notifyEmail: input.contact_form.notify_email,
    });
    this.onChange();
    return saved;
  }

  /** The organiser's own settings, as the admin API shows them. */
  async settings(organiserId: number): Promise<OrganiserSettings> {
    const organiser = await this.organisers.findById(organiserId);
    if (!organiser) throw notFound(`No organiser has the id ${organiserId}`);
    return this.settingsView(organiser);
  }

  /**
   * The organiser changes its own settings: `extra_config` is laid over what is stored (checked
   * by the contract's extraConfigPatch, as `organiser apply` checks it).
   */
  async updateSettings(
    organiserId: number,
    patch: OrganiserSettingsPatch,
  ): Promise<OrganiserSettings> {
    const current = await this.organisers.findById(organiserId);
    if (!current) throw notFound(`No organiser has the id ${organiserId}`);
    const row = await this.organisers.updateSettings(organiserId, {
      name: patch.name,
      logo: patch.logo,
      description: patch.description,
      website: patch.website,
      contactEmail: patch.contact_email,
      extraConfig:
        patch.extra_config === undefined
          ? undefined
          : mergeDeep(current.extraConfig, patch.extra_config),
    });
    this.onChange();
    return this.settingsView(row!);
  }

  private async settingsView(organiser: OrganiserRow): Promise<OrganiserSettings> {
    return {
      id: organiser.id,
      name: organiser.name,
      domains: await this.organisers.domainsOf(organiser.id),
      logo: organiser.logo,
      description: organiser.description,
      website: organiser.website,
      contact_email: organiser.contactEmail,
      expiry_at: organiser.expiryAt ? organiser.expiryAt.toISOString() : null,
      extra_config: extraConfigOf(organiser),
    };
  }

  /** Drops the cover photos of an event whose photos changed. */
  forgetCovers(eventId: number): void {
    this.covers.delete(eventId);
  }

  /** The cover photos of these events, from the memo where fresh, else read in one query. */
  private async coversOf(eventIds: number[]): Promise<Map<number, SummaryPhoto[]>> {
    const now = Date.now();
    const found = new Map<number, SummaryPhoto[]>();
    const missing: number[] = [];
    for (const id of eventIds) {
      const memo = this.covers.get(id);
      if (memo && memo.until > now) found.set(id, memo.photos);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const rows = await this.events.summaryPhotos(missing, SUMMARY_PHOTO_COUNT);
    if (this.covers.size + missing.length > MAX_COVERS) this.covers.clear();
    for (const id of missing) {
      const photos = rows.filter((p) => p.eventId === id);
      found.set(id, photos);
      this.covers.set(id, { photos, until: now + COVERS_TTL_MS });
    }
    return found;
  }

  list() {
    return this.organisers.listWithDomains();
  }

  private async summaries(rows: EventRow[]): Promise<EventSummary[]> {
    // Privacy mode (show_all_images false): a private event's photos are found by search only, so
    // its summary carries none (the site shows the event's banner or a plain card instead).
    const open = rows.filter((r) => photosConfigOf(r).feature_flag.show_all_images);
    const covers = await this.coversOf(open.map((r) => r.id));
    return rows.map((row) => ({
      event_id: row.id,
      event_name: row.name,
      event_date: row.eventDate,
      event_slug: eventSlug(row.name, row.id),
      event_photos: (covers.get(row.id) ?? []).map((p) => `${p.uuid},${p.width},${p.height}`),
      location: { location_city: row.city },
    }));
  }
}

/** The organiser's `extra_config` as served: the defaults with what the operator stored laid over them. */
export function extraConfigOf(o: Pick<OrganiserRow, 'extraConfig'>): ExtraConfig {
  return mergeDeep(DEFAULT_EXTRA_CONFIG, o.extraConfig);
}
