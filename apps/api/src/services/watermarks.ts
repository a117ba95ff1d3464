/**
 * An event's watermark (docs/watermarks.md): the organiser's settings, the uploaded image, the
 * state the photo server reads on every lookup (which version to draw, whether downloads carry
 * it), the overlays it lays on variants (prepared once per event, version and size), and the
 * `watermark` job's work after a change (the stored variants made again in the background).
 */
import { createHash } from 'node:crypto';
import {
  DEFAULT_WATERMARK,
  type EventWatermark,
  MAX_LOGO_PIXELS,
  MAX_WATERMARK_IMAGE_BYTES,
  type WatermarkInput,
  type WatermarkSettings,
  watermarkProblem,
} from '@eventsite/contract';
import type { BlobStore } from '../adapters/blobs.js';
import { sniffImageKind } from '../adapters/images.js';
import {
  artworkSize,
  type MarkFor,
  markArtwork,
  markBox,
  MarkImageError,
  type MarkLook,
  type MarkOverlay,
  markOverlay,
  prepareMarkImage,
} from '../adapters/watermark.js';
import { AppError, badRequest } from '../errors.js';
import type { PhotoRepository } from '../repositories/photos.js';
import type { WatermarkRepository, WatermarkRow } from '../repositories/watermarks.js';
import { looksLikeMarkup } from './branding.js';
import type { EventService } from './events.js';
import type { JobService } from './jobs.js';
import type { MarkedCopies } from './marked-copies.js';
import { absoluteAssetUrl } from './urls.js';

/** Where uploaded watermark images are kept (variants store) and the path they are served from. */
export const WATERMARK_KEY_PREFIX = 'event-watermarks/';
export const WATERMARK_URL_PREFIX = '/assets/watermarks/';
export const MARK_FILE = /^[a-f0-9]{16}\.png$/;

/** What the photo server needs of an event's mark on every lookup. */
export interface MarkState {
  /** The version drawn on display variants; 0 when the event has no mark on. */
  version: number;
  /** Downloads and zips carry the mark (only with version > 0). */
  onDownloads: boolean;
}

/** The photo server's view of the marks (PhotoService, DownloadService, FrameService). */
export interface MarkSource {
  current(eventId: number): Promise<MarkState>;
  /** Lays the event's mark of `version` over a variant of a given size. */
  overlay(eventId: number, version: number): MarkFor;
  /** Cached states are dropped (an event changed here or in another process). */
  forget(): void;
}

/** The ingest widths the job makes again (the photo service's PRERENDERED_WIDTHS). */
export interface RerenderTarget {
  widths: readonly number[];
}

const NO_MARK: MarkState = { version: 0, onDownloads: false };
/** As long as a photo lookup (services/photos.ts): another process's change shows within it. */
const STATE_TTL_MS = 5_000;
const ARTWORKS_MAX = 64;
/** Overlays kept in memory, in bytes (a large image mark on a 2048 variant is ~10 MB). */
const OVERLAY_BYTES = 48 * 1024 * 1024;
const PHOTO_PAGE = 200;

function look(row: Pick<WatermarkRow, 'kind' | 'text' | 'position' | 'opacity' | 'size'>) {
  return {
    kind: row.kind,
    text: row.text,
    position: row.position,
    opacity: row.opacity,
    size: row.size,
  };
}

/** What is drawn, as a string to compare: a change of it is a new version. */
function drawn(row: Pick<WatermarkRow, 'enabled' | 'imageFile'> & Parameters<typeof look>[0]) {
  if (!row.enabled) return 'off';
  return JSON.stringify({ ...look(row), image: row.kind === 'image' ? row.imageFile : '' });
}

export class WatermarkService implements MarkSource {
  private readonly states = new Map<number, { state: MarkState; until: number }>();
  private readonly artworks = new Map<
    string,
    Promise<{ look: MarkLook; art: Buffer; size: { width: number; height: number } }>
  >();
  private readonly overlays = new Map<string, { overlay: Promise<MarkOverlay>; bytes: number }>();
  private overlayBytes = 0;

