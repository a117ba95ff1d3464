// A phone visitor, search first: on an event's gallery at 390x844 the bib box is on the first
// screen, above the event's button; a search brings its results into view, and they offer one
// zip of them all, the runner's page (only for a bib that is known) and a link to share; the
// controls over a tile sit in its corners, never over each other or the middle of the photo.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, VIEWPORTS } from '../support/browser.js';
import { tagPhotos } from '../support/demo-tags.js';
import { apiData, siteUrl, type AllEvents } from '../support/stack.js';
import { original, sha, zipEntries } from '../support/zip.js';

const HOST = 'localhost';
const shots = process.env.E2E_SCREENSHOTS_DIR;

interface PhotoPage {
  photos: { uuid: string }[];
  total: number;
}
interface GroundTruth {
  photos: { uuid: string; event_id: number; bibs: { bib: string; occluded: boolean }[] }[];
}
type Box = { x: number; y: number; width: number; height: number };

let browser: Browser;
let event: { id: number; slug: string; total: number };
let bib = '';
let tmp: string;

before(async () => {
  browser = await launchBrowser();
  tmp = await mkdtemp(path.join(tmpdir(), 'phone-search-e2e-'));
  // The demo's flagship (every search, results, its "Order prints" button): its largest gallery.
  const all = await apiData<AllEvents>(`/api/v1/client/events/organiser/all-events?app_domain=${HOST}&page=1&page_size=100`);
  for (const e of all.events) {
    const page = await apiData<PhotoPage>(`/api/v1/client/events/${e.event_id}/photos?limit=1`).catch(() => null);
    if (page && page.total >= 500 && (!event || page.total > event.total)) event = { id: e.event_id, slug: e.event_slug, total: page.total };
  }
  assert.ok(event, 'the demo has an event with 500+ photos on localhost');
  // OCR is off in the browser tests: the ground truth's bibs, tagged by hand, make them findable.
  const truth = JSON.parse(readFileSync(path.join(process.env.E2E_DATA_DIR ?? '', 'demo-ground-truth.json'), 'utf8')) as GroundTruth;
  const counts = new Map<string, number>();
  for (const p of truth.photos.filter((x) => x.event_id === event.id)) for (const b of p.bibs) if (!b.occluded) counts.set(b.bib, (counts.get(b.bib) ?? 0) + 1);
  // A bib on a few photos: a zip of them stays small.
  bib = [...counts.entries()].filter(([, n]) => n >= 2).sort((a, b) => a[1] - b[1])[0]![0];
  await tagPhotos(truth.photos.filter((p) => p.event_id === event.id && p.bibs.some((b) => b.bib === bib)));
});
after(async () => {
  await browser?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

const galleryPath = () => `/events/${event.slug}/photos`;

/** The gallery on a phone (or a laptop); `navigator.share` records what it was given. */
async function open(viewport: keyof typeof VIEWPORTS): Promise<Page> {
  const context = await browser.newContext({ ...VIEWPORTS[viewport], reducedMotion: 'reduce', acceptDownloads: true });
  // As text: tsx would wrap a function given here in a helper the page does not have.
  await context.addInitScript({
    content: `window.__shared = []; Object.defineProperty(navigator, 'share', { configurable: true, value: (data) => (window.__shared.push(data), Promise.resolve()) });`,
  });
  const page = await context.newPage();
  await page.goto(siteUrl(HOST, galleryPath()), { waitUntil: 'networkidle' });
  return page;
}

async function box(page: Page, selector: string): Promise<Box> {
  const b = await page.locator(selector).first().boundingBox();
  assert.ok(b, `${selector} is shown`);
  return b;
}

const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function shot(page: Page, name: string) {
  if (!shots) return;
  await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLImageElement>('.jgrid img')).every((i) => i.complete));
  await page.screenshot({ path: path.join(shots, name) });
}

async function search(page: Page, value: string) {
  await page.getByRole('searchbox', { name: 'Bib number' }).fill(value);
  await page.getByRole('button', { name: 'Find photos' }).tap();
  await page.waitForURL((u) => u.searchParams.get('bib') === value);
}

