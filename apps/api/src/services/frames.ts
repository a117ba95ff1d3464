/**
 * An event's sponsor frames (docs/watermarks.md): PNG overlays with a transparent window,
 * uploaded by the organiser (checked: a PNG with transparency, within the size limits, with a
 * window large enough), listed to visitors, and a photo put in one for download.
 */
import { createHash } from 'node:crypto';
import {
  type EventFrame,
  type EventFrames,
  MAX_FRAME_BYTES,
  MAX_FRAMES_PER_EVENT,
} from '@eventsite/contract';
import type { BlobStore } from '../adapters/blobs.js';
import { FrameImageError, inspectFrame } from '../adapters/frames.js';
import { AppError, badRequest, notFound } from '../errors.js';
import type { PhotoRepository } from '../repositories/photos.js';
import type { FrameRow, WatermarkRepository } from '../repositories/watermarks.js';
import { looksLikeMarkup } from './branding.js';
import type { EventService } from './events.js';
import type { MarkedCopies } from './marked-copies.js';
import { absoluteAssetUrl, kebabCase } from './urls.js';
import type { MarkSource } from './watermarks.js';

/** Where frames are kept (variants store) and the path they are served from. */
export const FRAME_KEY_PREFIX = 'event-frames/';
export const FRAME_URL_PREFIX = '/assets/frames/';
export const FRAME_FILE = /^[a-f0-9]{16}\.png$/;

export interface FramedPhoto {
  bytes: Buffer;
  filename: string;
  eventId: number;
}

export class FrameService {
  constructor(
    private readonly repo: WatermarkRepository,
    private readonly events: EventService,
    private readonly photos: PhotoRepository,
    private readonly variants: BlobStore,
    private readonly marks: MarkSource,
    private readonly copies: MarkedCopies,
    /** After a change: public answers are dropped. */
    private readonly onChange: () => void,
  ) {}

  /** The organiser's own event's frames, oldest first. */
  async list(organiserId: number, eventId: number, origin: string): Promise<EventFrames> {
    await this.events.requireOwned(eventId, organiserId);
    return this.framesOf(eventId, origin);
  }

  /** A published event's frames, for its visitors (404 as for the event's config). */
  async publicList(eventId: number, appDomain: string | undefined, origin: string) {
    await this.events.requirePublished(eventId, appDomain);
    return this.framesOf(eventId, origin);
  }

  /** Checks and stores an uploaded frame; 400 with the reason when it cannot be one. */
  async add(
    organiserId: number,
    eventId: number,
    name: string,
    bytes: Buffer,
    origin: string,
  ): Promise<EventFrame> {
    await this.events.requireOwned(eventId, organiserId);
    if (bytes.length === 0) throw badRequest('The file is empty: choose a frame (a PNG)');
    if (bytes.length > MAX_FRAME_BYTES)
      throw badRequest(
        `This file is ${(bytes.length / 1024 / 1024).toFixed(1)} MB: a frame may be at most ${MAX_FRAME_BYTES / 1024 / 1024} MB`,
      );
    if (looksLikeMarkup(bytes))
      throw badRequest('SVG frames are not accepted: export the frame as a PNG with transparency');
    if ((await this.repo.frameCount(eventId)) >= MAX_FRAMES_PER_EVENT)
      throw new AppError(
        409,
        `This event has ${MAX_FRAMES_PER_EVENT} frames already: remove one before adding another`,
      );
    let frame;
    try {
      frame = await inspectFrame(bytes);
    } catch (error) {
      if (error instanceof FrameImageError) throw badRequest(error.message);
      throw error;
    }
    const file = `${createHash('sha256').update(frame.png).digest('hex').slice(0, 16)}.png`;
    await this.variants.put(`${FRAME_KEY_PREFIX}${eventId}/${file}`, frame.png);
    const row = await this.repo.addFrame({
      eventId,
      name,
      file,
      width: frame.width,
      height: frame.height,
      windowX: frame.window.x,
      windowY: frame.window.y,
      windowW: frame.window.width,
      windowH: frame.window.height,
    });
    this.onChange();
    return this.view(row, origin);
  }

  /** Removes a frame (its file too, unless another frame of the event is the same PNG). */
  async remove(organiserId: number, eventId: number, frameId: number): Promise<void> {
    await this.events.requireOwned(eventId, organiserId);
    const gone = await this.repo.deleteFrame(eventId, frameId);
    if (!gone) throw notFound(`The event ${eventId} has no frame with the id ${frameId}`);
    if (!(await this.repo.fileInUse(eventId, gone.file)))
      await this.variants.delete(`${FRAME_KEY_PREFIX}${eventId}/${gone.file}`);
    this.onChange();
  }

  /** A stored frame's PNG (public: visitors choose among them). */
  async file(eventId: number, file: string): Promise<Buffer | null> {
    if (!FRAME_FILE.test(file)) return null;
    return this.variants.get(`${FRAME_KEY_PREFIX}${eventId}/${file}`);
  }

  /**
   * A published photo in one of its event's frames, as a JPEG to download: the photo (faces
   * hidden on request blurred; the watermark laid over it when the event marks downloads)
   * covering the frame's window, the frame over it. Made once, then kept.
   */
  /**
   * `allowed` is asked with the photo's event before anything is made (a password gallery's
   * grant): it throws to refuse, and its answer is handed back.
   */
  async framedPhoto<T>(
    uuid: string,
    frameId: number,
    allowed: (eventId: number) => Promise<T>,
  ): Promise<FramedPhoto & { allowed: T }> {
    const photo = await this.photos.findServable(uuid.toLowerCase());
    if (!photo) throw notFound(`No published photo has the id ${uuid}`);
    const permit = await allowed(photo.eventId);
    const frame = await this.repo.frame(photo.eventId, frameId);
    if (!frame) throw notFound(`This photo's event has no frame with the id ${frameId}`);
    const png = await this.file(photo.eventId, frame.file);
    if (!png) throw new Error(`The file of frame ${frameId} is missing from the blob store`);
    const state = await this.marks.current(photo.eventId);
    const mark =
      state.version > 0 && state.onDownloads
        ? { version: state.version, overlay: this.marks.overlay(photo.eventId, state.version) }
        : null;
    const bytes = await this.copies.framed(
      photo,
      {
        file: frame.file,
        png,
        width: frame.width,
        height: frame.height,
        window: { x: frame.windowX, y: frame.windowY, width: frame.windowW, height: frame.windowH },
      },
      mark,
    );
    const name = kebabCase(frame.name) || 'frame';
    return {
      bytes,
      filename: `${kebabCase(photo.eventSlugName)}-${photo.uuid}-${name}.jpg`,
      eventId: photo.eventId,
      allowed: permit,
    };
  }

  private async framesOf(eventId: number, origin: string): Promise<EventFrames> {
    return { frames: (await this.repo.frames(eventId)).map((row) => this.view(row, origin)) };
  }

  private view(row: FrameRow, origin: string): EventFrame {
    return {
      id: row.id,
      name: row.name,
      url: absoluteAssetUrl(`${FRAME_URL_PREFIX}${row.eventId}/${row.file}`, origin),
      width: row.width,
      height: row.height,
      window: { x: row.windowX, y: row.windowY, width: row.windowW, height: row.windowH },
    };
  }
}
