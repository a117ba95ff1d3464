// The event gallery in a real browser, against the real API with demo data: paging and
// virtualisation, the viewer, deep links and their link previews, downloads (one photo, a zip of
// 50) and bib search. Parts that need API endpoints still being built skip themselves, saying why.
// Longer than 400 lines: one browser suite over the demo's largest gallery; its look-ups of the
// event and first photos are made once for all its tests.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, launchBrowser, VIEWPORTS } from '../support/browser.js';
import { tagPhotos } from '../support/demo-tags.js';
import { apiData, apiUrl, metaContent, serverHtml, siteUrl, type AllEvents } from '../support/stack.js';
import { original, sha, zipEntries } from '../support/zip.js';

interface PhotoItem {
  uuid: string;
  width: number;
  height: number;
}
interface PhotoPage {
  photos: PhotoItem[];
  total: number;
  next_cursor: string | null;
}
interface GroundTruth {
  photos: { uuid: string; event_id: number; bibs: { bib: string; occluded: boolean }[] }[];
}

const HOST = 'localhost';
const MAX_IMGS = 300;

let browser: Browser;
let event: { id: number; slug: string; name: string; total: number };
let firstPhotos: PhotoItem[];
let tmp: string;

async function photoPage(query: string): Promise<{ status: number; body: { data: PhotoPage | null; message: string } }> {
  const res = await fetch(`${apiUrl}/api/v1/client/events/${event.id}/photos?${query}`);
  return { status: res.status, body: (await res.json()) as { data: PhotoPage | null; message: string } };
}

