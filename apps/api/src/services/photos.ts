import type { PhotoPage } from '@eventsite/contract';
import type { BlobStores } from '../adapters/blobs.js';
import {
  MIME_TYPES,
  renderVariant,
  renderVariants,
  type VariantFormat,
} from '../adapters/images.js';
import { AppError, notFound } from '../errors.js';
import type { BibFilter, PhotoRepository, PhotoRow } from '../repositories/photos.js';
import type { EventRow } from '../repositories/events.js';
import { photosConfigOf } from './event-config.js';
import type { EventService } from './events.js';
import { decodeCursor, encodeCursor } from './photo-cursor.js';
import type { BlurredCopies } from './blurred-copies.js';
import type { Mark, MarkedCopies } from './marked-copies.js';
import {
  ByteLru,
  keepWhileStreaming,
  negotiateFormat,
  variantEtag,
  variantKey,
} from './photo-files.js';
import type { MarkSource, MarkState } from './watermarks.js';
import type { Signal } from './signal.js';
import { kebabCase } from './urls.js';

export { negotiateFormat, variantKey } from './photo-files.js';

/** Width served when a caller asks for none: sharp on screens, never upscaled. */
export const DEFAULT_DISPLAY_WIDTH = 1600;
import type { PhotoBody, PhotoFile } from './photo-files.js';

export type { PhotoBody, PhotoFile };

/**
 * How long a photo lookup (exists, event published) is reused. Unpublishing in this process
 * clears it at once; through another process (the CLI on PostgreSQL) it takes effect within this.
 */
const LOOKUP_TTL_MS = 5_000;
const LOOKUP_MAX = 20_000;

/** A photo visitors may see, with its event's watermark as it was when looked up. */
type ServablePhoto = Awaited<ReturnType<PhotoRepository['findServable']>> & { mark: MarkState };

/** The widths rendered at ingest (WebP): the gallery grid and the viewer ask for these most. */
export const PRERENDERED_WIDTHS = [480, 1280] as const;

export const PRIVATE_GALLERY_MESSAGE =
  'This gallery is private: search for your photos by bib number or name.';

export interface PhotoSearch {
  bib?: string | undefined;
  name?: string | undefined;
}

/**
 * The bib service: turns a bib or name search into the bib rows that find photos, and deletes a
 * photo's bib rows so that the event's other readings no longer lean on them.
 */
export interface PhotoSearchResolver {
  filterFor(event: EventRow, search: PhotoSearch): Promise<BibFilter>;
  deletingPhoto(eventId: number, uuid: string, remove: () => Promise<void>): Promise<void>;
}

/** Told when a photo is deleted (the selfie search indexes drop its faces). */
export interface DeletedPhotoListener {
  forgetPhoto(eventId: number, uuid: string): Promise<void>;
}

export class PhotoService {
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  private readonly memory = new ByteLru(64 * 1024 * 1024);
  private readonly lookups = new Map<string, { photo: ServablePhoto; until: number }>();

  constructor(
    private readonly photos: PhotoRepository,
    private readonly events: EventService,
    private readonly blobs: BlobStores,
    /** Turns a bib or name search into bib rows (the bib service). */
    private readonly search: PhotoSearchResolver,
    private readonly deleted: DeletedPhotoListener,
    /** Any change to an event (unpublished, say): cached photo look-ups are dropped. */
    eventChanges: Signal,
    /** Photos with hidden faces are served from blurred copies. */
    private readonly blurred: BlurredCopies,
    /** The events' watermarks (services/watermarks.ts), and the copies that carry them. */
    private readonly marks: MarkSource,
    private readonly copies: MarkedCopies,
  ) {
    eventChanges.listen(() => this.forgetLookups());
  }

