// The promo editor in a real browser: edit a text in place, move a picture, undo, export PNG and
// PDF, and check the files themselves (pixel size, page size, real text in the PDF).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { inflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, downloadedBytes, launchBrowser, VIEWPORTS } from '../support/browser.js';
import { apiData, siteUrl, type OrganiserData } from '../support/stack.js';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

type KonvaNode = { x(): number; y(): number; getClientRect(): { x: number; y: number; width: number; height: number }; findOne(sel: string): KonvaNode & { text(): string } };
type KonvaWindow = { Konva: { stages: { findOne(sel: string): KonvaNode | undefined; container(): HTMLElement }[] } };

/** Centre on the page and position in design pixels of a design element (by its id). */
function element(page: Page, id: string) {
  return page.evaluate((id) => {
    const stage = (window as unknown as KonvaWindow).Konva.stages[0]!;
    const node = stage.findOne(`#${id}`);
    if (!node) throw new Error(`no element ${id}`);
    // The site's header sits above the editor: bring the canvas into view before pointing at it.
    stage.container().scrollIntoView({ block: 'center', behavior: 'instant' });
    const r = node.getClientRect();
    const box = stage.container().getBoundingClientRect();
    const text = node.findOne('Text');
    return { x: box.left + r.x + r.width / 2, y: box.top + r.y + r.height / 2, left: node.x(), top: node.y(), text: text ? text.text() : '' };
  }, id);
}

/** PNG width and height from the IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  assert.equal(bytes.subarray(1, 4).toString('latin1'), 'PNG');
  assert.equal(bytes.subarray(12, 16).toString('latin1'), 'IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * Every stream of a PDF, inflated where it is Flate-compressed (pdf-lib compresses content and
 * object streams), so the page dictionary and the text operators can be read as text.
 */
function pdfStreams(bytes: Buffer): string[] {
  const src = bytes.toString('latin1');
  const out: string[] = [src];
  // A stream's dictionary (which may nest one level of << >>), its /Length, then its bytes.
  const re = /<<((?:(?!<<|>>)[\s\S]|<<[\s\S]*?>>)*?)>>\s*stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(src))) {
    const length = Number(/\/Length (\d+)/.exec(m[1]!)?.[1] ?? 0);
    const start = m.index + m[0].length;
    if (/\/FlateDecode/.test(m[1]!)) {
      try {
        out.push(inflateSync(bytes.subarray(start, start + length)).toString('latin1'));
      } catch {
        // Not zlib after all: left as it is in the file.
      }
    }
    re.lastIndex = start + length;
  }
  return out;
}

function pdfText(streams: string[]): string {
  return streams
    .flatMap((s) => [...s.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)].map((m) => Buffer.from(m[1]!, 'hex').toString('latin1')))
    .join('\n');
}

async function download(page: Page, format: 'PNG' | 'PDF'): Promise<{ name: string; bytes: Buffer }> {
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), dialog.getByRole('button', { name: new RegExp(`^${format}`) }).click()]);
  const bytes = await downloadedBytes(file);
  assert.ok(bytes.length > 0, 'download saved');
  await dialog.getByText(/^Saved/).waitFor();
  await dialog.getByRole('button', { name: 'Close' }).click();
  return { name: file.suggestedFilename(), bytes };
}

