import sharp from 'sharp';

export type Corner = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right' | 'center';

/**
 * The brightest and the mean luminance (0..255) of one part of an image: a corner's box of a
 * `share` of the width and height, or the middle. A light watermark on a dark photo shows as a
 * bright maximum there.
 */
export async function cornerLight(
  image: Buffer,
  corner: Corner,
  share = 0.35,
): Promise<{ max: number; mean: number; width: number; height: number }> {
  const { data, info } = await sharp(image)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const w = Math.round(info.width * share);
  const h = Math.round(info.height * share);
  const left =
    corner === 'center'
      ? Math.round((info.width - w) / 2)
      : corner.endsWith('left')
        ? 0
        : info.width - w;
  const top =
    corner === 'center'
      ? Math.round((info.height - h) / 2)
      : corner.startsWith('top')
        ? 0
        : info.height - h;
  let max = 0;
  let sum = 0;
  for (let y = top; y < top + h; y++)
    for (let x = left; x < left + w; x++) {
      const i = (y * info.width + x) * info.channels;
      const light = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
      if (light > max) max = light;
      sum += light;
    }
  return { max, mean: sum / (w * h), width: info.width, height: info.height };
}

/** The colour (r, g, b) of one pixel. */
export async function pixelAt(
  image: Buffer,
  x: number,
  y: number,
): Promise<[number, number, number]> {
  const { data, info } = await sharp(image)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}

/**
 * A sponsor frame for tests: `width`×`height`, an opaque `colour` border `border` pixels wide
 * around a fully transparent window.
 */
export async function framePng(
  width: number,
  height: number,
  border: number,
  colour = '#C62828',
): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><path fill-rule="evenodd" fill="${colour}" d="M0 0H${width}V${height}H0Z M${border} ${border}V${height - border}H${width - border}V${border}Z"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
