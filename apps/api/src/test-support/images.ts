import sharp from 'sharp';

export interface TestImageOptions {
  width?: number;
  height?: number;
  /** Any CSS colour; vary it to get different bytes. */
  colour?: string;
  format?: 'jpeg' | 'png' | 'webp';
  /** EXIF orientation (JPEG only): 6 = rotate 90° clockwise to view. */
  orientation?: number;
  capturedAt?: Date;
}

function exifDate(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}:${p(d.getUTCMonth() + 1)}:${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}

/** A small generated image: tests never need real photos. */
export async function testImage(options: TestImageOptions = {}): Promise<Buffer> {
  const { width = 64, height = 48, colour = '#3366cc', format = 'jpeg' } = options;
  let image = sharp({ create: { width, height, channels: 3, background: colour } });
  if (format === 'png') return image.png().toBuffer();
  if (format === 'webp') return image.webp().toBuffer();
  image = image.jpeg({ quality: 90 });
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  if (options.capturedAt)
    image = image.withExifMerge({ IFD2: { DateTimeOriginal: exifDate(options.capturedAt) } });
  return image.toBuffer();
}

/**
 * A JPEG of noise: every region is sharp (a blurred one shows at once) and it barely compresses,
 * so its bytes are many and each seed's are its own.
 */
export async function noisyJpeg(
  seed: number,
  width = 900,
  height = width,
  quality = 95,
): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    raw[i] = x >>> 24;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}