describe('the promo editor', () => {
  let organiser: OrganiserData;
  let page: Page;

  before(async () => {
    organiser = await apiData<OrganiserData>('/api/v1/client/events/organiser/data?app_domain=localhost');
    const event = organiser.recent_events[0]!;
    const context = await browser.newContext({ ...VIEWPORTS.desktop, acceptDownloads: true, reducedMotion: 'reduce' });
    page = await context.newPage();
    await page.goto(siteUrl('localhost', `/events/${event.event_slug}/promo`), { waitUntil: 'networkidle' });
    await page.getByTestId('promo-editor').waitFor();
    await page.locator('.pe-canvas canvas').first().waitFor();
    // Start from the square post whatever an earlier run left in this browser.
    await page.getByRole('button', { name: /^Square post/ }).click();
    await page.waitForFunction(() => Boolean((window as unknown as KonvaWindow).Konva?.stages[0]?.findOne('#title')));
  });
  after(async () => {
    await page?.context().close();
  });

  test('opens filled from the event', async () => {
    const event = organiser.recent_events[0]!;
    const title = await element(page, 'title');
    assert.equal(title.text, event.event_name);
  });

  test('edits a text in place', async () => {
    const title = await element(page, 'title');
    await page.mouse.dblclick(title.x, title.y);
    const field = page.getByRole('textbox', { name: /^Edit text/ });
    await field.fill('Race day, here I come');
    await field.press('Escape');
    await field.waitFor({ state: 'detached' });
    assert.equal((await element(page, 'title')).text, 'Race day, here I come');
  });

  test('moves a picture by dragging, and undo puts it back', async () => {
    const target = (await page.evaluate(() => Boolean((window as unknown as KonvaWindow).Konva.stages[0]!.findOne('#logo')))) ? 'logo' : 'badge';
    const before = await element(page, target);
    await page.mouse.move(before.x, before.y);
    await page.mouse.down();
    await page.mouse.move(before.x + 60, before.y + 40, { steps: 6 });
    await page.mouse.move(before.x + 120, before.y + 90, { steps: 6 });
    await page.mouse.up();
    const moved = await element(page, target);
    assert.ok(moved.left > before.left + 50 && moved.top > before.top + 50, `moved from ${before.left},${before.top} to ${moved.left},${moved.top}`);
    await page.keyboard.press('Control+z');
    const undone = await element(page, target);
    assert.deepEqual([undone.left, undone.top], [before.left, before.top]);
    assert.equal((await element(page, 'title')).text, 'Race day, here I come', 'undo took back only the move');
  });

  test('exports a PNG at the full 1080×1080', async () => {
    const png = await download(page, 'PNG');
    assert.match(png.name, /post-square\.png$/);
    assert.deepEqual(pngSize(png.bytes), { width: 1080, height: 1080 });
  });

  test('exports a PDF of the right page size that contains the text', async () => {
    const pdf = await download(page, 'PDF');
    assert.match(pdf.name, /\.pdf$/);
    assert.equal(pdf.bytes.subarray(0, 5).toString('latin1'), '%PDF-');
    const streams = pdfStreams(pdf.bytes);
    // 1080 px at 96 dpi = 810 pt.
    assert.ok(streams.some((s) => /\/MediaBox\s*\[\s*0 0 810 810\s*\]/.test(s)), 'an 810×810 pt page');
    assert.match(pdfText(streams), /Race day, here I come/);
  });

  test('autosaves: the edit survives a reload', async () => {
    // The autosave (debounced) has written the edit to the browser's storage.
    await page.waitForFunction(() =>
      Object.keys(localStorage).some((k) => localStorage.getItem(k)?.includes('Race day, here I come')),
    );
    await page.reload({ waitUntil: 'networkidle' });
    await page.waitForFunction(() => Boolean((window as unknown as KonvaWindow).Konva?.stages[0]?.findOne('#title')));
    assert.equal((await element(page, 'title')).text, 'Race day, here I come');
  });

  test('passes axe', async () => {
    assert.deepEqual(await axeViolations(page), []);
  });
});

describe('the promo editor on a phone', () => {
  test('fits 390 px without sideways scrolling', async () => {
    const organiser = await apiData<OrganiserData>('/api/v1/client/events/organiser/data?app_domain=localhost');
    const context = await browser.newContext({ ...VIEWPORTS.phone });
    const page = await context.newPage();
    await page.goto(siteUrl('localhost', `/events/${organiser.recent_events[0]!.event_slug}/promo`), { waitUntil: 'networkidle' });
    await page.locator('.pe-canvas canvas').first().waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `page is ${width} px wide`);
    for (const name of ['Undo (Ctrl+Z)', 'Redo (Ctrl+Shift+Z)', 'Reset to template', 'Download']) {
      assert.ok(await page.getByRole('button', { name, exact: true }).isVisible(), `${name} visible`);
    }
    await context.close();
  });
});
