/**
 * Sensor-like grain as a small tile that librsvg repeats as a pattern: it costs about
 * nothing per frame, unlike compositing a full-size noise image in sharp (~20 ms).
 */
import sharp from 'sharp';
import { createRng } from './prng.js';

export const GRAIN_TILE = 128;

let tile: Promise<string> | null = null;

/** PNG data URI of a fixed (seeded) tile of black and white specks with random alpha. */
export function grainTileUri(): Promise<string> {
  tile ??= (async () => {
    const rng = createRng(0x9a41);
    const pixels = Buffer.alloc(GRAIN_TILE * GRAIN_TILE * 4);
    for (let i = 0; i < GRAIN_TILE * GRAIN_TILE; i++) {
      const v = rng.chance(0.5) ? 255 : 0;
      pixels[i * 4] = v;
      pixels[i * 4 + 1] = v;
      pixels[i * 4 + 2] = v;
      pixels[i * 4 + 3] = Math.floor(rng.next() ** 2 * 70);
    }
    const png = await sharp(pixels, { raw: { width: GRAIN_TILE, height: GRAIN_TILE, channels: 4 } }).png().toBuffer();
    return `data:image/png;base64,${png.toString('base64')}`;
  })();
  return tile;
}
