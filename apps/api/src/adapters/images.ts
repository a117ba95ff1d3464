import exifr from 'exifr';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { MAX_PHOTO_PIXELS } from '@eventsite/contract';
import type { MarkFor } from './watermark.js';

export type ImageKind = 'jpeg' | 'png' | 'webp';
export type VariantFormat = 'jpeg' | 'webp' | 'avif';

export const MIME_TYPES: Record<ImageKind | VariantFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};

export const EXTENSIONS: Record<ImageKind, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

/** The image kind from the file's first bytes; extensions are not trusted. */
export function sniffImageKind(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}

/** Why an image of this size is refused, in a person's words. */
export function tooManyPixels(width: number, height: number, maxPixels: number): string {
  return `is ${((width * height) / 1e6).toFixed(1)} megapixels (${width}x${height}); the most accepted is ${maxPixels / 1e6} megapixels`;
}

/** A file that cannot become a photo, with a reason a person can act on. */
export class UnusableImageError extends Error {}

export interface ProbedImage {
  kind: ImageKind;
  /** After EXIF orientation. */
  width: number;
  height: number;
  capturedAt: Date | null;
  /** thumbhash, base64. */
  placeholder: string;
}

/** Width and height as stored (before EXIF orientation), from the header only: nothing is decoded. Null when unreadable. */
export async function pixelSize(bytes: Buffer): Promise<{ width: number; height: number } | null> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) return null;
    return { width: meta.width, height: meta.height };
  } catch {
    return null;
  }
}

const sharpOptions = { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'warning' } as const;

/**
 * Checks that the bytes are a whole, decodable JPEG, PNG or WebP of at most MAX_PHOTO_PIXELS, and
 * reads what a photo row needs. Decoding the whole image (for the placeholder) is what catches a
 * truncated file.
 */
