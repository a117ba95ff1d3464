/**
 * A photo as the recognition engines take it: turned upright (EXIF orientation), at most
 * `maxSide` on its long side, 8-bit RGB without alpha, raw. One decode, shared by the bib OCR
 * and the face engine; bytes that are not an image reject with `UnreadableImageError`.
 */
import sharp from 'sharp';
import { UnreadableImageError } from '../bibs/unreadable-image.js';

/** A decompression bomb is refused before it is decoded. */
const MAX_INPUT_PIXELS = 100_000_000;

export interface DecodedPhoto {
  raw: { data: Buffer; width: number; height: number; channels: number };
  /** The upright photo's own size. */
  width: number;
  height: number;
  /** Photo pixels per decoded pixel (1 when it was not made smaller). */
  scale: number;
}

export async function decodeUpright(image: Buffer, maxSide: number): Promise<DecodedPhoto> {
  if (!Buffer.isBuffer(image) || image.length === 0) throw new UnreadableImageError('empty input');
  try {
    const oriented = sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const meta = await oriented.metadata();
    const swapped = (meta.orientation ?? 1) >= 5;
    const width = swapped ? meta.height : meta.width;
    const height = swapped ? meta.width : meta.height;
    if (!width || !height) throw new Error('no dimensions');
    const ratio = Math.min(1, maxSide / Math.max(width, height));
    const { data, info } = await oriented
      .resize(Math.max(1, Math.round(width * ratio)), Math.max(1, Math.round(height * ratio)), {
        fit: 'fill',
      })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`unexpected ${info.channels} channels`);
    return {
      raw: { data, width: info.width, height: info.height, channels: info.channels },
      width,
      height,
      scale: width / info.width,
    };
  } catch (error) {
    throw new UnreadableImageError(error);
  }
}
