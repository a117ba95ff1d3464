/**
 * The plate an organiser's logo is shown on over dark backgrounds (certificates, posters, the
 * race video's end card), chosen from the logo's own colours.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { contrast, logoPlate } from './logo-image.js';

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/** A logo: a word-like bar of `ink` on a transparent (or `background`) canvas, as WebP. */
async function logo(ink: string, background?: string): Promise<Buffer> {
  const bar = await sharp({
    create: { width: 240, height: 60, channels: 4, background: ink },
  })
    .png()
    .toBuffer();
  return sharp({
    create: {
      width: 400,
      height: 160,
      channels: 4,
      background: background ?? { r: 0, g: 0, b: 0, alpha: 0 },
    },
  })
    .composite([{ input: bar, left: 80, top: 50 }])
    .webp({ alphaQuality: 100 })
    .toBuffer();
}

describe('the logo’s plate', () => {
  it('is a pale tint of a dark logo’s own colour, so the navy logo reads on a dark poster', async () => {
    const plate = await logoPlate(await logo('#1b2a6b'));
    const [r, , b] = rgb(plate);
    expect(b).toBeGreaterThan(r!); // still the logo's blue, made pale
    expect(contrast(rgb('#1b2a6b'), rgb(plate))).toBeGreaterThanOrEqual(3);
    expect(contrast(rgb(plate), [17, 24, 39])).toBeGreaterThan(10); // light on the dark design
  });

  it('is a deep shade of a white logo’s colour: a white logo is not lost on a white plate', async () => {
    const plate = await logoPlate(await logo('#ffffff'));
    expect(contrast([255, 255, 255], rgb(plate))).toBeGreaterThanOrEqual(3);
  });

  it('extends a logo that brings its own background, in that background’s colour', async () => {
    // The stored logo is a WebP: its red comes back within a step or two of what was drawn.
    const plate = rgb(await logoPlate(await logo('#ffffff', '#c8102e')));
    rgb('#c8102e').forEach((channel, i) => expect(Math.abs(plate[i]! - channel)).toBeLessThan(4));
  });

  it('answers a colour for a logo in a mid colour that neither tint would suit', async () => {
    const plate = await logoPlate(await logo('#808080'));
    expect(plate).toMatch(/^#[0-9A-F]{6}$/);
    expect(contrast([128, 128, 128], rgb(plate))).toBeGreaterThanOrEqual(3);
  });
});