before(async () => {
  browser = await launchBrowser();
  tmp = await mkdtemp(path.join(tmpdir(), 'gallery-e2e-'));
  const all = await apiData<AllEvents>(`/api/v1/client/events/organiser/all-events?app_domain=${HOST}&page=1&page_size=100`);
  for (const e of all.events) {
    // A private gallery (show_all_images off) refuses a listing without a search: not this one.
    const page = await apiData<PhotoPage>(`/api/v1/client/events/${e.event_id}/photos?limit=1`).catch((error: unknown) => {
      if (String(error).includes(': 403 ')) return null;
      throw error;
    });
    if (!page) continue;
    if (page.total >= 500 && (!event || page.total > event.total)) event = { id: e.event_id, slug: e.event_slug, name: e.event_name, total: page.total };
  }
  assert.ok(event, 'the demo has an event with 500+ photos on localhost');
  firstPhotos = (await apiData<PhotoPage>(`/api/v1/client/events/${event.id}/photos?limit=200`)).photos;
});
after(async () => {
  await browser?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

async function open(pathname: string, viewport: keyof typeof VIEWPORTS = 'desktop', options: { downloads?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ ...VIEWPORTS[viewport], reducedMotion: 'reduce', acceptDownloads: options.downloads ?? false });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  (page as Page & { errors: string[] }).errors = errors;
  await page.goto(siteUrl(HOST, pathname), { waitUntil: 'networkidle' });
  return page;
}
const close = (page: Page) => page.context().close();
const galleryPath = (query = '') => `/events/${event.slug}/photos${query}`;
const tile = (page: Page, n: number) => page.getByRole('button', { name: new RegExp(`^Photo ${n.toLocaleString('en-US')} of `) });
const imgCount = (page: Page) => page.locator('main img').count();
/** The photo <img> tags of a page's server HTML, in order; group 1 is the photo's id. */
const serverPhotoImgs = (html: string) => [...html.matchAll(/<img\b[^>]*\bsrc="[^"]*\/events\/photos\/([0-9a-f-]{36})\?w=\d+"[^>]*>/g)];

/** A phone page that records the browser's requests for a page of the event's photos. */
async function phoneRecordingListing(): Promise<{ page: Page; listing: string[] }> {
  const context = await browser.newContext({ ...VIEWPORTS.phone, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const listing: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(`/events/${event.id}/photos?`)) listing.push(r.url());
  });
  return { page, listing };
}
/** Until the page has painted what a scroll changed: two animation frames, not a fixed time. */
const painted = (page: Page) =>
  page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

/** Scrolls until photo `n` is in the DOM (the grid renders only rows near the screen). */
async function scrollTo(page: Page, n: number) {
  for (let i = 0; i < 200 && (await tile(page, n).count()) === 0; i += 1) {
    await page.mouse.wheel(0, 600);
    await painted(page);
  }
  await tile(page, n).scrollIntoViewIfNeeded();
}

describe('the event gallery', () => {
  test('pages through several hundred photos while the DOM stays small, and passes axe', async () => {
    const page = await open(galleryPath());
    const pages: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(`/events/${event.id}/photos?`)) pages.push(r.url());
    });
    assert.equal(await page.title(), `${event.name} | Photos`);
    await tile(page, 1).waitFor();
    assert.deepEqual(await axeViolations(page), [], 'axe on the gallery');
    let highest = 0;
    for (let i = 0; i < 400 && highest < 400; i += 1) {
      await page.mouse.wheel(0, 1200);
      await painted(page);
      if (i % 10 === 0) {
        const count = await imgCount(page);
        assert.ok(count < MAX_IMGS, `${count} images in the DOM`);
        const labels = await page.locator('.jgrid-tile').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
        highest = Math.max(highest, ...labels.map((l) => Number(/Photo ([\d,]+)/.exec(l)?.[1]?.replace(/,/g, '') ?? 0)));
      }
    }
    assert.ok(highest >= 400, `scrolled to photo ${highest}`);
    assert.ok(pages.length >= 5, `${pages.length} more pages loaded`);
    assert.ok((await imgCount(page)) < MAX_IMGS);
    assert.equal(await tile(page, 1).count(), 0, 'the first rows left the DOM');
    assert.deepEqual((page as Page & { errors: string[] }).errors, []);
    await close(page);
  });

  test('the server HTML already holds the first photos, and the browser does not ask for them again', async () => {
    const { status, html } = await serverHtml(HOST, galleryPath());
    assert.equal(status, 200);
    const imgs = serverPhotoImgs(html);
    assert.deepEqual(
      imgs.slice(0, 6).map((m) => m[1]),
      firstPhotos.slice(0, 6).map((p) => p.uuid),
      'the first photos, in the listing order, before any JavaScript runs',
    );
    assert.match(imgs[0]![0], /fetchpriority="high"/i, 'the first photo is fetched first');
    assert.match(imgs[0]![0], /loading="eager"/);
    assert.match(imgs[0]![0], /sizes="\(max-width/, 'sizes for each width class');
    assert.match(imgs[10]![0], /loading="lazy"/, 'photos further down wait');

    const { page, listing } = await phoneRecordingListing();
    // Where the first photos are before the gallery's code runs, and after: nothing moves.
    await page.goto(siteUrl(HOST, galleryPath()), { waitUntil: 'commit' });
    await page.waitForSelector('.jgrid-tile img');
    // Measured once the page has painted: before that the stylesheet (render-blocking) may not
    // apply yet, and a layout without it is one nobody sees.
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    const boxes = () => page.locator('.jgrid-tile').evaluateAll((els) => els.slice(0, 6).map((e) => { const r = e.getBoundingClientRect(); return [Math.round(r.left), Math.round(r.width), Math.round(r.height)]; }));
    const early = await boxes();
    await page.waitForLoadState('networkidle');
    assert.equal(await page.locator('.jgrid-flow').count(), 0, 'the browser laid the grid out');
    // The first tiles are drawn from the first bytes; the rest of the server's rows may be shown a
    // moment later by React's script (their own boundary): those below fill in, nothing moves.
    const drawn = early.filter((b) => b[1]! > 0).length;
    assert.ok(drawn >= 4, `${drawn} tiles drawn at first`);
    assert.deepEqual((await boxes()).slice(0, drawn), early.slice(0, drawn), 'the tiles keep their place and size on hydration');
    assert.deepEqual(listing, [], 'no request for the first page');
    await close(page);
  });

  test('the gallery paints its first photos from the first bytes, and the rest of the first page still arrives', async () => {
    const { html } = await serverHtml(HOST, galleryPath());
    const imgs = serverPhotoImgs(html);
    // React moves a large Suspense boundary to a hidden <div id="S:n"> later in the document and
    // shows it by script: the first photos must not be there.
    const outlined = html.search(/<div hidden id="S:/);
    const pending = html.search(/<template id="B:/);
    for (const m of imgs.slice(0, 4)) {
      assert.ok(outlined === -1 || m.index! < outlined, 'a first photo is not in an outlined boundary');
      assert.ok(pending === -1 || m.index! < pending, 'a first photo comes before any pending boundary');
    }
    // The first screens, not the whole first page: the HTML stays small.
    assert.ok(imgs.length >= 8 && imgs.length < firstPhotos.length, `${imgs.length} photos in the server HTML`);
    for (const m of imgs) assert.ok((m[0].match(/ \d+w/g) ?? []).length <= 6, 'a short srcset');

    // Without JavaScript, a phone shows the first photos.
    const still = await browser.newContext({ ...VIEWPORTS.phone, javaScriptEnabled: false });
    const plain = await still.newPage();
    await plain.goto(siteUrl(HOST, galleryPath()), { waitUntil: 'load' });
    const shown = await plain.locator('.jgrid-tile img').evaluateAll((els) =>
      els.filter((e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && (e as HTMLImageElement).complete && (e as HTMLImageElement).naturalWidth > 0; }).length,
    );
    assert.ok(shown >= 4, `${shown} photos painted before any script runs`);
    await still.close();

    // With it, the rest of the first page is drawn from what the page already has.
    const { page, listing } = await phoneRecordingListing();
    await page.goto(siteUrl(HOST, galleryPath()), { waitUntil: 'networkidle' });
    const last = Math.min(firstPhotos.length, 40);
    for (let i = 0; i < 100 && (await tile(page, last).count()) === 0; i += 1) {
      await page.evaluate(() => window.scrollBy(0, 400));
      await painted(page);
    }
    await tile(page, last).scrollIntoViewIfNeeded();
    await page.waitForFunction((n) => {
      const img = document.querySelector<HTMLImageElement>(`.jgrid-tile[aria-label^="Photo ${n} of"] img`);
      return img !== null && img.complete && img.naturalWidth > 0;
    }, last);
    assert.ok(listing.every((u) => new URL(u).searchParams.has('cursor')), `only later pages were asked for: ${listing.join(', ')}`);
    await close(page);
  });

  test('the event’s banner, partner and button are in the first bytes, above the photos, and keep their place', async () => {
    interface EventConfig {
      event_photos_config: {
        feature_flag: { cta_enabled: boolean; client_enabled: boolean };
        cta_config: { text: string; placement: string };
        banner_config?: { enabled: boolean; image_url: string };
      };
    }
    const { event_photos_config: config } = await apiData<EventConfig>(`/api/v1/client/events/${event.id}/config`);
    // The demo's largest gallery is its showcase: all three are on.
    assert.ok(config.feature_flag.cta_enabled && config.feature_flag.client_enabled && config.banner_config?.enabled, 'a showcase event');
    const { html, link } = await serverHtml(HOST, galleryPath());
    const firstPhoto = serverPhotoImgs(html)[0]!.index!;
    const before = html.slice(0, firstPhoto);
    assert.match(before, /<img class="event-banner"/);
    assert.match(before, /class="co-brand"/);
    assert.ok(before.includes(`>${config.cta_config.text}<`), 'the button above the photos, drawn by the server');
    assert.ok(html.slice(firstPhoto).includes(`>${config.cta_config.text}<`), 'and below them');
    assert.match(link, /<[^>]+\.woff2>; rel=preload; as="font"/, 'the typeface is preloaded with the response’s headers');

    // The banner's box is kept before its image arrives, and the first photos do not move when
    // the banner, the button and the page's code arrive.
    const context = await browser.newContext({ ...VIEWPORTS.desktop });
    const page = await context.newPage();
    let releaseBanner!: () => void;
    const bannerHeld = new Promise<void>((resolve) => (releaseBanner = resolve));
    await page.route('**/assets/*banner*', async (route) => {
      await bannerHeld;
      await route.continue();
    });
    await page.goto(siteUrl(HOST, galleryPath()), { waitUntil: 'commit' });
    await page.waitForSelector('.jgrid-tile img');
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    // Text reflows when the typeface arrives (a wider fallback can wrap the header's row); the
    // font is preloaded with the page for that, and what is measured here is the rest.
    await page.evaluate('document.fonts.ready');
    const firstTile = () => page.locator('.jgrid-tile').first().evaluate((e) => Math.round(e.getBoundingClientRect().top));
    const bannerHeight = await page.locator('.event-banner').evaluate((e) => e.getBoundingClientRect().height);
    assert.ok(bannerHeight > 100, `the banner's space is kept before it loads (${bannerHeight} px)`);
    const early = await firstTile();
    releaseBanner();
    await page.waitForLoadState('networkidle');
    assert.ok(await page.locator('.event-banner').evaluate((e) => (e as HTMLImageElement).naturalWidth > 0), 'the banner loaded');
    assert.equal(await firstTile(), early, 'the first photos keep their place');
    assert.equal(await page.locator('.gallery-cta-top a').count(), 1);
    await context.close();
  });

  test('the viewer opens on a photo, moves with the keyboard and keeps the photo in the URL', async () => {
    const page = await open(galleryPath());
    await tile(page, 3).click();
    const viewer = page.locator('.yarl__root');
    await viewer.waitFor();
    await page.getByText(`3 / ${event.total}`).waitFor();
    assert.equal(new URL(page.url()).searchParams.get('photo'), firstPhotos[2]!.uuid);
    await page.keyboard.press('ArrowRight');
    await page.getByText(`4 / ${event.total}`).waitFor();
    await page.waitForFunction((u) => new URL(location.href).searchParams.get('photo') === u, firstPhotos[3]!.uuid);
    await page.getByRole('button', { name: 'Share this photo' }).waitFor();
    assert.deepEqual(await axeViolations(page), [], 'axe with the viewer open');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    assert.equal(new URL(page.url()).searchParams.get('photo'), null);
    // Focus comes back to the grid, on the photo the viewer showed last.
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label')?.startsWith('Photo 4 of'));
    await close(page);
  });

  test('a deep link opens that photo, and its server HTML previews it', async () => {
    const target = firstPhotos[99]!;
    const { status, html } = await serverHtml(HOST, galleryPath(`?photo=${target.uuid}`));
    assert.equal(status, 200);
    assert.equal(metaContent(html, 'og:image'), `${apiUrl}/events/photos/${target.uuid}?w=1280`);
    const width = Math.min(1280, target.width);
    assert.equal(metaContent(html, 'og:image:width'), String(width));
    assert.equal(metaContent(html, 'og:image:height'), String(Math.round((target.height / target.width) * width)));
    assert.equal(metaContent(html, 'twitter:card'), 'summary_large_image');
    assert.equal(metaContent(html, 'og:title'), `${event.name} | Photos`);

    const page = await open(galleryPath(`?photo=${target.uuid}`));
    await page.getByText(`100 / ${event.total}`).waitFor();
    await close(page);

    // A bad or unknown photo just opens the gallery.
    for (const bad of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const preview = await serverHtml(HOST, galleryPath(`?photo=${bad}`));
      assert.equal(preview.status, 200);
      assert.ok(!(metaContent(preview.html, 'og:image') ?? '').includes(bad), 'no preview of an unknown photo');
      const p = await open(galleryPath(`?photo=${bad}`));
      await tile(p, 1).waitFor();
      assert.equal(await p.locator('.yarl__root').count(), 0);
      await close(p);
    }
  });

  test('downloads one photo at full resolution from the viewer', async () => {
    const page = await open(galleryPath(), 'desktop', { downloads: true });
    await tile(page, 1).click();
    await page.locator('.yarl__root').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download full resolution' }).click()]);
    const saved = path.join(tmp, 'one-photo');
    await download.saveAs(saved);
    assert.equal(sha(await readFile(saved)), sha(await original(firstPhotos[0]!.uuid)));
    await close(page);
  });

  test('on a phone the grid, the viewer and select mode work with taps', async () => {
    const page = await open(galleryPath(), 'phone');
    await tile(page, 2).tap();
    await page.getByText(`2 / ${event.total}`).waitFor();
    await page.getByRole('button', { name: 'Close viewer' }).tap();
    await page.locator('.yarl__root').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Select', exact: true }).tap();
    await tile(page, 1).tap();
    await tile(page, 2).tap();
    await page.getByText('2 selected').waitFor();
    assert.equal(await tile(page, 1).getAttribute('aria-pressed'), 'true');
    assert.deepEqual(await axeViolations(page), [], 'axe in select mode on a phone');
    await close(page);
  });
});

describe('zip downloads', () => {
  test('a zip of 50 selected photos holds exactly those photos, byte for byte', async () => {
    const page = await open(galleryPath(), 'desktop', { downloads: true });
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await tile(page, 1).click();
    await scrollTo(page, 50);
    await tile(page, 50).click({ modifiers: ['Shift'] });
    await page.getByText('50 selected').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 120_000 }),
      page.getByRole('button', { name: 'Download 50' }).click(),
    ]);
    const saved = path.join(tmp, 'fifty.zip');
    await download.saveAs(saved);
    await page.getByText('Download complete').waitFor();
    const entries = await zipEntries(saved);
    assert.equal(entries.length, 50);
    const want = (await Promise.all(firstPhotos.slice(0, 50).map((p) => original(p.uuid)))).map(sha).sort();
    assert.deepEqual(entries.map((e) => sha(e.data)).sort(), want);
    await close(page);
  });
});

