import { MAX_LOGO_PIXELS } from '@eventsite/contract';
import sharp from 'sharp';

export class LogoImageError extends Error {
  constructor(readonly reason: 'too-large' | 'unreadable') {
    super(reason);
  }
}

/**
 * An uploaded picture (a logo, an event's banner) decoded (a damaged or disguised file fails),
 * turned upright, fitted into `box` without enlarging, metadata dropped, as WebP with its
 * transparency.
 */
export async function renderUploadedImage(
  bytes: Buffer,
  box: { width: number; height: number },
): Promise<Buffer> {
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_LOGO_PIXELS, failOn: 'error' });
    const meta = await image.metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    return await image
      .rotate()
      .resize({ ...box, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 90, alphaQuality: 100 })
      .toBuffer();
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    throw new LogoImageError(/pixel limit/i.test(message) ? 'too-large' : 'unreadable');
  }
}
