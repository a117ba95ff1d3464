/** Decoded pixels, sampled at sub-pixel positions (rotated crops, background checks). */

export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

/** Bilinear sample with edge clamping (PaddleOCR's crops replicate the border too). */
export function sample(image: RawImage, x: number, y: number, out: number[]): void {
  const cx = Math.min(Math.max(x, 0), image.width - 1);
  const cy = Math.min(Math.max(y, 0), image.height - 1);
  const x0 = Math.floor(cx);
  const y0 = Math.floor(cy);
  const x1 = Math.min(x0 + 1, image.width - 1);
  const y1 = Math.min(y0 + 1, image.height - 1);
  const ax = cx - x0;
  const ay = cy - y0;
  const c = image.channels;
  const d = image.data;
  for (let ch = 0; ch < 3; ch++) {
    const k = Math.min(ch, c - 1);
    const top =
      d[(y0 * image.width + x0) * c + k]! * (1 - ax) + d[(y0 * image.width + x1) * c + k]! * ax;
    const bottom =
      d[(y1 * image.width + x0) * c + k]! * (1 - ax) + d[(y1 * image.width + x1) * c + k]! * ax;
    out[ch] = top * (1 - ay) + bottom * ay;
  }
}
