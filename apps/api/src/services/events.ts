import {
  type AdminEvent,
  type EventConfig,
  type EventInput,
  type EventPatch,
  type EventPhotosConfigPatch,
} from '@eventsite/contract';
import { AppError, notFound } from '../errors.js';
import type { EventRepository, EventRow } from '../repositories/events.js';
import type { PhotoRepository } from '../repositories/photos.js';
import { photosConfigOf } from './event-config.js';
import { mergeDeep } from './merge.js';
import type { FaceRetention } from './face-retention.js';
import type { OrganiserService } from './organisers.js';
import { absoluteAssetUrl, eventSlug } from './urls.js';

const PUBLISHED_TTL_MS = 3_000;

export class EventService {
  constructor(
    private readonly events: EventRepository,
    private readonly photos: PhotoRepository,
    private readonly organisers: OrganiserService,
    /** Called after any change to an event, so that caches of what is public are dropped. */
    private readonly onChange: () => void = () => undefined,
  ) {}

  /**
   * How the event's photos look (the watermark service: the version of the mark drawn on them),
   * set once the services are made (that service needs this one first).
   */
  photoLooks: { current(eventId: number): Promise<{ version: number }> } | undefined;

  /**
   * Called when a change gives an event another bib format (`bib_config.format`): its photos are
   * read again under it (services/index.ts sets it to `BibService.readEventAgain`).
   */
  onBibFormatChange: ((eventId: number) => Promise<unknown>) | undefined;

  /**
   * Called when a change makes an event store other faces (`selfie_config.indexed_faces`): its
   * photos' faces are found again (services/index.ts sets it to `FaceService.indexedFacesChanged`).
   */
  onIndexedFacesChange: ((event: EventRow) => Promise<unknown>) | undefined;

  /**
   * Whether the platform recognises faces at all (FACES_ENABLED): off, no event offers selfie
   * search, whatever its setting (set by services/index.ts).
   */
  facesAvailable = true;

  /** When an event's face data is deleted, and the platform's cap (set by services/index.ts). */
  faceRetention: Pick<FaceRetention, 'expiresAt' | 'maxDays'> | undefined;

  /**
   * Published events as recently read (every gallery request needs one): reused for a few
   * seconds, dropped at once when this process changes an event; another process's change (the
   * CLI on PostgreSQL) shows within the TTL.
   */
  private readonly published = new Map<
    number,
    { event: EventRow & { organiserName: string }; until: number }
  >();

  /**
   * The event configuration the site reads (docs/requirements.md, Data); unpublished and unknown events are both "not found", and so is an event
   * of another organiser than the one of `appDomain` when it is given.
   */
  async config(eventId: number, appDomain?: string, origin = ''): Promise<EventConfig> {
    const event = await this.requirePublished(eventId, appDomain);
    const photosConfig = photosConfigOf(event);
    if (!this.facesAvailable)
      photosConfig.feature_flag = { ...photosConfig.feature_flag, selfie_search: false };
    // Artwork the API hosts itself (the demo's) is stored as a path: absolute for the caller.
    photosConfig.banner_config = {
      ...photosConfig.banner_config,
      image_url: absoluteAssetUrl(photosConfig.banner_config.image_url, origin),
    };
    return {
      event_details: {
        id: event.id,
        name: event.name,
        total_images: await this.photos.count(event.id),
        event_date: event.eventDate,
        slug: eventSlug(event.name, event.id, event.linkKey),
        city: event.city,
        organiser_name: event.organiserName,
        client: { name: event.clientName, logo: absoluteAssetUrl(event.clientLogo, origin) },
        // The version of the mark drawn on the photos: the site puts it in their URLs.
        photo_version: (await this.photoLooks?.current(event.id))?.version ?? 0,
      },
      event_photos_config: photosConfig,
    };
  }

  async requirePublished(
    eventId: number,
    appDomain?: string,
  ): Promise<EventRow & { organiserName: string }> {
    const now = Date.now();
    let event = this.published.get(eventId);
    if (!event || event.until <= now) {
      const row = await this.events.findPublished(eventId);
      if (!row) throw notFound(`No published event has the id ${eventId}`);
      if (this.published.size > 1000) this.published.clear();
      event = { event: row, until: now + PUBLISHED_TTL_MS };
      this.published.set(eventId, event);
    }
    return this.checkDomain(event.event, appDomain);
  }

  private async checkDomain<E extends EventRow>(
    event: E,
    appDomain: string | undefined,
  ): Promise<E> {
    const eventId = event.id;
    if (appDomain !== undefined) {
      const organiser = await this.organisers.resolve(appDomain);
      if (organiser.id !== event.organiserId)
        throw notFound(`No published event has the id ${eventId}`);
    }
    return event;
  }

  /** The event when it belongs to the organiser; another organiser's event does not exist for it. */
  async requireOwned(eventId: number, organiserId: number): Promise<EventRow> {
    const event = await this.events.findById(eventId);
    if (!event || event.organiserId !== organiserId)
      throw notFound(`No event has the id ${eventId}`);
    return event;
  }