  constructor(
    private readonly repo: WatermarkRepository,
    private readonly events: EventService,
    private readonly photos: PhotoRepository,
    private readonly variants: BlobStore,
    private readonly copies: MarkedCopies,
    private readonly jobs: JobService,
    /** After a change: cached lookups and public answers are dropped (here and, told, elsewhere). */
    private readonly onChange: () => void,
  ) {}

  /* ---------- The organiser's settings ---------- */

  async settings(organiserId: number, eventId: number, origin: string): Promise<EventWatermark> {
    await this.events.requireOwned(eventId, organiserId);
    return this.view(eventId, await this.repo.find(eventId), origin);
  }

  /**
   * Changes the settings (any field). A change of what is drawn makes a new version: from the
   * next request on, variants are made with it (on first request), and the `watermark` job makes
   * the stored ones again in the background. 400 when the mark cannot be drawn as asked.
   */
  async update(
    organiserId: number,
    eventId: number,
    input: WatermarkInput,
    origin: string,
  ): Promise<EventWatermark> {
    await this.events.requireOwned(eventId, organiserId);
    const before = await this.repo.find(eventId);
    const current = before ?? { ...this.defaults(eventId) };
    const next = {
      enabled: input.enabled ?? current.enabled,
      kind: input.kind ?? current.kind,
      text: input.text ?? current.text,
      position: input.position ?? current.position,
      opacity: input.opacity ?? current.opacity,
      size: input.size ?? current.size,
      onDownloads: input.on_downloads ?? current.onDownloads,
    };
    const problem = watermarkProblem(next, current.imageFile !== '');
    if (problem) throw badRequest(problem.message);
    return this.save(eventId, current, { ...next, imageFile: current.imageFile }, origin);
  }

  /**
   * Stores an uploaded watermark image (PNG, JPEG or WebP; SVG refused) as PNG under a name from
   * its content, and makes the mark an image mark. The old image's file goes.
   */
  async setImage(
    organiserId: number,
    eventId: number,
    bytes: Buffer,
    origin: string,
  ): Promise<EventWatermark> {
    await this.events.requireOwned(eventId, organiserId);
    if (bytes.length === 0) throw badRequest('The file is empty: choose a watermark image');
    if (bytes.length > MAX_WATERMARK_IMAGE_BYTES)
      throw badRequest(
        `This image is ${(bytes.length / 1024 / 1024).toFixed(1)} MB: a watermark image may be at most ${MAX_WATERMARK_IMAGE_BYTES / 1024 / 1024} MB`,
      );
    if (looksLikeMarkup(bytes))
      throw new AppError(
        415,
        'SVG watermarks are not accepted (an SVG file can carry script): save it as PNG and upload that',
      );
    if (!sniffImageKind(bytes))
      throw new AppError(415, 'This file is not a PNG, JPEG or WebP image: choose one of those');
    let png: Buffer;
    try {
      png = await prepareMarkImage(bytes, MAX_LOGO_PIXELS);
    } catch (error) {
      if (!(error instanceof MarkImageError)) throw error;
      throw badRequest(
        error.reason === 'too-large'
          ? `This image is too large (more than ${MAX_LOGO_PIXELS / 1e6} megapixels): make it smaller`
          : 'This image cannot be read, or it is blank (the file may be damaged or all transparent): export it again and retry',
      );
    }
    const file = `${createHash('sha256').update(png).digest('hex').slice(0, 16)}.png`;
    await this.variants.put(`${WATERMARK_KEY_PREFIX}${eventId}/${file}`, png);
    const current = (await this.repo.find(eventId)) ?? this.defaults(eventId);
    const saved = await this.save(
      eventId,
      current,
      { ...current, kind: 'image', imageFile: file },
      origin,
    );
    if (current.imageFile && current.imageFile !== file)
      await this.forgetImage(eventId, current.imageFile);
    return saved;
  }

