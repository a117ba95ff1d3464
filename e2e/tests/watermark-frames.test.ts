// Watermarks and sponsor frames in Chromium (docs/watermarks.md), on an organiser of their own
// (made with the CLI through the running API, on a host name of its own): the owner sets a text
// watermark on the console's "Watermark and frames" screen (the live preview follows the form),
// and the gallery's image carries it where the unmarked rendering has none, while the download
// is still the original; the owner adds a sponsor frame (a broken file is refused with the API's
// reason) and a visitor downloads a photo in it from the viewer's menu. A provider's event
// without frames keeps the plain download button. axe on the screen; screenshots go to
// E2E_SCREENSHOTS_DIR when it is set.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { axeViolations, launchBrowser, VIEWPORTS } from '../support/browser.js';
import { repoRoot } from '../support/processes.js';
import { apiData, apiUrl, siteUrl } from '../support/stack.js';

const STAMP = Date.now().toString(36);
const HOST = `marks-${STAMP}.localhost`;
const OWNER = `owner-${STAMP}@marks.example`;
const PASSWORD = 'a good long password';
const MARK = 'MARKED E2E';
const FRAME = 'Harbour Bank';
const dataDir = process.env.E2E_DATA_DIR ?? '';
const screenshots = process.env.E2E_SCREENSHOTS_DIR;

function cli(args: string[], input = '') {
  const run = spawnSync(process.execPath, ['apps/api/dist/cli/main.js', ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    input,
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, `${args.join(' ')}: ${run.stderr}`);
  return run.stdout;
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The brightest luminance (0..255) in a corner box (a third of each side) of an image. */
async function cornerMax(bytes: Buffer, corner: 'top-left' | 'bottom-right'): Promise<number> {
  const { data, info } = await sharp(bytes)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const w = Math.round(info.width / 3);
  const h = Math.round(info.height / 3);
  const x0 = corner === 'top-left' ? 0 : info.width - w;
  const y0 = corner === 'top-left' ? 0 : info.height - h;
  let max = 0;
  for (let y = y0; y < y0 + h; y++)
    for (let x = x0; x < x0 + w; x++) {
      const i = (y * info.width + x) * info.channels;
      max = Math.max(max, 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!);
    }
  return max;
}

async function fetchBytes(url: string, accept = 'image/webp'): Promise<Buffer> {
  const res = await fetch(url, { headers: { accept } });
  assert.equal(res.status, 200, url);
  return Buffer.from(await res.arrayBuffer());
}

async function shot(page: Page, name: string) {
  if (!screenshots) return;
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: path.join(screenshots, `watermark-${name}.png`), fullPage: true });
}

async function signIn(page: Page) {
  await page.goto(siteUrl(HOST, '/console'));
  await page.getByLabel('Email').fill(OWNER);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out', exact: true }).waitFor();
}

let browser: Browser;
let eventId: number;
let slug: string;
let firstUuid: string;
let originalBytes: Buffer;
let framePath: string;
let brokenPath: string;

before(async () => {
  assert.ok(dataDir, 'E2E_DATA_DIR is set by e2e/run.ts');
  const folder = mkdtempSync(path.join(tmpdir(), 'marks-e2e-'));
  writeFileSync(
    path.join(folder, 'organiser.json'),
    JSON.stringify({ name: `Marks Co ${STAMP}`, domains: [HOST] }),
  );
  cli(['organiser', 'apply', path.join(folder, 'organiser.json')]);
  cli(['user', 'create', HOST, OWNER, '--role', 'owner'], `${PASSWORD}\n`);
  const created = cli([
    'event',
    'create',
    '--organiser',
    HOST,
    '--name',
    `Night Ten K ${STAMP}`,
    '--date',
    '2026-03-01',
    '--published',
  ]);
  const m = /Created event (\d+) '[^']*' \(([^)]+)\)/.exec(created);
  assert.ok(m, created);
  eventId = Number(m[1]);
  slug = m[2]!;
  // Dark photos: a light mark shows plainly on them.
  const photos = path.join(folder, 'photos');
  mkdirSync(photos);
  for (const [i, colour] of ['#1b2a4a', '#2a1b1b', '#1b2a1b'].entries())
    await sharp({ create: { width: 1600, height: 1067, channels: 3, background: colour } })
      .jpeg({ quality: 90 })
      .withExifMerge({ IFD2: { DateTimeOriginal: `2026:03:01 09:0${i}:00` } })
      .toFile(path.join(photos, `night-${i}.jpg`));
  cli(['import', String(eventId), photos]);
  // A portrait sponsor frame: a red border 90 px wide around a transparent window.
  framePath = path.join(folder, 'frame.png');
  await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1350"><path fill-rule="evenodd" fill="#C62828" d="M0 0H1080V1350H0Z M90 90V1260H990V90Z"/><text x="540" y="1320" font-size="40" text-anchor="middle" fill="#fff" font-family="DejaVu Sans">${FRAME}</text></svg>`,
    ),
  )
    .png()
    .toFile(framePath);
  brokenPath = path.join(folder, 'broken.png');
  writeFileSync(brokenPath, readFileSync(framePath).subarray(0, 2000));
  const page = await apiData<{ photos: Array<{ uuid: string }> }>(
    `/api/v1/client/events/${eventId}/photos`,
  );
  firstUuid = page.photos[0]!.uuid;
  originalBytes = await fetchBytes(`${apiUrl}/events/photos/${firstUuid}?download=1`, '*/*');
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

