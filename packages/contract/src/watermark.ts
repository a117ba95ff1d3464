import { z } from 'zod';
import {
  FRAME_SIDE_RANGE,
  MAX_FRAME_BYTES,
  MAX_FRAME_NAME,
  MAX_FRAMES_PER_EVENT,
  MAX_WATERMARK_IMAGE_BYTES,
  MAX_WATERMARK_TEXT,
  WATERMARK_KINDS,
  WATERMARK_OPACITY_RANGE,
  WATERMARK_POSITIONS,
  WATERMARK_SIZE_RANGE,
} from './constants.js';
import { positiveId, uuid } from './primitives.js';

/**
 * An event's watermark and sponsor frames (docs/watermarks.md). The watermark is drawn on the
 * display variants (and, with `on_downloads`, on downloads and zips); the originals are never
 * changed. Sponsor frames are PNG overlays with a transparent window a visitor may put a photo in.
 */

/** What the mark looks like and where it goes. */
export const watermarkSettings = z.object({
  enabled: z.boolean(),
  kind: z.enum(WATERMARK_KINDS),
  /** The text of a `text` mark. */
  text: z.string(),
  position: z.enum(WATERMARK_POSITIONS),
  /** 0.1 (faint) to 1 (solid). */
  opacity: z.number(),
  /** The mark's width as a share of the photo's width (0.05 to 0.8). */
  size: z.number(),
  /** Single-photo downloads and zips carry the mark too (else they are the originals). */
  on_downloads: z.boolean(),
});
export type WatermarkSettings = z.infer<typeof watermarkSettings>;

/** An event that never set a watermark has this one (off). */
export const DEFAULT_WATERMARK: WatermarkSettings = {
  enabled: false,
  kind: 'text',
  text: '',
  position: 'bottom-right',
  opacity: 0.6,
  size: 0.25,
  on_downloads: false,
};

/** `GET|PUT /api/v1/admin/events/{eventId}/watermark`: the event's watermark as it is. */
export const eventWatermark = watermarkSettings.extend({
  /** The uploaded image of an `image` mark, an absolute URL; '' when none was uploaded. */
  image_url: z.string(),
  /** Bumped each time the mark's look changes: every display variant is made again. */
  version: z.number().int().nonnegative(),
  /** True while the background job is still making the stored variants with this version. */
  rerendering: z.boolean(),
});
export type EventWatermark = z.infer<typeof eventWatermark>;

/** `PUT /api/v1/admin/events/{eventId}/watermark`: any field; the rest keep their value. */
export const watermarkInput = z
  .object({
    enabled: z.boolean(),
    kind: z.enum(WATERMARK_KINDS),
    text: z
      .string()
      .trim()
      .max(MAX_WATERMARK_TEXT, `The text may be at most ${MAX_WATERMARK_TEXT} characters`),
    position: z.enum(WATERMARK_POSITIONS),
    opacity: z
      .number()
      .min(WATERMARK_OPACITY_RANGE.min, 'The opacity must be between 0.1 and 1')
      .max(WATERMARK_OPACITY_RANGE.max, 'The opacity must be between 0.1 and 1'),
    size: z
      .number()
      .min(WATERMARK_SIZE_RANGE.min, 'The size must be between 5 % and 80 % of the photo’s width')
      .max(WATERMARK_SIZE_RANGE.max, 'The size must be between 5 % and 80 % of the photo’s width'),
    on_downloads: z.boolean(),
  })
  .partial()
  .strict();
export type WatermarkInput = z.infer<typeof watermarkInput>;

/**
 * Why a watermark cannot be turned on as it stands (the API and the console's form ask the same),
 * or null: a text mark needs text, an image mark an uploaded image.
 */
export function watermarkProblem(
  settings: Pick<WatermarkSettings, 'enabled' | 'kind' | 'text'>,
  hasImage: boolean,
): { field: 'text' | 'kind'; message: string } | null {
  if (!settings.enabled) return null;
  if (settings.kind === 'text' && settings.text.trim() === '')
    return { field: 'text', message: 'Type the text of the watermark, or turn it off' };
  if (settings.kind === 'image' && !hasImage)
    return { field: 'kind', message: 'Upload a watermark image first, or use a text watermark' };
  return null;
}

/** The transparent part of a frame the photo shows through, in the frame's pixels. */
export const frameWindow = z.object({
  x: z.number().int().nonnegative(),
  y: z.number().int().nonnegative(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type FrameWindow = z.infer<typeof frameWindow>;

/** A sponsor frame: a PNG overlay with a transparent window. */
export const eventFrame = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The frame's PNG, an absolute URL (cached for good: its name is its content's hash). */
  url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  window: frameWindow,
});
export type EventFrame = z.infer<typeof eventFrame>;

/** `GET /api/v1/client/events/{eventId}/frames` and the admin list: the event's frames, oldest first. */
export const eventFrames = z.object({ frames: z.array(eventFrame) });
export type EventFrames = z.infer<typeof eventFrames>;

/** `POST /api/v1/admin/events/{eventId}/frames?name=`: the PNG is the body. */
export const frameUploadQuery = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Give the frame a name (e.g. the sponsor’s)')
    .max(MAX_FRAME_NAME, `The name may be at most ${MAX_FRAME_NAME} characters`),
});

export const adminFrameParams = z.object({ eventId: positiveId, frameId: positiveId });

/** `GET /events/photos/{uuid}/frames/{frameId}`: the photo in the frame, a JPEG attachment. */
export const framedPhotoParams = z.object({ uuid, frameId: positiveId });

/** What the upload descriptions say of the limits (one place for the API and the console). */
export const FRAME_RULES = `A PNG with transparency (the window the photo shows through), ${FRAME_SIDE_RANGE.min} to ${FRAME_SIDE_RANGE.max} pixels a side, at most ${MAX_FRAME_BYTES / 1024 / 1024} MB; at most ${MAX_FRAMES_PER_EVENT} frames an event.`;
export const WATERMARK_IMAGE_RULES = `PNG, JPEG or WebP (PNG with transparency looks best), at most ${MAX_WATERMARK_IMAGE_BYTES / 1024 / 1024} MB.`;