  /** Removes the uploaded image; an image mark that was on is turned off with it. */
  async removeImage(organiserId: number, eventId: number, origin: string): Promise<EventWatermark> {
    await this.events.requireOwned(eventId, organiserId);
    const current = (await this.repo.find(eventId)) ?? this.defaults(eventId);
    const enabled = current.kind === 'image' ? false : current.enabled;
    const saved = await this.save(eventId, current, { ...current, enabled, imageFile: '' }, origin);
    if (current.imageFile) await this.forgetImage(eventId, current.imageFile);
    return saved;
  }

  /** A stored watermark image's bytes (public: it is drawn on every photo anyway). */
  async image(eventId: number, file: string): Promise<Buffer | null> {
    if (!MARK_FILE.test(file)) return null;
    return this.variants.get(`${WATERMARK_KEY_PREFIX}${eventId}/${file}`);
  }

  private async save(
    eventId: number,
    before: WatermarkRow,
    next: Omit<WatermarkRow, 'eventId' | 'version' | 'renderedVersion' | 'updatedAt'>,
    origin: string,
  ): Promise<EventWatermark> {
    const bump = drawn(before) !== drawn(next);
    // The settings only: the version is the repository's to bump, the rendered one the job's.
    const { enabled, kind, text, imageFile, position, opacity, size, onDownloads } = next;
    const values = { enabled, kind, text, imageFile, position, opacity, size, onDownloads };
    const row = await this.repo.save(eventId, values, bump);
    // Downloads marked from now on: the job makes their copies too, ahead of the first zip.
    const downloadsOn = !bump && next.enabled && onDownloads && !before.onDownloads;
    if (bump || downloadsOn)
      await this.jobs.enqueue([
        {
          kind: 'watermark',
          payload: { eventId, version: row.version },
          idempotencyKey: `watermark:${eventId}:${row.version}${bump ? '' : ':downloads'}`,
          eventId,
        },
      ]);
    this.states.delete(eventId);
    this.onChange();
    return this.view(eventId, row, origin);
  }

  private defaults(eventId: number): WatermarkRow {
    const d: WatermarkSettings = DEFAULT_WATERMARK;
    return {
      eventId,
      enabled: d.enabled,
      kind: d.kind,
      text: d.text,
      imageFile: '',
      position: d.position,
      opacity: d.opacity,
      size: d.size,
      onDownloads: d.on_downloads,
      version: 0,
      renderedVersion: 0,
      updatedAt: new Date(0),
    };
  }

  private view(eventId: number, found: WatermarkRow | undefined, origin: string): EventWatermark {
    const row = found ?? this.defaults(eventId);
    return {
      enabled: row.enabled,
      kind: row.kind,
      text: row.text,
      position: row.position,
      opacity: row.opacity,
      size: row.size,
      on_downloads: row.onDownloads,
      image_url: row.imageFile
        ? absoluteAssetUrl(`${WATERMARK_URL_PREFIX}${eventId}/${row.imageFile}`, origin)
        : '',
      version: row.version,
      rerendering: row.renderedVersion < row.version,
    };
  }

  private async forgetImage(eventId: number, file: string): Promise<void> {
    if (MARK_FILE.test(file))
      await this.variants.delete(`${WATERMARK_KEY_PREFIX}${eventId}/${file}`);
  }

  /* ---------- What the photo server reads ---------- */

  async current(eventId: number): Promise<MarkState> {
    const now = Date.now();
    const cached = this.states.get(eventId);
    if (cached && cached.until > now) return cached.state;
    const row = await this.repo.find(eventId);
    const state =
      row && row.enabled && row.version > 0
        ? { version: row.version, onDownloads: row.onDownloads }
        : NO_MARK;
    if (this.states.size > 10_000) this.states.clear();
    this.states.set(eventId, { state, until: now + STATE_TTL_MS });
    return state;
  }

  forget(): void {
    this.states.clear();
  }

