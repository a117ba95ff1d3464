/** How sharp a face is, for quality.ts: measured on the crop the face is described from. */
import { SHARPNESS_SIDE, sharpnessOfGrey } from '@eventsite/contract/face-recipe';
import sharp from 'sharp';

/** Sharpness of the face region of an RGB image (the recipe's `sharpnessOfGrey`). */
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
  return sharpnessOfGrey(grey);
}
