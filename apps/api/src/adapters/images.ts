import exifr from 'exifr';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { MAX_PHOTO_PIXELS } from '@eventsite/contract';

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

/** A display variant: oriented, at most `width` wide (never upscaled), metadata stripped. */
export async function renderVariant(
  original: Buffer,
  width: number,
  format: VariantFormat,
): Promise<Buffer> {
  return encode(sharp(original, sharpOptions).rotate().resize(variantBox(width)), format);
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
): Promise<Buffer[]> {
  if (widths.length < 2) return Promise.all(widths.map((w) => renderVariant(original, w, format)));
  const largest = Math.max(...widths);
  const { data, info } = await sharp(original, sharpOptions)
    .rotate()
    .resize(variantBox(largest))
    // 8 bits per channel, as the raw input below assumes (sharp's default for sRGB output).
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  return Promise.all(widths.map((w) => encode(sharp(data, raw).resize(variantBox(w)), format)));
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