describe('a phone visitor, search first', () => {
  test('the bib box is on the first screen, above the event’s button', async () => {
    const page = await open('phone');
    const field = await box(page, 'input[type=search]');
    const find = await page.getByRole('button', { name: 'Find photos' }).boundingBox();
    const cta = await box(page, '.gallery-cta-top a');
    assert.ok(field.y >= 0 && find && find.y + find.height <= 844, `the bib box and its button within 844 px (field at ${field.y}, button ends at ${find && find.y + find.height})`);
    assert.ok(find.y + find.height <= cta.y, `the search (ends at ${find.y + find.height}) is above the event’s button (at ${cta.y})`);
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    await shot(page, 'phone-search-1-first-screen.png');
    await page.context().close();
  });

  test('a search brings its results into view: one zip of them all, the runner page, share', async () => {
    const page = await open('phone');
    const expected = (await apiData<PhotoPage>(`/api/v1/client/events/${event.id}/photos?bib=${bib}&limit=200`)).photos.map((p) => p.uuid);
    assert.ok(expected.length >= 2);
    await search(page, bib);
    const count = `${expected.length} photos of bib ${bib}`;
    await page.getByText(count).waitFor();
    // The page moved: the results' top is under the header, its first photo on the screen.
    await page.waitForFunction(() => {
      const top = document.querySelector('.gallery-anchor')!.getBoundingClientRect().top;
      return window.scrollY > 0 && top >= 0 && top < window.innerHeight / 3;
    });
    const actions = page.getByRole('group', { name: 'Your results' });
    const download = actions.getByRole('button', { name: `Download these (${expected.length} photos)` });
    const tile = await box(page, '.jgrid-tile');
    assert.ok(tile.y < 844, `the first photo is on the screen (at ${tile.y})`);
    const runner = page.getByRole('link', { name: 'Your runner page' });
    assert.equal(await runner.count(), 1, 'one way to the runner page');
    assert.equal(await runner.getAttribute('href'), `/events/${event.slug}/runners/${bib}`);
    for (const control of [download, runner, actions.getByRole('button', { name: 'Share these photos' })]) {
      const b = await control.boundingBox();
      assert.ok(b && b.y >= 0 && b.y + b.height <= 844, `${await control.textContent()} is on the screen`);
    }
    await shot(page, 'phone-search-2-results.png');

    // Share: the search's own link.
    await actions.getByRole('button', { name: 'Share these photos' }).tap();
    await page.waitForFunction(() => (window as unknown as { __shared: ShareData[] }).__shared.length > 0);
    const shared = await page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared);
    assert.equal(shared.length, 1);
    assert.equal(new URL(shared[0]!.url!).searchParams.get('bib'), bib);

    // One tap: a zip of exactly the results' photos, byte for byte.
    const [file] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), download.tap()]);
    const saved = path.join(tmp, 'results.zip');
    await file.saveAs(saved);
    await page.getByText('Download complete').waitFor();
    const entries = await zipEntries(saved);
    const want = (await Promise.all(expected.map((uuid) => original(uuid)))).map(sha).sort();
    assert.deepEqual(entries.map((e) => sha(e.data)).sort(), want);
    await page.context().close();
  });

  test('an unknown bib never shows a runner-page button, even right after a found one', async () => {
    const page = await open('phone');
    await search(page, bib);
    await page.getByRole('link', { name: 'Your runner page' }).waitFor();
    // Its result card too, where it has one (it links the runner page in place of the actions).
    await page.waitForLoadState('networkidle');
    // Every runner-page address the page shows from here on, even for a moment: a link added, or
    // one given a new address.
    await page.evaluate(() => {
      // (No named functions in here: tsx would wrap them in a helper the page does not have.)
      const seen = ((window as unknown as { __runnerLinks: string[] }).__runnerLinks = [] as string[]);
      new MutationObserver((records) => {
        const hrefs: (string | null)[] = [];
        for (const r of records) {
          if (r.type === 'attributes' && r.target instanceof Element) hrefs.push(r.target.getAttribute('href'));
          r.addedNodes.forEach((n) => n instanceof Element && n.querySelectorAll('a').forEach((a) => hrefs.push(a.getAttribute('href'))));
        }
        for (const href of hrefs) if (href?.includes('/runners/')) seen.push(href);
      }).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['href'] });
    });
    await search(page, 'ZZ999');
    await page.getByRole('heading', { name: 'No photos found for bib ZZ999' }).waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(await page.evaluate(() => (window as unknown as { __runnerLinks: string[] }).__runnerLinks), []);
    assert.equal(await page.getByRole('group', { name: 'Your results' }).count(), 0, 'nothing to download or share');
    await shot(page, 'phone-search-3-unknown-bib.png');
    await page.context().close();
  });

  test('a tile’s controls sit in its corners, apart, at every tile width', async () => {
    const page = await open('phone');
    await search(page, bib);
    await page.locator('.jgrid-heart').first().waitFor();
    // The real tiles: the heart, in a corner, off the photo's middle.
    const centreFree = async (actions: string) =>
      page.locator(actions).evaluateAll((boxes) =>
        boxes.map((b) => {
          const r = b.getBoundingClientRect();
          const cx = r.left + r.width / 2;
          const cy = r.top + r.height / 2;
          const parts = Array.from(b.children).map((c) => c.getBoundingClientRect());
          return parts.map((p) => ({ x: p.left, y: p.top, width: p.width, height: p.height, covers: p.left < cx && cx < p.right && p.top < cy && cy < p.bottom, inside: p.left >= r.left && p.right <= r.right && p.top >= r.top && p.bottom <= r.bottom }));
        }),
      );
    for (const parts of await centreFree('.jgrid-actions')) for (const p of parts) assert.ok(!p.covers && p.inside, 'a heart in its corner');
    // The three controls a selfie's photo can have ("This is me", "Not me", the heart) over
    // boxes as narrow as a phone's portrait photo and as wide as its landscape one: the
    // gallery's own CSS places them.
    await page.evaluate(() => {
      const sheet = document.createElement('div');
      Object.assign(sheet.style, { position: 'fixed', inset: '0', zIndex: '100', background: '#fff' });
      document.body.append(sheet);
      const person = '<svg viewBox="0 0 24 24" width="16" height="16"><circle cx="12" cy="8" r="4" fill="currentColor"/><path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7z" fill="currentColor"/></svg>';
      const heart = '<svg viewBox="0 0 24 24" width="20" height="20"><path d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.8 3.6 4.5 7 4.5c2 0 3.5 1.1 5 3 1.5-1.9 3-3 5-3 3.4 0 5.5 3.3 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4z" fill="none" stroke="currentColor" stroke-width="2"/></svg>';
      [90, 120, 160, 230].forEach((width, i) => {
        const box = document.createElement('div');
        box.className = 'jgrid-actions test-actions';
        Object.assign(box.style, { left: '12px', top: `${80 + i * 170}px`, width: `${width}px`, height: '150px', background: '#94a3b8', borderRadius: '4px' });
        box.innerHTML =
          `<a class="jgrid-action jgrid-action-me" href="#" aria-label="This is me">${person}<span>This is me</span></a>` +
          '<button type="button" class="jgrid-action jgrid-action-not">Not me</button>' +
          `<button type="button" class="jgrid-heart" aria-label="Add to favourites">${heart}</button>`;
        sheet.append(box);
      });
    });
    for (const parts of await centreFree('.test-actions')) {
      assert.equal(parts.length, 3);
      for (const p of parts) assert.ok(!p.covers && p.inside, `each control in its tile, off its middle: ${JSON.stringify(p)}`);
      for (let a = 0; a < parts.length; a += 1) for (let b = a + 1; b < parts.length; b += 1) assert.ok(!overlap(parts[a]!, parts[b]!), `controls apart: ${JSON.stringify([parts[a], parts[b]])}`);
    }
    await shot(page, 'phone-search-4-tile-controls.png');
    await page.context().close();
  });

  test('on a laptop the search, its results and their actions read well too', async () => {
    const page = await open('desktop');
    const field = await box(page, 'input[type=search]');
    assert.ok(field.y + field.height <= (await box(page, '.gallery-cta-top a')).y, 'the search above the event’s button here too');
    await shot(page, 'phone-search-0-laptop-first-screen.png');
    await page.getByRole('searchbox', { name: 'Bib number' }).fill(bib);
    await page.getByRole('button', { name: 'Find photos' }).click();
    const actions = page.getByRole('group', { name: 'Your results' });
    await actions.waitFor();
    const b = await actions.boundingBox();
    assert.ok(b && b.y >= 0 && b.y + b.height <= 900, 'the results’ actions on the screen after the search');
    await shot(page, 'phone-search-5-laptop.png');
    await page.context().close();
  });
});
