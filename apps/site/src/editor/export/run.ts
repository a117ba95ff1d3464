import type { TextRun } from '../model/pdfText';
import type { Design } from '../model/schema';
import { TEMPLATES } from '../model/templates';
import { buildPdf } from './pdf';
import { canvasToBlob, onWhite, TaintedCanvasError } from './raster';
import { fileName } from './share';

export type ExportFormat = 'png' | 'jpeg' | 'pdf';

export type ExportSource = {
  renderCanvas: (pixelWidth?: number) => HTMLCanvasElement;
  textRuns: () => TextRun[];
};

export type Progress = { step: string; fraction: number };

const nextFrame = () => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0)));

/** What went wrong, in words for the person exporting. */
export function exportErrorMessage(e: unknown): string {
  if (e instanceof TaintedCanvasError || (e instanceof DOMException && e.name === 'SecurityError')) {
    return "A picture in your design comes from a site that doesn't allow it to be saved, so the export was blocked. Replace or remove that picture and try again.";
  }
  if (e instanceof Error && e.message) return `The export didn't work: ${e.message}`;
  return "The export didn't work. Please try again.";
}

/**
 * Render the design at its full pixel size and encode it. PNG and JPEG are the raster itself;
 * the PDF is the raster on a page of the template's size with the texts as real text on top.
 */
export async function exportDesign(
  source: ExportSource,
  design: Design,
  format: ExportFormat,
  meta: { eventName: string; author?: string },
  onProgress: (p: Progress) => void,
): Promise<File> {
  const info = TEMPLATES[design.template];
  onProgress({ step: 'Drawing your design at full size…', fraction: 0.1 });
  await nextFrame();
  const canvas = source.renderCanvas(design.width);
  onProgress({ step: format === 'pdf' ? 'Preparing the page image…' : 'Encoding the image…', fraction: 0.4 });
  await nextFrame();
  if (format === 'png') {
    const blob = await canvasToBlob(canvas, 'png');
    onProgress({ step: 'Done', fraction: 1 });
    return new File([blob], fileName(meta.eventName, design.template, 'png'), { type: 'image/png' });
  }
  // JPEG for the PDF's page image too: a photo-heavy 300 dpi page stays a few MB, not tens.
  const jpeg = await canvasToBlob(onWhite(canvas), 'jpeg', format === 'pdf' ? 0.9 : 0.92);
  if (format === 'jpeg') {
    onProgress({ step: 'Done', fraction: 1 });
    return new File([jpeg], fileName(meta.eventName, design.template, 'jpg'), { type: 'image/jpeg' });
  }
  onProgress({ step: 'Building the PDF…', fraction: 0.7 });
  await nextFrame();
  const texts = source.textRuns();
  const pdf = await buildPdf({
    page: info.page,
    raster: { bytes: new Uint8Array(await jpeg.arrayBuffer()), type: 'jpeg' },
    design,
    texts,
    title: `${meta.eventName} — ${info.label}`,
    ...(meta.author ? { author: meta.author } : {}),
    keywords: [meta.eventName, info.label],
  });
  onProgress({ step: 'Done', fraction: 1 });
  return new File([pdf as Uint8Array<ArrayBuffer>], fileName(meta.eventName, design.template, 'pdf'), { type: 'application/pdf' });
}
