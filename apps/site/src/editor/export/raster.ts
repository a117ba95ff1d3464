export type RasterType = 'png' | 'jpeg';

/** Raised when the browser refuses to read the canvas back (a picture without CORS tainted it). */
export class TaintedCanvasError extends Error {}

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

/** JPEG has no transparency: paint white under the design first (shadows and rounded corners). */
export function onWhite(canvas: HTMLCanvasElement): HTMLCanvasElement {
  const out = document.createElement('canvas');
  out.width = canvas.width;
  out.height = canvas.height;
  const ctx = out.getContext('2d');
  if (!ctx) return canvas;
  ctx.fillStyle = '#FFFFFF';
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.drawImage(canvas, 0, 0);
  return out;
}