  overlay(eventId: number, version: number): MarkFor {
    return async (width, height) => {
      const { look: drawnLook, art, size } = await this.artwork(eventId, version);
      const box = markBox(size, drawnLook, width, height);
      if (!box) return null;
      const key = `${eventId}:${version}:${box.width}x${box.height}:${box.margin}`;
      let entry = this.overlays.get(key);
      if (!entry) {
        const made = markOverlay(art, drawnLook, box);
        entry = {
          overlay: made,
          bytes: (box.width + 2 * box.margin) * (box.height + 2 * box.margin) * 4,
        };
        this.keepOverlay(key, entry);
        made.catch(() => this.dropOverlay(key));
      }
      return entry.overlay;
    };
  }

  private keepOverlay(key: string, entry: { overlay: Promise<MarkOverlay>; bytes: number }) {
    this.overlays.set(key, entry);
    this.overlayBytes += entry.bytes;
    for (const old of this.overlays.keys()) {
      if (this.overlayBytes <= OVERLAY_BYTES || old === key) break;
      this.dropOverlay(old);
    }
  }

  private dropOverlay(key: string) {
    const entry = this.overlays.get(key);
    if (!entry) return;
    this.overlays.delete(key);
    this.overlayBytes -= entry.bytes;
  }

  /** The mark's artwork, drawn once per event and version (text with the installed font). */
  private artwork(eventId: number, version: number) {
    const key = `${eventId}:${version}`;
    let made = this.artworks.get(key);
    if (!made) {
      made = (async () => {
        const row = await this.repo.find(eventId);
        if (!row) throw new Error(`event ${eventId} has no watermark`);
        const image =
          row.kind === 'image' && row.imageFile
            ? await this.variants.get(`${WATERMARK_KEY_PREFIX}${eventId}/${row.imageFile}`)
            : null;
        const markLook: MarkLook = { ...look(row), image };
        const art = await markArtwork(markLook);
        return { look: markLook, art, size: await artworkSize(art) };
      })();
      if (this.artworks.size >= ARTWORKS_MAX) this.artworks.clear();
      this.artworks.set(key, made);
      made.catch(() => this.artworks.delete(key));
    }
    return made;
  }

  /* ---------- The `watermark` job ---------- */

  /**
   * Makes the event's stored variants again with its current mark (or none), photo by photo in
   * gallery order (the top of the gallery first), and removes the copies of older versions; when
   * the event marks its downloads, makes each photo's marked download copy too, so that a zip
   * does not wait for them. Stops when a newer version was saved meanwhile (its own job takes
   * over).
   */
  async rerender(
    eventId: number,
    version: number,
    target: RerenderTarget,
  ): Promise<Record<string, unknown>> {
    const row = await this.repo.find(eventId);
    if (!row || row.version !== version) return { skipped: 'a newer watermark was saved' };
    const mark = row.enabled ? { version, overlay: this.overlay(eventId, version) } : null;
    // Versions whose copies may still be stored: from the last finished job's on.
    const stale: number[] = [];
    for (let v = Math.max(1, row.renderedVersion); v <= version; v++) stale.push(v);
    let photos = 0;
    let renders = 0;
    let downloads = 0;
    let after: { sortAt: Date; uuid: string } | null = null;
    for (;;) {
      const page = await this.photos.page(eventId, after, PHOTO_PAGE);
      for (const photo of page) {
        renders += await this.copies.refresh(photo, mark, target.widths, stale);
        if (mark && (await this.repo.find(eventId))?.onDownloads) {
          await this.copies.download(photo, mark);
          downloads += 1;
        }
        photos += 1;
      }
      if (page.length < PHOTO_PAGE) break;
      const last = page[page.length - 1]!;
      after = { sortAt: last.sortAt, uuid: last.uuid };
      if ((await this.repo.find(eventId))?.version !== version)
        return { skipped: 'a newer watermark was saved', photos, renders, downloads };
    }
    await this.repo.setRendered(eventId, version);
    return { eventId, version, photos, renders, downloads };
  }
}
