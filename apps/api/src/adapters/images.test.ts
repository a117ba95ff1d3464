import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderVariant, renderVariants } from './images.js';

/** A photo-like test card: gradients and blocks, so resampling differences would show. */
async function card(
  width: number,
  height: number,
  channels: 3 | 4 = 3,
): Promise<{ data: Buffer; raw: { width: number; height: number; channels: 3 | 4 } }> {
  const data = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      const block = ((x >> 6) + (y >> 6)) % 2;
      data[i] = Math.round((255 * x) / width);
      data[i + 1] = Math.round((255 * y) / height);
      data[i + 2] = block ? 220 : 30;
      if (channels === 4) data[i + 3] = x < width / 2 ? 255 : 128;
    }
  return { data, raw: { width, height, channels } };
}

/** Mean absolute difference per channel value (0–255) of two images of the same size. */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const [pa, pb] = await Promise.all(
    [a, b].map((x) => sharp(x).ensureAlpha().raw().toBuffer({ resolveWithObject: true })),
  );
  expect([pb!.info.width, pb!.info.height]).toEqual([pa!.info.width, pa!.info.height]);
  let sum = 0;
  for (let i = 0; i < pa!.data.length; i++) sum += Math.abs(pa!.data[i]! - pb!.data[i]!);
  return sum / pa!.data.length;
}

async function expectSameAsOneByOne(original: Buffer, widths: number[]) {
  const together = await renderVariants(original, widths, 'webp');
  expect(together).toHaveLength(widths.length);
  for (const [i, w] of widths.entries()) {
    const alone = await renderVariant(original, w, 'webp');
    const meta = await sharp(together[i]!).metadata();
    const aloneMeta = await sharp(alone).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([
      aloneMeta.width,
      aloneMeta.height,
      aloneMeta.hasAlpha,
    ]);
    // Same picture within resampling and WebP noise (a wrong channel layout or colour space
    // differs by tens).
    expect(await difference(together[i]!, alone)).toBeLessThan(3);
  }
}

describe('renderVariants (several widths from one decode)', () => {
  it('matches rendering each width alone: a JPEG with an EXIF rotation', async () => {
    const { data, raw } = await card(1600, 1067);
    // Stored landscape with orientation 6: shown portrait, 1067 wide.
    const jpeg = await sharp(data, { raw })
      .jpeg({ quality: 90 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    await expectSameAsOneByOne(jpeg, [480, 1280]);
    const [big] = await renderVariants(jpeg, [1280, 480], 'webp');
    const meta = await sharp(big!).metadata();
    // Never upscaled: the portrait is 1067 wide.
    expect([meta.width, meta.height]).toEqual([1067, 1600]);
  });

  it('matches for a PNG with transparency, a 16-bit PNG, a greyscale and a CMYK JPEG', async () => {
    const rgba = await card(900, 600, 4);
    await expectSameAsOneByOne(
      await sharp(rgba.data, { raw: rgba.raw }).png().toBuffer(),
      [480, 800],
    );
    const rgb = await card(900, 600);
    const image = sharp(rgb.data, { raw: rgb.raw });
    await expectSameAsOneByOne(
      await image.clone().toColourspace('rgb16').png().toBuffer(),
      [480, 800],
    );
    await expectSameAsOneByOne(await image.clone().greyscale().jpeg().toBuffer(), [480, 800]);
    await expectSameAsOneByOne(
      await image.clone().toColourspace('cmyk').jpeg().toBuffer(),
      [480, 800],
    );
  });

  it('renders one width, or none, like renderVariant', async () => {
    const { data, raw } = await card(700, 500);
    const jpeg = await sharp(data, { raw }).jpeg().toBuffer();
    expect(await renderVariants(jpeg, [], 'webp')).toEqual([]);
    const [one] = await renderVariants(jpeg, [480], 'jpeg');
    expect((await sharp(one!).metadata()).format).toBe('jpeg');
  });
});