describe('watermarks and sponsor frames', () => {
  test('the organiser sets a text watermark; the gallery’s image carries it, the download stays the original', async () => {
    const context = await browser.newContext({ ...VIEWPORTS.desktop });
    const page = await context.newPage();
    await signIn(page);
    await page.goto(siteUrl(HOST, `/console/events/${eventId}`));
    await page
      .getByRole('navigation', { name: /screens/ })
      .getByRole('link', { name: 'Watermark and frames' })
      .click();
    await page.getByRole('heading', { name: /Watermark and frames/, level: 1 }).waitFor();
    const preview = page.getByTestId('watermark-preview');
    await preview.waitFor();
    assert.equal(await preview.locator('.wm-mark').count(), 0, 'no mark before it is turned on');
    await page.getByLabel('Show a watermark on this event’s photos').check();
    await page.getByLabel('A line of text').check();
    await page.getByLabel('Text', { exact: true }).fill(MARK);
    await page.getByLabel('Bottom right').check();
    await page.getByLabel(/^Opacity/).fill('100');
    await page.getByLabel(/^Size/).fill('40');
    // The live preview follows the form before anything is saved.
    await preview.locator('.wm-mark[data-position="bottom-right"]').waitFor();
    assert.equal(await preview.locator('.wm-mark text').textContent(), MARK);
    assert.deepEqual(await axeViolations(page), [], 'axe on the screen');
    await shot(page, 'console-laptop');
    // The unmarked rendering, as the gallery asks for it, before the save.
    const width = 640;
    const plain = await fetchBytes(`${apiUrl}/events/photos/${firstUuid}?w=${width}`);
    await page.getByRole('button', { name: 'Save watermark' }).click();
    await page.getByRole('status').filter({ hasText: 'Watermark saved.' }).waitFor();
    await page.getByTestId('watermark-served').waitFor();
    await context.close();

    // A visitor's gallery: the image the browser chose carries the mark in its corner.
    const visitor = await browser.newContext({ ...VIEWPORTS.desktop });
    const gallery = await visitor.newPage();
    await gallery.goto(siteUrl(HOST, `/events/${slug}/photos`));
    const img = gallery.locator('.jgrid-tile img').first();
    await img.waitFor();
    await gallery.waitForFunction(() => {
      const i = document.querySelector<HTMLImageElement>('.jgrid-tile img');
      return Boolean(i && i.complete && i.naturalWidth > 0);
    });
    const src = await img.evaluate((i) => (i as HTMLImageElement).currentSrc);
    assert.match(src, new RegExp(`/events/photos/${firstUuid}\\?w=\\d+`));
    // The URL names the mark's version: a copy cached before the mark cannot stand in for it.
    assert.match(src, /[?&]v=[1-9]\d*(&|$)/, 'the photo URL carries the mark version');
    const shown = await fetchBytes(src);
    assert.ok(
      (await cornerMax(shown, 'bottom-right')) > 200,
      'the mark is in the bottom right corner',
    );
    assert.ok((await cornerMax(shown, 'top-left')) < 90, 'and nowhere else');
    assert.ok((await cornerMax(plain, 'bottom-right')) < 90, 'the unmarked rendering has none');
    const marked = await fetchBytes(`${apiUrl}/events/photos/${firstUuid}?w=${width}`);
    assert.notEqual(sha(marked), sha(plain));
    // The original is not touched: the download is the file as imported.
    assert.equal(
      sha(await fetchBytes(`${apiUrl}/events/photos/${firstUuid}?download=1`, '*/*')),
      sha(originalBytes),
    );
    await visitor.close();
  });

  test('the organiser adds a sponsor frame; a visitor downloads a photo in it', async () => {
    const context = await browser.newContext({ ...VIEWPORTS.desktop });
    const page = await context.newPage();
    await signIn(page);
    await page.goto(siteUrl(HOST, `/console/events/${eventId}/watermark`));
    // A broken PNG: refused, with the API's reason.
    await page.getByLabel('Name (e.g. the sponsor’s)').fill('Broken');
    await page.getByLabel('Frame (PNG)').setInputFiles(brokenPath);
    await page.getByRole('button', { name: 'Add frame' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /damaged|cannot be read/ })
      .waitFor();
    await page.getByLabel('Name (e.g. the sponsor’s)').fill(FRAME);
    await page.getByLabel('Frame (PNG)').setInputFiles(framePath);
    await page.getByRole('button', { name: 'Add frame' }).click();
    await page.getByRole('status').filter({ hasText: 'Frame added.' }).waitFor();
    await page.getByRole('button', { name: `Remove the frame ${FRAME}` }).waitFor();
    await shot(page, 'frames-laptop');
    await context.close();

    const visitor = await browser.newContext({ ...VIEWPORTS.desktop, acceptDownloads: true });
    const gallery = await visitor.newPage();
    await gallery.goto(siteUrl(HOST, `/events/${slug}/photos`));
    await gallery.locator('.jgrid-tile').first().click();
    await gallery.locator('.yarl__root').waitFor();
    const button = gallery.getByRole('button', { name: 'Download full resolution' });
    // The viewer asks for the event's frames when it opens; until they arrive the button is the
    // plain download, after that it opens the menu (and says so).
    await gallery
      .locator('button[aria-label="Download full resolution"][aria-haspopup="menu"]')
      .waitFor();
    await button.click();
    const menu = gallery.getByRole('menu', { name: 'Download this photo' });
    await menu.waitFor();
    assert.equal(await button.getAttribute('aria-expanded'), 'true');
    assert.deepEqual(await axeViolations(gallery), [], 'axe with the frame menu open');
    await shot(gallery, 'viewer-menu');
    const [download] = await Promise.all([
      gallery.waitForEvent('download'),
      menu.getByRole('menuitem', { name: `With the ${FRAME} frame` }).click(),
    ]);
    assert.match(download.suggestedFilename(), /-harbour-bank\.jpg$/);
    const saved = path.join(mkdtempSync(path.join(tmpdir(), 'framed-')), 'framed.jpg');
    await download.saveAs(saved);
    const framed = readFileSync(saved);
    const meta = await sharp(framed).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ['jpeg', 1080, 1350]);
    const pixel = async (x: number, y: number) => {
      const { data } = await sharp(framed)
        .extract({ left: x, top: y, width: 1, height: 1 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      return [...data.subarray(0, 3)];
    };
    const [r, g, b] = await pixel(40, 600);
    assert.ok(r! > 150 && g! < 90 && b! < 90, `the frame's red border, got ${[r, g, b]}`);
    const [pr, pg, pb] = await pixel(540, 600);
    assert.ok(
      pb! > pr! && pr! < 80 && pg! < 80,
      `the photo's dark blue in the window, got ${[pr, pg, pb]}`,
    );
    await visitor.close();
  });

  test('an event without frames keeps the plain download button', async () => {
    const context = await browser.newContext({ ...VIEWPORTS.desktop, acceptDownloads: true });
    const page = await context.newPage();
    const events = await apiData<{ events: Array<{ event_slug: string; event_name: string }> }>(
      '/api/v1/client/events/organiser/all-events?app_domain=localhost&page_size=100',
    );
    const harbour = events.events.find((e) => e.event_name.startsWith('Harbour City'));
    assert.ok(harbour, 'the demo has Harbour City Marathon');
    await page.goto(siteUrl('localhost', `/events/${harbour.event_slug}/photos`));
    await page.locator('.jgrid-tile').first().click();
    await page.locator('.yarl__root').waitFor();
    const button = page.getByRole('button', { name: 'Download full resolution' });
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    assert.ok(download.suggestedFilename().length > 0);
    assert.equal(await button.getAttribute('aria-haspopup'), null);
    assert.equal(await page.getByRole('menu').count(), 0);
    await context.close();
  });
});
