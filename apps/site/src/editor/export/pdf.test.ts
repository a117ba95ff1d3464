import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, test } from 'vitest';
import { buildPdf } from './pdf';

// A 1x1 PNG: the raster's content does not matter here, its placement does.
const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));

/** The page's text, decoded from the content stream's hex strings (WinAnsi). */
async function pageText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  let out = '';
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFRawStream)) continue;
    const filter = obj.dict.get(PDFName.of('Filter'));
    const raw = filter ? inflateSync(obj.contents) : Buffer.from(obj.contents);
    const s = raw.toString('latin1');
    for (const m of s.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) out += Buffer.from(m[1]!, 'hex').toString('latin1') + '\n';
  }
  return out;
}

describe('buildPdf', () => {
  test('an A4 landscape page with the raster and the text as real text', async () => {
    const bytes = await buildPdf({
      page: { width: 842, height: 595 },
      raster: { bytes: PNG, type: 'png' },
      design: { width: 3508, height: 2480 },
      title: 'Finisher certificate',
      texts: [{ x: 350, y: 800, width: 2800, rotation: 0, fontSize: 240, lineHeight: 1.15, align: 'center', lines: [{ text: 'Ana Silva', width: 1100 }] }, { x: 10, y: 10, width: 300, rotation: 30, fontSize: 50, lineHeight: 1, align: 'left', lines: [{ text: 'Dvořák 1:41:07', width: 200 }] }],
    });
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect([width, height]).toEqual([842, 595]);
    expect(doc.getTitle()).toBe('Finisher certificate');
    const text = await pageText(bytes);
    expect(text).toContain('Ana Silva');
    expect(text).toContain('Dvorák 1:41:07');
  });
});
