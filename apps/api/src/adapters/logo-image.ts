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

/** sRGB channel (0-255) to linear light, for WCAG's relative luminance. */
const linear = (c: number) => {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const luminance = ([r, g, b]: readonly number[]) =>
  0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
/** WCAG contrast ratio of two colours. */
export const contrast = (a: readonly number[], b: readonly number[]) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};
const mix = (a: readonly number[], b: readonly number[], t: number) =>
  a.map((v, i) => Math.round(v * (1 - t) + b[i]! * t));
const hex = (rgb: readonly number[]) =>
  `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`.toUpperCase();
const WHITE = [255, 255, 255];
const INK = [17, 24, 39];

/**
 * The plate a logo is shown on where the background is dark or a photo (the certificate, the
 * posters, the race video's end card), chosen from the logo's own colours (its pixels, read with
 * sharp): a logo with its own background (no transparency at its edges) gets that background, so
 * the plate only extends it; a transparent logo gets a pale tint of its own colour when it is dark,
 * a deep shade of it when it is light, whichever keeps its colours at 3:1 or better, else white or
 * near-black. Answers `#RRGGBB`.
 */
export async function logoPlate(image: Buffer): Promise<string> {
  const { data, info } = await sharp(image)
    .ensureAlpha()
    .resize({ width: 96, height: 96, fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const at = (x: number, y: number) => (y * width + x) * 4;
  // The edge: is it the logo's own background (opaque), and what colour?
  const edge: number[][] = [];
  for (let x = 0; x < width; x++) edge.push([x, 0], [x, height - 1]);
  for (let y = 1; y < height - 1; y++) edge.push([0, y], [width - 1, y]);
  const opaqueEdge = edge.filter(([x, y]) => data[at(x!, y!) + 3]! > 240);
  if (opaqueEdge.length > edge.length * 0.9) {
    const sum = [0, 0, 0];
    for (const [x, y] of opaqueEdge) for (let c = 0; c < 3; c++) sum[c]! += data[at(x!, y!) + c]!;
    return hex(sum.map((v) => Math.round(v / opaqueEdge.length)));
  }
  // A transparent logo: its ink, weighted by how opaque each pixel is.
  const ink = [0, 0, 0];
  let weight = 0;
  for (let i = 0; i < width * height; i++) {
    const a = data[i * 4 + 3]! / 255;
    if (a < 0.5) continue;
    for (let c = 0; c < 3; c++) ink[c]! += data[i * 4 + c]! * a;
    weight += a;
  }
  if (weight === 0) return hex(WHITE);
  const colour = ink.map((v) => v / weight);
  const plate = luminance(colour) < 0.4 ? mix(colour, WHITE, 0.92) : mix(colour, INK, 0.85);
  if (contrast(colour, plate) >= 3) return hex(plate);
  return hex(contrast(colour, WHITE) >= contrast(colour, INK) ? WHITE : INK);
}
