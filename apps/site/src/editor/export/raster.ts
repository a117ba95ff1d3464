import { loadImage } from '../render/images';
import type { Picture } from '../render/scene';

export type RasterType = 'png' | 'jpeg';

/** Raised when the browser refuses to read the canvas back (a picture without CORS tainted it). */
export class TaintedCanvasError extends Error {}

/**
 * Where an export draws and encodes: the browser's canvas by default; a test in node passes one
 * built on a node canvas (and points Konva's own canvases at it, see src/test/node-canvas.ts).
 */
export interface RasterBackend {
  /** A blank canvas of the given size. */
  createCanvas(width: number, height: number): HTMLCanvasElement;
  /** The canvas as an image file. */
  encode(canvas: HTMLCanvasElement, type: RasterType, quality: number): Promise<Blob>;
  /** A picture by URL: loaded, or 'failed'. */
  loadPicture(src: string): Promise<Picture | 'failed'>;
}

/** A canvas as an image file. A tainted canvas throws SecurityError: reported as TaintedCanvasError. */
export function canvasToBlob(canvas: HTMLCanvasElement, type: RasterType, quality = 0.92): Promise<Blob> {
  return new Promise((resolve, reject) => {
    try {
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('The browser could not encode the image (it may be too large for this device).'))),
        type === 'png' ? 'image/png' : 'image/jpeg',
        quality,
      );
    } catch (e) {
      reject(e instanceof DOMException && e.name === 'SecurityError' ? new TaintedCanvasError(e.message) : e);
    }
  });
}

export const browserRaster: RasterBackend = {
  createCanvas(width, height) {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    return canvas;
  },
  encode: canvasToBlob,
  async loadPicture(src) {
    const { image } = await loadImage(src);
    return image ? { image, width: image.naturalWidth, height: image.naturalHeight } : 'failed';
  },
};

/** JPEG has no transparency: paint white under the design first (shadows and rounded corners). */
export function onWhite(canvas: HTMLCanvasElement, backend: RasterBackend = browserRaster): HTMLCanvasElement {
  const out = backend.createCanvas(canvas.width, canvas.height);
  const ctx = out.getContext('2d');
  if (!ctx) return canvas;
  ctx.fillStyle = '#FFFFFF';
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.drawImage(canvas, 0, 0);
  return out;
}
