import { PDFDocument, StandardFonts, TextRenderingMode, degrees, popGraphicsState, pushGraphicsState, setTextRenderingMode } from 'pdf-lib';
import { mapTextRuns, toWinAnsi, type TextRun } from '../model/pdfText';

export type PdfInput = {
  /** The page in points (A4 842x595 for a landscape certificate). */
  page: { width: number; height: number };
  /** The whole design rendered at full size. */
  raster: { bytes: Uint8Array; type: 'png' | 'jpeg' };
  design: { width: number; height: number };
  texts: TextRun[];
  title: string;
  author?: string;
  keywords?: string[];
};

/**
 * The PDF: one page of the right size, the design's raster filling it, and every text line as
 * invisible real text on top (see model/pdfText). Plain pdf-lib, no DOM: it runs in a test.
 *
 * The search layer uses Helvetica, a standard PDF font, because the only Inter the project ships
 * is WOFF2, which pdf-lib cannot subset (see docs/editor.md); the visible type is in the raster.
 */
export async function buildPdf(input: PdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(input.title);
  if (input.author) doc.setAuthor(input.author);
  if (input.keywords?.length) doc.setKeywords(input.keywords);
  doc.setCreator('eventsite promo editor');
  doc.setProducer('pdf-lib');

  const page = doc.addPage([input.page.width, input.page.height]);
  const img = input.raster.type === 'png' ? await doc.embedPng(input.raster.bytes) : await doc.embedJpg(input.raster.bytes);
  page.drawImage(img, { x: 0, y: 0, width: input.page.width, height: input.page.height });

  const font = await doc.embedFont(StandardFonts.Helvetica);
  const lines = mapTextRuns(input.texts, input.design, input.page);
  if (lines.length) {
    page.pushOperators(pushGraphicsState(), setTextRenderingMode(TextRenderingMode.Invisible));
    for (const line of lines) {
      const text = toWinAnsi(line.text);
      if (!text.trim()) continue;
      page.drawText(text, { x: line.x, y: line.y, size: line.size, font, rotate: degrees(line.rotate) });
    }
    page.pushOperators(popGraphicsState());
  }
  return doc.save();
}