  async createFor(organiserId: number, input: EventInput): Promise<AdminEvent> {
    this.checkRetention(input.event_photos_config);
    const row = await this.events.create({
      organiserId,
      name: input.name,
      eventDate: input.event_date,
      city: input.city,
      published: input.published,
      clientName: input.client_name,
      clientLogo: input.client_logo,
      photosConfig: input.event_photos_config,
    });
    this.onChange();
    return this.adminView(row);
  }

  async require(eventId: number): Promise<EventRow> {
    const event = await this.events.findById(eventId);
    if (!event) throw notFound(`No event has the id ${eventId}`);
    return event;
  }

  async create(domain: string, input: EventInput): Promise<AdminEvent> {
    this.checkRetention(input.event_photos_config);
    const organiser = await this.organisers.resolve(domain);
    const row = await this.events.create({
      organiserId: organiser.id,
      name: input.name,
      eventDate: input.event_date,
      city: input.city,
      published: input.published,
      clientName: input.client_name,
      clientLogo: input.client_logo,
      photosConfig: input.event_photos_config,
    });
    this.onChange();
    return this.adminView(row);
  }

  /** The operator's change to any event (the CLI). */
  async update(eventId: number, patch: EventPatch): Promise<AdminEvent> {
    return this.change(await this.require(eventId), patch);
  }

  /** An organiser's change to one of its events; another organiser's event does not exist for it. */
  async updateFor(organiserId: number, eventId: number, patch: EventPatch): Promise<AdminEvent> {
    return this.change(await this.requireOwned(eventId, organiserId), patch);
  }

  private async change(current: EventRow, patch: EventPatch): Promise<AdminEvent> {
    this.checkRetention(patch.event_photos_config);
    const eventId = current.id;
    const row = await this.events.update(eventId, {
      name: patch.name,
      eventDate: patch.event_date,
      city: patch.city,
      published: patch.published,
      clientName: patch.client_name,
      clientLogo: patch.client_logo,
      photosConfig:
        patch.event_photos_config === undefined
          ? undefined
          : mergeDeep(current.photosConfig, patch.event_photos_config),
    });
    this.published.delete(eventId);
    this.onChange();
    const formatOf = (r: EventRow) => JSON.stringify(photosConfigOf(r).bib_config.format ?? null);
    if (formatOf(row!) !== formatOf(current)) await this.onBibFormatChange?.(eventId);
    const indexedOf = (r: EventRow) => photosConfigOf(r).selfie_config.indexed_faces;
    if (indexedOf(row!) !== indexedOf(current)) await this.onIndexedFacesChange?.(row!);
    return this.adminView(row!);
  }

  /**
   * The event changed outside this service (its access level, services/event-access.ts): its
   * row is read again, and what is public of it is made again.
   */
  forget(eventId: number): void {
    this.published.delete(eventId);
    this.onChange();
  }

  /** The event was deleted (services/event-contents.ts): nothing of it is served from memory. */
  forgetDeleted(eventId: number): void {
    this.published.delete(eventId);
    this.onChange();
  }

  async list(domain: string): Promise<AdminEvent[]> {
    const organiser = await this.organisers.resolve(domain);
    return this.listFor(organiser.id);
  }

  /** Every event of the organiser, published or not, newest first (the admin API, the console). */
  async listFor(organiserId: number): Promise<AdminEvent[]> {
    const rows = await this.events.listByOrganiser(organiserId);
    const counts = await this.events.photoCounts(rows.map((r) => r.id));
    return rows.map((row) => this.toAdmin(row, counts.get(row.id) ?? 0));
  }

  /** Face data is kept at most the platform's cap (FACE_RETENTION_MAX_DAYS): more is refused. */
  private checkRetention(config: EventPhotosConfigPatch | undefined): void {
    const days = config?.selfie_config?.face_retention_days;
    const max = this.faceRetention?.maxDays;
    if (days !== undefined && max !== undefined && days > max)
      throw new AppError(
        400,
        `event_photos_config.selfie_config.face_retention_days: face data can be kept at most ${max} days on this platform`,
      );
  }

  async adminView(row: EventRow): Promise<AdminEvent> {
    return this.toAdmin(row, await this.photos.count(row.id));
  }

  private toAdmin(row: EventRow, totalImages: number): AdminEvent {
    return {
      id: row.id,
      slug: eventSlug(row.name, row.id, row.linkKey),
      name: row.name,
      event_date: row.eventDate,
      city: row.city,
      published: row.published,
      client_name: row.clientName,
      client_logo: row.clientLogo,
      total_images: totalImages,
      event_photos_config: photosConfigOf(row),
      selfie_search_available: this.facesAvailable,
      ...(this.faceRetention
        ? { face_data_expires_at: this.faceRetention.expiresAt(row).toISOString() }
        : {}),
    };
  }
}
