import type { Design } from '../model/schema';
import { TEMPLATES } from '../model/templates';
import { buildScene, pictureSources, type Picture } from '../render/scene';
import { buildPdf } from './pdf';
import { browserRaster, onWhite, TaintedCanvasError, type RasterBackend } from './raster';
import { fileName } from './share';

export type ExportFormat = 'png' | 'jpeg' | 'pdf';

export type Progress = { step: string; fraction: number };

export type ExportOptions = {
  format: ExportFormat;
  /** Names the file and titles the PDF. */
  eventName: string;
  /** The PDF's author (the organiser). */
  author?: string;
  /** The raster's width in pixels: the design's own by default. */
  pixelWidth?: number;
  onProgress?: (p: Progress) => void;
  /** How long pictures are waited for; one still loading then is drawn as a placeholder. */
  pictureTimeoutMs?: number;
  /** The browser's canvas unless given. */
  raster?: RasterBackend;
};

/** Lets the progress bar paint between steps (a plain tick where nothing paints). */
const nextFrame = () => new Promise<void>((r) => (typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => setTimeout(r, 0)) : setTimeout(r, 0)));

/** What went wrong, in words for the person exporting. */
export function exportErrorMessage(e: unknown): string {
  if (e instanceof TaintedCanvasError || (e instanceof DOMException && e.name === 'SecurityError')) {
    return "A picture in your design comes from a site that doesn't allow it to be saved, so the export was blocked. Replace or remove that picture and try again.";
  }
  if (e instanceof Error && e.message) return `The export didn't work: ${e.message}`;
  return "The export didn't work. Please try again.";
}

/** Every picture the design draws, waited for up to `timeoutMs`. */
async function loadPictures(design: Design, raster: RasterBackend, timeoutMs: number): Promise<Map<string, Picture | 'failed' | 'loading'>> {
  const timeout = new Promise<'loading'>((r) => setTimeout(() => r('loading'), timeoutMs));
  const srcs = pictureSources(design);
  const loaded = await Promise.all(srcs.map((src) => Promise.race([raster.loadPicture(src).catch(() => 'failed' as const), timeout])));
  return new Map(srcs.map((src, i) => [src, loaded[i]!]));
}

/**
 * A design as a file, from the model alone (no React, no canvas on the page), as excalidraw's
 * exportToBlob does: the design is built as plain Konva nodes (render/scene.ts) and drawn at its
 * full pixel size. PNG and JPEG are the raster itself; the PDF is the raster on a page of the
 * template's size with the texts as real text on top.
 */
export async function exportDesign(design: Design, options: ExportOptions): Promise<File> {
  const { format, eventName } = options;
  const raster = options.raster ?? browserRaster;
  const progress = options.onProgress ?? (() => undefined);
  const info = TEMPLATES[design.template];
  const pictures = await loadPictures(design, raster, options.pictureTimeoutMs ?? 15000);
  progress({ step: 'Drawing your design at full size…', fraction: 0.1 });
  await nextFrame();
  const scene = buildScene(design, (src) => pictures.get(src) ?? 'loading');
  try {
    const pixelWidth = options.pixelWidth ?? design.width;
    const canvas = scene.layer.toCanvas({ x: 0, y: 0, width: design.width, height: design.height, pixelRatio: pixelWidth / design.width });
    progress({ step: format === 'pdf' ? 'Preparing the page image…' : 'Encoding the image…', fraction: 0.4 });
    await nextFrame();
    if (format === 'png') {
      const blob = await raster.encode(canvas, 'png', 1);
      progress({ step: 'Done', fraction: 1 });
      return new File([blob], fileName(eventName, design.template, 'png'), { type: 'image/png' });
    }
    // JPEG for the PDF's page image too: a photo-heavy 300 dpi page stays a few MB, not tens.
    const jpeg = await raster.encode(onWhite(canvas, raster), 'jpeg', format === 'pdf' ? 0.9 : 0.92);
    if (format === 'jpeg') {
      progress({ step: 'Done', fraction: 1 });
      return new File([jpeg], fileName(eventName, design.template, 'jpg'), { type: 'image/jpeg' });
    }
    progress({ step: 'Building the PDF…', fraction: 0.7 });
    await nextFrame();
    const pdf = await buildPdf({
      page: info.page,
      raster: { bytes: new Uint8Array(await jpeg.arrayBuffer()), type: 'jpeg' },
      design,
      texts: scene.textRuns(),
      title: `${eventName} — ${info.label}`,
      ...(options.author ? { author: options.author } : {}),
      keywords: [eventName, info.label],
    });
    progress({ step: 'Done', fraction: 1 });
    return new File([pdf as Uint8Array<ArrayBuffer>], fileName(eventName, design.template, 'pdf'), { type: 'application/pdf' });
  } finally {
    scene.destroy();
  }
}