export async function probeImage(
  bytes: Buffer,
  maxPixels: number = MAX_PHOTO_PIXELS,
): Promise<ProbedImage> {
  const kind = sniffImageKind(bytes);
  if (!kind) throw new UnusableImageError('is not a JPEG, PNG or WebP image');
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { ...sharpOptions, limitInputPixels: false }).metadata();
  } catch (error) {
    throw new UnusableImageError(`cannot be read as ${kind.toUpperCase()}: ${firstLine(error)}`);
  }
  const rawWidth = meta.width ?? 0;
  const rawHeight = meta.height ?? 0;
  if (rawWidth < 1 || rawHeight < 1) throw new UnusableImageError('has no pixel size');
  if (rawWidth * rawHeight > maxPixels) {
    throw new UnusableImageError(tooManyPixels(rawWidth, rawHeight, maxPixels));
  }
  const width = meta.autoOrient?.width ?? rawWidth;
  const height = meta.autoOrient?.height ?? rawHeight;
  let placeholder: string;
  try {
    const { data, info } = await sharp(bytes, { ...sharpOptions, limitInputPixels: maxPixels })
      .rotate()
      .resize(100, 100, { fit: 'inside', withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    placeholder = Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64');
  } catch (error) {
    throw new UnusableImageError(`is damaged or truncated: ${firstLine(error)}`);
  }
  return { kind, width, height, capturedAt: await readCaptureTime(bytes), placeholder };
}

async function readCaptureTime(bytes: Buffer): Promise<Date | null> {
  try {
    const tags = (await exifr.parse(bytes, { pick: ['DateTimeOriginal', 'CreateDate'] })) as
      { DateTimeOriginal?: unknown; CreateDate?: unknown } | undefined;
    const value = tags?.DateTimeOriginal ?? tags?.CreateDate;
    return value instanceof Date && !Number.isNaN(value.getTime()) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The longest side of any variant. WebP cannot encode more than 16,383 pixels a side, so a very
 * tall photo (600x20000) is shrunk to fit this height as well as the asked width, in every format.
 */
export const MAX_VARIANT_SIDE = 16_383;

/** Resize options of a variant `width` wide, within MAX_VARIANT_SIDE both ways, never upscaled. */
function variantBox(width: number) {
  return {
    width: Math.min(width, MAX_VARIANT_SIDE),
    height: MAX_VARIANT_SIDE,
    fit: 'inside',
    withoutEnlargement: true,
  } as const;
}

/** A face to blur: a box in the photo's pixels, after EXIF orientation. */
export interface BlurBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * How much a face's box grows on each side before it is blurred (15 % a side: the box 30 %
 * larger), so hair, ears and the detector's tight edges go too.
 */
const BLUR_MARGIN = 0.15;
/** A blurred face keeps at most this many blocks across: no feature survives. */
const BLUR_BLOCKS = 6;

/** The box grown by BLUR_MARGIN a side, clipped to the image; null when nothing is left. */
function blurRegion(box: BlurBox, width: number, height: number) {
  const left = Math.max(0, Math.floor(box.x - box.width * BLUR_MARGIN));
  const top = Math.max(0, Math.floor(box.y - box.height * BLUR_MARGIN));
  const right = Math.min(width, Math.ceil(box.x + box.width * (1 + BLUR_MARGIN)));
  const bottom = Math.min(height, Math.ceil(box.y + box.height * (1 + BLUR_MARGIN)));
  if (right - left < 1 || bottom - top < 1) return null;
  return { left, top, width: right - left, height: bottom - top };
}

/**
 * The photo upright (EXIF orientation applied) as raw pixels, each box pixelated to a few
 * blocks and blurred over them: the face cannot be recognised, by a person or by the model.
 */
async function uprightBlurred(original: Buffer, boxes: readonly BlurBox[]) {
  const { data, info } = await sharp(original, sharpOptions)
    .rotate()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const overlays = [];
  for (const box of boxes) {
    const region = blurRegion(box, info.width, info.height);
    if (!region) continue;
    const block = Math.max(1, Math.ceil(Math.max(region.width, region.height) / BLUR_BLOCKS));
    const small = await sharp(data, { raw })
      .extract(region)
      .resize(
        Math.max(1, Math.round(region.width / block)),
        Math.max(1, Math.round(region.height / block)),
        { fit: 'fill' },
      )
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const input = await sharp(small.data, { raw: small.info })
      .resize(region.width, region.height, { fit: 'fill', kernel: 'nearest' })
      .blur(Math.max(0.3, block / 2))
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    overlays.push({ input: input.data, raw: input.info, left: region.left, top: region.top });
  }
  const blurred = await sharp(data, { raw })
    .composite(overlays)
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { data: blurred.data, raw: { raw: blurred.info } };
}

/**
 * The decoded photo a variant is made from: the original itself, or, with faces to blur, the
 * upright pixels with those faces blurred.
 */
async function source(original: Buffer, hidden: readonly BlurBox[]): Promise<Sharp> {
  if (hidden.length === 0) return sharp(original, sharpOptions).rotate();
  const { data, raw } = await uprightBlurred(original, hidden);
  return sharp(data, raw);
}

/** Lays the mark (adapters/watermark.ts) over pixels of a known size: a pipeline to encode. */
async function withMark(
  pixels: { data: Buffer; info: { width: number; height: number; channels: number } },
  mark: MarkFor,
): Promise<Sharp> {
  const { width, height, channels } = pixels.info;
  const image = sharp(pixels.data, { raw: { width, height, channels: channels as 3 | 4 } });
  const overlay = await mark(width, height);
  return overlay ? image.composite([overlay]) : image;
}

/**
 * A marked image is made in two steps: resized to raw pixels, then the mark laid over them. In
 * one pipeline, sharp's composite loses JPEG shrink-on-load and the variant costs twice as much.
 */
async function resizedWithMark(pipeline: Sharp, mark: MarkFor): Promise<Sharp> {
  const pixels = await pipeline.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  return withMark(pixels, mark);
}

/**
 * A display variant: oriented, at most `width` wide (never upscaled), metadata stripped; the
 * `hidden` faces blurred; the event's watermark laid over it when `mark` is given.
 */
export async function renderVariant(
  original: Buffer,
  width: number,
  format: VariantFormat,
  hidden: readonly BlurBox[] = [],
  mark?: MarkFor,
): Promise<Buffer> {
  const pipeline = (await source(original, hidden)).resize(variantBox(width));
  return encode(mark ? await resizedWithMark(pipeline, mark) : pipeline, format);
}

/**
 * Several widths of one photo from one decode: the original is decoded (oriented, shrunk on
 * load) once at the largest width, and each variant is made from those pixels. Rendering them
 * one by one decodes the JPEG once per width; at ingest this is ~10 % of the image work. The
 * result is in the order of `widths`, each what `renderVariant` would make within resampling.
 */
export async function renderVariants(
  original: Buffer,
  widths: readonly number[],
  format: VariantFormat,
  hidden: readonly BlurBox[] = [],
  mark?: MarkFor,
): Promise<Buffer[]> {
  if (widths.length < 2)
    return Promise.all(widths.map((w) => renderVariant(original, w, format, hidden, mark)));
  const largest = Math.max(...widths);
  const { data, info } = await (
    await source(original, hidden)
  )
    .resize(variantBox(largest))
    // 8 bits per channel, as the raw input below assumes (sharp's default for sRGB output).
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  return Promise.all(
    widths.map(async (w) => {
      const resized = sharp(data, raw).resize(variantBox(w));
      return encode(mark ? await resizedWithMark(resized, mark) : resized, format);
    }),
  );
}

/**
 * The photo to download in the original's place when faces on it are hidden or the event marks
 * its downloads: full size, upright, the faces blurred, the mark laid over it, in the original's
 * format (JPEG and WebP at quality 92), metadata stripped. The original stays as it was.
 */
export async function renderDownloadCopy(
  original: Buffer,
  kind: ImageKind,
  hidden: readonly BlurBox[],
  mark?: MarkFor,
): Promise<Buffer> {
  const upright = await source(original, hidden);
  const pipeline = mark ? await resizedWithMark(upright, mark) : upright;
  switch (kind) {
    case 'png':
      return pipeline.png().toBuffer();
    case 'webp':
      return pipeline.webp({ quality: 92 }).toBuffer();
    case 'jpeg':
      return pipeline.jpeg({ quality: 92 }).toBuffer();
  }
}

/** The blurred copy served for download (no mark): see renderDownloadCopy. */
export function renderBlurredOriginal(
  original: Buffer,
  kind: ImageKind,
  hidden: readonly BlurBox[],
): Promise<Buffer> {
  return renderDownloadCopy(original, kind, hidden);
}

/**
 * The photo upright (faces blurred, mark laid over it) cut to exactly `width`×`height`, filling
 * it (centred), as raw pixels: what a sponsor frame's window shows (adapters/frames.ts).
 */
export async function renderCover(
  original: Buffer,
  width: number,
  height: number,
  hidden: readonly BlurBox[] = [],
  mark?: MarkFor,
): Promise<{ data: Buffer; info: { width: number; height: number; channels: number } }> {
  const covered = (await source(original, hidden)).resize(width, height, { fit: 'cover' });
  const pipeline = mark ? await resizedWithMark(covered, mark) : covered;
  return pipeline.removeAlpha().raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
}

function encode(pipeline: Sharp, format: VariantFormat): Promise<Buffer> {
  switch (format) {
    case 'webp':
      return pipeline.webp({ quality: 80, effort: 2 }).toBuffer();
    case 'avif':
      return pipeline.avif({ quality: 55, effort: 2 }).toBuffer();
    case 'jpeg':
      return pipeline.jpeg({ quality: 82, mozjpeg: false, progressive: true }).toBuffer();
  }
}

function firstLine(error: unknown): string {
  return String((error as Error)?.message ?? error).split('\n')[0] ?? 'unknown error';
}