  /**
   * A page of an event's photos in gallery order, of those a bib or name search finds, or of
   * given ones (`ids`, at most MAX_PHOTO_IDS). Privacy mode (show_all_images false): only
   * searches and given photos answer.
   */
  async page(
    eventId: number,
    cursor: string | undefined,
    limit: number,
    options: PhotoSearch & { appDomain?: string | undefined; ids?: string[] | undefined } = {},
  ): Promise<PhotoPage> {
    const event = await this.events.requirePublished(eventId, options.appDomain);
    const after = cursor === undefined ? null : decodeCursor(cursor);
    let rows: PhotoRow[];
    let total: number;
    if (options.ids !== undefined) {
      // Given photos (a shared selection): the ids are unguessable like a photo's own link, so
      // this answers in privacy mode too. Ids of other events, or of none, are simply absent.
      rows = await this.photos.byUuids(eventId, options.ids);
      total = rows.length;
    } else if (options.bib !== undefined || options.name !== undefined) {
      const filter = await this.search.filterFor(event, { bib: options.bib, name: options.name });
      ({ rows, total } = await this.photos.searchByBibs(eventId, filter, after, limit + 1));
    } else {
      if (!photosConfigOf(event).feature_flag.show_all_images)
        throw new AppError(403, PRIVATE_GALLERY_MESSAGE);
      rows = await this.photos.page(eventId, after, limit + 1);
      total = await this.photos.count(eventId);
    }
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      photos: page.map((p) => ({
        uuid: p.uuid,
        width: p.width,
        height: p.height,
        placeholder: p.placeholder,
        captured_at: p.capturedAt ? p.capturedAt.toISOString() : null,
      })),
      total,
      next_cursor: rows.length > limit && last ? encodeCursor(last) : null,
    };
  }

  /**
   * Renders the most requested variants now (at ingest), so the first visitors wait for none.
   * Called with the bytes of the photo just made from them (the ingest job, the demo): no lookup
   * and no read of the original.
   */
  async prerender(uuid: string, original: Buffer, eventId: number): Promise<void> {
    const { version } = await this.marks.current(eventId);
    const missing: number[] = [];
    for (const w of PRERENDERED_WIDTHS)
      if (!(await this.blobs.variants.has(variantKey(uuid, w, 'webp', 0, version))))
        missing.push(w);
    if (missing.length === 0) return;
    const mark = this.markOf(eventId, version)?.overlay;
    const rendered = await renderVariants(original, missing, 'webp', [], mark);
    for (const [i, width] of missing.entries())
      await this.blobs.variants.put(variantKey(uuid, width, 'webp', 0, version), rendered[i]!);
    this.renders += missing.length;
  }

  /**
   * Deletes a photo of the organiser's events: its row (and bib rows), its original, every
   * variant on disk and in memory, and cached lookups. 404 for a photo of another organiser.
   */
  async delete(uuid: string, organiserId: number): Promise<void> {
    const id = uuid.toLowerCase();
    const photo = await this.photos.findOwned(id, organiserId);
    if (!photo) throw notFound(`No photo has the id ${uuid}`);
    await this.search.deletingPhoto(photo.eventId, id, async () => {
      await this.photos.delete(id);
    });
    await this.deleted.forgetPhoto(photo.eventId, id);
    this.lookups.delete(id);
    this.memory.deletePrefix(`${id}/`);
    await this.blobs.originals.delete(photo.blobKey);
    await this.blobs.variants.deletePrefix(id);
  }

  /** A display variant; made from the original on first request, then cached. */
  async variant(
    uuid: string,
    width: number | undefined,
    accept: string | undefined,
  ): Promise<PhotoFile> {
    const photo = await this.servable(uuid);
    const format = negotiateFormat(accept);
    const w = width ?? DEFAULT_DISPLAY_WIDTH;
    const { version } = photo.mark;
    const key = variantKey(photo.uuid, w, format, photo.redaction, version);
    return {
      etag: variantEtag(photo.uuid, w, format, photo.redaction, version),
      contentType: MIME_TYPES[format],
      variesByAccept: true,
      access: { eventId: photo.eventId, level: photo.eventAccess },
      markVersion: version,
      open: () => this.openVariant(photo, key, w, format, version),
    };
  }

  /**
   * A small display variant of one of the organiser's photos for its console, whether or not it
   * is hidden or its event published (visitors' look-ups are not used). 404 for another's.
   */
  async preview(uuid: string, organiserId: number, width: number): Promise<PhotoFile> {
    const photo = await this.photos.findOwned(uuid.toLowerCase(), organiserId);
    if (!photo) throw notFound(`No photo has the id ${uuid}`);
    // The organiser's own working copy: without the watermark (the console draws it over).
    const format = 'jpeg' as const;
    const key = variantKey(photo.uuid, width, format, photo.redaction);
    return {
      etag: variantEtag(photo.uuid, width, format, photo.redaction),
      contentType: MIME_TYPES[format],
      variesByAccept: false,
      open: () => this.openVariant(photo, key, width, format, 0),
    };
  }

  /**
   * A variant already in memory for a photo whose lookup is still fresh, without any I/O: the hot
   * path of the photo server answers with it before routing (routes/hot-photos.ts). Undefined
   * otherwise, and the request takes the full route.
   */
  hotVariant(
    uuid: string,
    width: number,
    accept: string | undefined,
    askedVersion = 0,
  ): { etag: string; contentType: string; bytes: Buffer } | undefined {
    const cached = this.lookups.get(uuid);
    if (!cached || cached.until <= Date.now()) return undefined;
    // A password or unlisted event's photo is never answered here: the route checks its grant.
    if (cached.photo.eventAccess !== 'public') return undefined;
    const { version } = cached.photo.mark;
    // A URL of another mark version is answered by the route, with a short cache life.
    if (askedVersion !== version) return undefined;
    const format = negotiateFormat(accept);
    const { uuid: id, redaction } = cached.photo;
    const bytes = this.memory.get(variantKey(id, width, format, redaction, version));
    if (!bytes) return undefined;
    return {
      etag: variantEtag(id, width, format, redaction, version),
      contentType: MIME_TYPES[format],
      bytes,
    };
  }

  /**
   * The original as imported, for download; with hidden faces, its blurred copy; when the event
   * marks its downloads, its marked copy (blurred too). The original itself never changes.
   */
  async original(uuid: string): Promise<PhotoFile> {
    const photo = await this.servable(uuid);
    const ext = photo.blobKey.split('.').pop() ?? 'jpg';
    const file = {
      contentType: photo.mimeType,
      variesByAccept: false,
      filename: `${kebabCase(photo.eventSlugName)}-${photo.uuid}.${ext}`,
      eventId: photo.eventId,
      access: { eventId: photo.eventId, level: photo.eventAccess },
    };
    const mark = photo.mark.onDownloads ? this.markOf(photo.eventId, photo.mark.version) : null;
    if (photo.redaction > 0 || mark) {
      const copy = mark
        ? await this.copies.download(photo, mark)
        : await this.blurred.download(photo);
      const tag = `${photo.redaction > 0 ? `-h${photo.redaction}` : ''}${mark ? `-m${mark.version}` : ''}`;
      return {
        ...file,
        etag: `"${photo.uuid}-original-${photo.checksum.slice(0, 16)}${tag}"`,
        size: copy.size,
        open: async (range) => {
          const read = await this.blobs.variants.read(copy.key, range);
          if (!read) throw new Error(`The download copy of photo ${photo.uuid} is missing`);
          return { body: read.stream, length: range ? range.end - range.start + 1 : read.size };
        },
      };
    }
    return {
      ...file,
      etag: `"${photo.uuid}-original-${photo.checksum.slice(0, 16)}"`,
      size: photo.byteSize,
      open: async (range) => {
        const read = await this.blobs.originals.read(photo.blobKey, range);
        if (!read)
          throw new Error(`Original of photo ${photo.uuid} is missing from the blob store`);
        if (read.size !== photo.byteSize) {
          read.stream.destroy();
          throw new Error(
            `Original of photo ${photo.uuid} is ${read.size} bytes in the blob store, not ${photo.byteSize}`,
          );
        }
        return { body: read.stream, length: range ? range.end - range.start + 1 : read.size };
      },
    };
  }

  /**
   * After faces of the photo were hidden: its lookup and every copy in memory are dropped here
   * at once (the next request reads the new redaction and is served blurred).
   */
  forgetPhoto(uuid: string): void {
    this.lookups.delete(uuid);
    this.memory.deletePrefix(`${uuid}/`);
  }

  /**
   * The `redact` job's work: every stored copy of the photo is made again blurred (the widths
   * rendered at ingest and the download copy); nothing made before is kept.
   */
  async redact(uuid: string): Promise<{ redaction: number } | undefined> {
    const photo = await this.photos.findByUuid(uuid);
    if (!photo || photo.redaction === 0) return undefined;
    this.forgetPhoto(uuid);
    const { version } = await this.marks.current(photo.eventId);
    await this.blurred.rebuild(photo, PRERENDERED_WIDTHS, this.markOf(photo.eventId, version));
    this.forgetPhoto(uuid);
    this.renders += PRERENDERED_WIDTHS.length;
    return { redaction: photo.redaction };
  }

  private markOf(eventId: number, version: number): Mark | null {
    return version > 0 ? { version, overlay: this.marks.overlay(eventId, version) } : null;
  }

  /** Forget cached lookups, e.g. after an event is unpublished. */
  forgetLookups(): void {
    this.lookups.clear();
    this.marks.forget();
  }

  private async servable(uuid: string): Promise<ServablePhoto> {
    const id = uuid.toLowerCase();
    const now = Date.now();
    const cached = this.lookups.get(id);
    if (cached && cached.until > now) return cached.photo;
    const found = await this.photos.findServable(id);
    if (!found) throw notFound(`No published photo has the id ${uuid}`);
    const photo = { ...found, mark: await this.marks.current(found.eventId) };
    if (this.lookups.size >= LOOKUP_MAX) this.lookups.clear();
    this.lookups.set(id, { photo, until: now + LOOKUP_TTL_MS });
    return photo;
  }

  /**
   * A variant from memory; else streamed from the variants store (kept in memory as it goes when
   * small); else rendered from the original, stored and kept.
   */
  private async openVariant(
    photo: PhotoRow,
    key: string,
    width: number,
    format: VariantFormat,
    mark: number,
  ): Promise<PhotoBody> {
    const hot = this.memory.get(key);
    if (hot) return { body: hot, length: hot.length };
    // Concurrent first requests for one variant share one render.
    let pending = this.inFlight.get(key);
    if (!pending) {
      const stored = await this.blobs.variants.read(key);
      if (stored)
        return { body: keepWhileStreaming(this.memory, key, stored), length: stored.size };
      pending = this.inFlight.get(key);
    }
    if (!pending) {
      pending = this.makeVariant(photo, key, width, format, mark).finally(() =>
        this.inFlight.delete(key),
      );
      this.inFlight.set(key, pending);
    }
    const bytes = await pending;
    this.memory.set(key, bytes);
    return { body: bytes, length: bytes.length };
  }

  private async makeVariant(
    photo: PhotoRow,
    key: string,
    width: number,
    format: VariantFormat,
    mark: number,
  ): Promise<Buffer> {
    const original = await this.blobs.originals.get(photo.blobKey);
    if (!original)
      throw new Error(`Original of photo ${photo.uuid} is missing from the blob store`);
    const hidden = photo.redaction > 0 ? await this.blurred.boxes(photo.uuid) : [];
    const overlay = this.markOf(photo.eventId, mark)?.overlay;
    const bytes = await renderVariant(original, width, format, hidden, overlay);
    await this.blobs.variants.put(key, bytes);
    this.renders += 1;
    return bytes;
  }

  /** How many variants this process rendered (not served from cache): lets tests see the work done once. */
  renders = 0;
}
