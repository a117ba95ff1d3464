import { PDFDocument } from 'pdf-lib';
import { describe, expect, test } from 'vitest';
import { nodeRaster } from '@/test/node-canvas';
import { paletteFor } from '../model/palette';
import { buildTemplate } from '../model/templates';
import { exportDesign } from './run';

// The export from the model alone: no React, no canvas on a page. A node canvas stands in for
// the browser's (src/test/node-canvas.ts); the pictures are the stickers' own artwork.
const event = { eventName: 'Lisbon Half Marathon', eventDate: '2026-03-14', city: 'Lisbon', themeColour: '#E4572E' };
const design = buildTemplate('post-square', event);
const raster = nodeRaster();

const hex = (rgb: ArrayLike<number>) => `#${[rgb[0]!, rgb[1]!, rgb[2]!].map((v) => v.toString(16).padStart(2, '0')).join('')}`.toUpperCase();

describe('exportDesign', () => {
  test('a template as a PNG of its full pixel size, in its colours', async () => {
    const file = await exportDesign(design, { format: 'png', eventName: event.eventName, raster });
    expect(file.name).toBe('lisbon-half-marathon-post-square.png');
    expect(file.type).toBe('image/png');
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const ihdr = new DataView(bytes.buffer, bytes.byteOffset + 16, 8);
    expect([ihdr.getUint32(0), ihdr.getUint32(4)]).toEqual([1080, 1080]);
    // The badge (x 676-1016, y 72-152) is filled with the brand colour.
    const { loadImage } = await import('@napi-rs/canvas');
    const image = await loadImage(Buffer.from(bytes));
    const canvas = raster.createCanvas(image.width, image.height);
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(image as unknown as CanvasImageSource, 0, 0);
    expect(hex(ctx.getImageData(690, 112, 1, 1).data)).toBe(paletteFor(event.themeColour).brand.toUpperCase());
  });

  test('a template as a PDF: one page of its size in points, its texts searchable', async () => {
    const steps: string[] = [];
    const file = await exportDesign(design, { format: 'pdf', eventName: event.eventName, author: 'Run Portugal', raster, onProgress: (p) => steps.push(p.step) });
    expect(file.name).toBe('lisbon-half-marathon-post-square.pdf');
    const doc = await PDFDocument.load(new Uint8Array(await file.arrayBuffer()));
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    // 1080 px at 96 dpi = 810 pt.
    expect([width, height]).toEqual([810, 810]);
    expect(doc.getTitle()).toBe('Lisbon Half Marathon — Square post');
    expect(doc.getAuthor()).toBe('Run Portugal');
    expect(steps.at(-1)).toBe('Done');
  });
});
