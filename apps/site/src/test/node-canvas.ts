import { Canvas, DOMMatrix, Image, loadImage } from '@napi-rs/canvas';
import Konva from 'konva';
import type { RasterBackend } from '@/editor/export/raster';

/**
 * A canvas for tests in node (@napi-rs/canvas: Skia, prebuilt in its npm package): Konva's own
 * canvases are made on it, and an export draws and encodes with it.
 */
export function nodeRaster(): RasterBackend {
  const g = globalThis as { DOMMatrix?: unknown };
  g.DOMMatrix ??= DOMMatrix;
  Konva.pixelRatio = 1;
  Konva.Util.createCanvasElement = () => {
    const canvas = new Canvas(300, 300) as unknown as HTMLCanvasElement & { style?: object };
    if (!canvas.style) Object.assign(canvas, { style: {} });
    return canvas;
  };
  Konva.Util.createImageElement = () => new Image() as unknown as HTMLImageElement;
  return {
    createCanvas: (width, height) => new Canvas(width, height) as unknown as HTMLCanvasElement,
    async encode(canvas, type, quality) {
      const c = canvas as unknown as Canvas;
      const bytes = type === 'png' ? await c.encode('png') : await c.encode('jpeg', Math.round(quality * 100));
      return new Blob([new Uint8Array(bytes)], { type: `image/${type}` });
    },
    async loadPicture(src) {
      try {
        const image = await loadImage(src);
        return { image: image as unknown as CanvasImageSource, width: image.width, height: image.height };
      } catch {
        return 'failed';
      }
    },
  };
}