describe('bib search', () => {
  let bib = '';
  let expected: Set<string>;
  // The browser tests run the API with OCR off (it would take the machine's two cores for many
  // minutes): an operator's manual tags, set through the admin API, make the photos findable,
  // which exercises the same search, listing and gallery as OCR readings do.
  before(async () => {
    const truth = JSON.parse(readFileSync(path.join(process.env.E2E_DATA_DIR ?? '', 'demo-ground-truth.json'), 'utf8')) as GroundTruth;
    const counts = new Map<string, number>();
    for (const p of truth.photos.filter((x) => x.event_id === event.id)) for (const b of p.bibs) if (!b.occluded) counts.set(b.bib, (counts.get(b.bib) ?? 0) + 1);
    bib = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
    const photos = truth.photos.filter((p) => p.event_id === event.id && p.bibs.some((b) => b.bib === bib));
    expected = new Set(photos.map((p) => p.uuid));
    await tagPhotos(photos);
  });

  test('finds a runner’s photos by bib, in the URL, and Back shows every photo again', async () => {
    const api = (await photoPage(`bib=${bib}&limit=200`)).body.data!;
    assert.deepEqual(new Set(api.photos.map((p) => p.uuid)), expected, `the photos of bib ${bib}`);
    const page = await open(galleryPath());
    await page.getByRole('searchbox', { name: 'Bib number' }).fill(bib);
    await page.getByRole('button', { name: 'Find photos' }).click();
    await page.waitForURL((u) => u.searchParams.get('bib') === bib);
    await page.getByText(`${api.total} ${api.total === 1 ? 'photo' : 'photos'} of bib ${bib}`).waitFor();
    await tile(page, 1).waitFor();
    assert.equal(await page.locator('.jgrid-tile').count(), Math.min(api.total, await page.locator('.jgrid-tile').count()));
    await page.goBack();
    await page.waitForURL((u) => !u.searchParams.has('bib'));
    await page.getByText(`${event.total.toLocaleString('en-US')} photos`).first().waitFor();
    await close(page);
  });

  test('a bib with no photos says so and offers every photo', async () => {
    const page = await open(galleryPath('?bib=ZZ999'));
    await page.getByRole('heading', { name: 'No photos found for bib ZZ999' }).waitFor();
    await page.getByRole('button', { name: 'Show all photos' }).click();
    await tile(page, 1).waitFor();
    await close(page);
  });

  test('bad input is refused in the page, without a request', async () => {
    const page = await open(galleryPath());
    const searches: string[] = [];
    page.on('request', (r) => {
      if (/[?&](bib|name)=/.test(r.url())) searches.push(r.url());
    });
    for (const bad of ['12 34', '🏃', '1'.repeat(40)]) {
      await page.getByRole('searchbox', { name: 'Bib number' }).fill(bad);
      await page.getByRole('button', { name: 'Find photos' }).click();
      await page.getByText('A bib number is 1 to 10 letters or digits').waitFor();
    }
    assert.deepEqual(searches, []);
    assert.equal(new URL(page.url()).search, '');
    await close(page);
  });
});
