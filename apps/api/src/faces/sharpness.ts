/** How sharp a face is, for quality.ts: measured on the crop the face is described from. */
import sharp from 'sharp';

/** The side the face is looked at for sharpness: fine detail at a photo's usual face size. */
const SHARPNESS_SIDE = 48;

/**
 * Sharpness of the face region of an RGB image: the mean absolute Laplacian of its grey values
 * scaled to SHARPNESS_SIDE, over their standard deviation (so a dim face is not "blurred").
 */
export async function sharpness(
  rgb: Buffer,
  width: number,
  height: number,
  box: { x: number; y: number; width: number; height: number },
): Promise<number> {
  const left = Math.max(0, Math.floor(box.x));
  const top = Math.max(0, Math.floor(box.y));
  const w = Math.min(width - left, Math.ceil(box.width));
  const h = Math.min(height - top, Math.ceil(box.height));
  if (w < 4 || h < 4) return 0;
  const grey = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .extract({ left, top, width: w, height: h })
    .greyscale()
    .resize(SHARPNESS_SIDE, SHARPNESS_SIDE, { fit: 'fill' })
    .raw()
    .toBuffer();
  const n = SHARPNESS_SIDE;
  let sum = 0;
  let sq = 0;
  for (let i = 0; i < grey.length; i++) {
    sum += grey[i]!;
    sq += grey[i]! * grey[i]!;
  }
  const mean = sum / grey.length;
  const deviation = Math.sqrt(Math.max(0, sq / grey.length - mean * mean));
  if (deviation < 1) return 0;
  let edges = 0;
  for (let y = 1; y < n - 1; y++)
    for (let x = 1; x < n - 1; x++) {
      const at = y * n + x;
      edges += Math.abs(4 * grey[at]! - grey[at - 1]! - grey[at + 1]! - grey[at - n]! - grey[at + n]!);
    }
  return edges / ((n - 2) * (n - 2)) / deviation;
}
