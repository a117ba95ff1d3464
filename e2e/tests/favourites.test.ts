// Favourites without an account, in a real browser against the real API and demo data: hearting
// photos on the grid, keeping them over a reload, the "My favourites" view (in the URL), its zip,
// and the share link opened on another device (a fresh browser context) showing exactly them.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import yauzl from 'yauzl';
import { axeViolations, launchBrowser, VIEWPORTS } from '../support/browser.js';
import { apiData, apiUrl, siteUrl, type AllEvents } from '../support/stack.js';

interface PhotoItem {
  uuid: string;
}
interface PhotoPage {
  photos: PhotoItem[];
  total: number;
}

const HOST = 'localhost';
/** Screenshots of the screens go to docs/screenshots when asked (E2E_SCREENSHOTS_DIR). */
const screenshots = process.env.E2E_SCREENSHOTS_DIR;

let browser: Browser;
let event: { id: number; slug: string; total: number };
let firstPhotos: PhotoItem[];
let tmp: string;

before(async () => {
  browser = await launchBrowser();
  tmp = await mkdtemp(path.join(tmpdir(), 'favourites-e2e-'));
  const all = await apiData<AllEvents>(`/api/v1/client/events/organiser/all-events?app_domain=${HOST}&page=1&page_size=100`);
  for (const e of all.events) {
    const page = await apiData<PhotoPage>(`/api/v1/client/events/${e.event_id}/photos?limit=1`).catch(() => null);
    if (page && page.total >= 20 && (!event || page.total > event.total)) event = { id: e.event_id, slug: e.event_slug, total: page.total };
  }
  assert.ok(event, 'the demo has a public event with 20+ photos on localhost');
  firstPhotos = (await apiData<PhotoPage>(`/api/v1/client/events/${event.id}/photos?limit=20`)).photos;
});
after(async () => {
  await browser?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

async function open(pathname: string, viewport: keyof typeof VIEWPORTS = 'desktop'): Promise<Page> {
  const context = await browser.newContext({ ...VIEWPORTS[viewport], reducedMotion: 'reduce', acceptDownloads: true });
  const page = await context.newPage();
  if (viewport === 'phone') {
    // A phone's screen has no hover and a coarse pointer (what the hearts' CSS asks).
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setEmulatedMedia', { features: [{ name: 'pointer', value: 'coarse' }, { name: 'hover', value: 'none' }] });
  }
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  (page as Page & { errors: string[] }).errors = errors;
  await page.goto(siteUrl(HOST, pathname), { waitUntil: 'networkidle' });
  return page;
}
const galleryPath = (query = '') => `/events/${event.slug}/photos${query}`;
const total = () => event.total.toLocaleString('en-US');
const tile = (page: Page, n: number, of: string) => page.getByRole('button', { name: `Photo ${n} of ${of}`, exact: true });
const heart = (page: Page, n: number, of: string, on: boolean) =>
  page.getByRole('button', { name: `${on ? 'Remove from' : 'Add to'} favourites: Photo ${n} of ${of}`, exact: true });
/** The photo ids the grid shows, in order (from its images' addresses). */
const shownUuids = (page: Page) =>
  page.locator('.jgrid-tile img').evaluateAll((imgs) => imgs.map((i) => /\/events\/photos\/([0-9a-f-]{36})/.exec(i.getAttribute('src') ?? '')?.[1] ?? ''));
const sha = (b: Buffer | Uint8Array) => createHash('sha256').update(b).digest('hex');

async function original(uuid: string): Promise<Buffer> {
  const res = await fetch(`${apiUrl}/events/photos/${uuid}?download=1`);
  assert.equal(res.status, 200, `original of ${uuid}`);
  return Buffer.from(await res.arrayBuffer());
}

function zipEntries(file: string): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const out: Buffer[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.push(Buffer.concat(chunks));
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** The screen as the visitor sees it (from `top`, scrolled to just under the sticky header). */
async function shot(page: Page, name: string, top?: string) {
  if (!screenshots) return;
  mkdirSync(screenshots, { recursive: true });
  if (top) await page.getByText(top, { exact: true }).evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 90));
  // A tap's highlight fades first.
  await page.waitForTimeout(600);
  await page.screenshot({ path: path.join(screenshots, `gallery-favourites-${name}.png`) });
}

describe('favourites without an account', () => {
  test('two hearted photos stay over a reload, the favourites view and its zip hold exactly them, and the share link shows them on another device', async () => {
    const page = await open(galleryPath());
    const wanted = [firstPhotos[1]!.uuid, firstPhotos[4]!.uuid];
    await tile(page, 1, total()).waitFor();
    // A heart shows on hover; keyboard users reach it after its photo.
    await tile(page, 2, total()).hover();
    await heart(page, 2, total(), false).click();
    await tile(page, 5, total()).focus();
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), `Add to favourites: Photo 5 of ${total()}`);
    await page.keyboard.press('Enter');
    assert.equal(await heart(page, 5, total(), true).getAttribute('aria-pressed'), 'true');
    await tile(page, 3, total()).hover();
    await shot(page, 'laptop-grid');

    // On this device, over a reload.
    await page.reload({ waitUntil: 'networkidle' });
    await heart(page, 2, total(), true).waitFor();
    assert.equal(await heart(page, 5, total(), true).getAttribute('aria-pressed'), 'true');
    assert.equal(await heart(page, 1, total(), false).getAttribute('aria-pressed'), 'false');

    // The favourites view: exactly those two, in the URL.
    await page.getByRole('button', { name: 'My favourites (2)' }).click();
    await page.waitForFunction(() => new URL(location.href).searchParams.get('favourites') === '1');
    await tile(page, 2, '2').waitFor();
    assert.deepEqual((await shownUuids(page)).sort(), [...wanted].sort());
    await page.getByText('2 favourites').waitFor();
    assert.deepEqual(await axeViolations(page), [], 'axe on the favourites view');

    // The viewer pages through them only, with its own heart.
    await tile(page, 1, '2').click();
    await page.getByText('1 / 2').waitFor();
    const viewerHeart = page.getByRole('button', { name: 'Remove from favourites', exact: true });
    assert.equal(await viewerHeart.getAttribute('aria-pressed'), 'true');
    assert.equal(new URL(page.url()).searchParams.get('favourites'), '1', 'the view stays in the URL with a photo open');
    assert.deepEqual(await axeViolations(page), [], 'axe with the viewer open on a favourite');
    await page.keyboard.press('Escape');
    await page.locator('.yarl__root').waitFor({ state: 'detached' });

    // The zip holds exactly them, byte for byte.
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), page.getByRole('button', { name: 'Download favourites' }).click()]);
    const saved = path.join(tmp, 'favourites.zip');
    await download.saveAs(saved);
    const entries = await zipEntries(saved);
    assert.deepEqual(entries.map(sha).sort(), (await Promise.all(wanted.map(original))).map(sha).sort());

    // The share link.
    await page.getByRole('button', { name: 'Share favourites' }).click();
    const link = await page.getByLabel('Link to your favourites').inputValue();
    assert.match(link, /\/photos\?picks=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);
    await shot(page, 'laptop-view');

    // Back leaves the view for the whole gallery.
    await page.goBack();
    await tile(page, 1, total()).waitFor();
    assert.equal(new URL(page.url()).searchParams.get('favourites'), null);
    assert.deepEqual((page as Page & { errors: string[] }).errors, []);
    await page.context().close();

    // Another device: a fresh phone context, nothing stored.
    const phone = await open(new URL(link).pathname + new URL(link).search, 'phone');
    await phone.getByRole('heading', { name: 'A selection of 2 photos' }).waitFor();
    await tile(phone, 2, '2').waitFor();
    assert.deepEqual((await shownUuids(phone)).sort(), [...wanted].sort());
    // On touch, the hearts are there without a hover.
    const phoneHeart = heart(phone, 1, '2', false);
    assert.equal(await phoneHeart.evaluate((el) => getComputedStyle(el).opacity), '1');
    assert.deepEqual(await axeViolations(phone), [], 'axe on a shared selection on a phone');
    await shot(phone, 'phone-shared', 'A selection of 2 photos');
    // The recipient keeps them as their own favourites.
    await phone.getByRole('button', { name: 'Add all to my favourites' }).tap();
    await phone.getByRole('button', { name: 'My favourites (2)' }).waitFor();
    await phone.getByRole('button', { name: 'My favourites (2)' }).tap();
    await tile(phone, 2, '2').waitFor();
    await shot(phone, 'phone-view', '2 favourites');
    assert.deepEqual((phone as Page & { errors: string[] }).errors, []);
    await phone.context().close();
  });

  test('a broken share link says it holds no photos, and an empty favourites view says how to add some', async () => {
    const page = await open(galleryPath('?picks=not-a-photo.%3Cscript%3E'), 'phone');
    await page.getByRole('heading', { name: 'This link holds no photos' }).waitFor();
    await page.goto(siteUrl(HOST, galleryPath('?favourites=1')), { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'No favourites yet' }).waitFor();
    assert.deepEqual(await axeViolations(page), [], 'axe on the empty favourites view');
    await page.context().close();
  });
});

