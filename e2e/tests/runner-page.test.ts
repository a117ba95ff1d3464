// The runner's own page in a real browser, against the real API with demo data: a bib with
// photos and a race result shows the photos, the result card, 'Download all mine' (a zip), and a
// certificate link that opens the promo editor filled with that bib; the server's HTML carries
// the page's own share image, which answers a PNG. E2E_RUNNER_SHOTS=<dir> also saves screenshots.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, launchBrowser, VIEWPORTS } from '../support/browser.js';
import { tagPhotos } from '../support/demo-tags.js';
import { apiData, apiUrl, metaContent, serverHtml, siteUrl, sitePort, type AllEvents } from '../support/stack.js';

interface GroundTruth {
  photos: { uuid: string; event_id: number; bibs: { bib: string; occluded: boolean }[] }[];
}
interface RaceResult {
  bib: string;
  name: string;
  net_time: string | null;
}

const HOST = 'localhost';
const EVENT_NAME = 'Harbour City Marathon 2026';
/** The demo's private gallery (show_all_images off). */
const PRIVATE_EVENT_NAME = 'Spring Riverside 10K';
const shots = process.env.E2E_RUNNER_SHOTS;

let browser: Browser;
let event: { id: number; slug: string };
let runner: RaceResult;
let photoCount = 0;
let privateEvent: { id: number; slug: string; bib: string; photos: string[] };

/** A GET to the site as `host`, its status, content type and body bytes. */
function siteGet(pathname: string): Promise<{ status: number; type: string; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: sitePort, path: pathname, headers: { host: `${HOST}:${sitePort}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), bytes: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

before(async () => {
  browser = await launchBrowser();
  const all = await apiData<AllEvents>(`/api/v1/client/events/organiser/all-events?app_domain=${HOST}&page=1&page_size=100`);
  const found = all.events.find((e) => e.event_name === EVENT_NAME);
  assert.ok(found, `the demo has "${EVENT_NAME}" on ${HOST}`);
  event = { id: found.event_id, slug: found.event_slug };
  // The browser tests run the API with OCR off: the organiser's manual tags (as the gallery's
  // test sets them) make a runner's photos findable by bib. The runner: the bib seen on the most
  // photos among those in the race results.
  const truth = JSON.parse(readFileSync(path.join(process.env.E2E_DATA_DIR ?? '', 'demo-ground-truth.json'), 'utf8')) as GroundTruth;
  const counts = new Map<string, number>();
  for (const p of truth.photos.filter((x) => x.event_id === event.id)) for (const b of p.bibs) if (!b.occluded) counts.set(b.bib, (counts.get(b.bib) ?? 0) + 1);
  for (const [bib] of [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
    const res = await fetch(`${apiUrl}/api/v1/client/events/${event.id}/results/${bib}`);
    if (res.status !== 200) continue;
    runner = ((await res.json()) as { data: RaceResult }).data;
    break;
  }
  assert.ok(runner, 'one of the most photographed bibs has a race result');
  const photos = truth.photos.filter((p) => p.event_id === event.id && p.bibs.some((b) => b.bib === runner.bib));
  await tagPhotos(photos);
  photoCount = photos.length;
  assert.ok(photoCount > 0);
  // The private gallery's most photographed bib, tagged the same way.
  const hidden = all.events.find((e) => e.event_name === PRIVATE_EVENT_NAME);
  assert.ok(hidden, `the demo has "${PRIVATE_EVENT_NAME}" on ${HOST}`);
  const theirs = truth.photos.filter((p) => p.event_id === hidden.event_id);
  const seen = new Map<string, number>();
  for (const p of theirs) for (const b of p.bibs) if (!b.occluded) seen.set(b.bib, (seen.get(b.bib) ?? 0) + 1);
  const bib = [...seen.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  const privatePhotos = theirs.filter((p) => p.bibs.some((b) => b.bib === bib));
  await tagPhotos(privatePhotos);
  privateEvent = { id: hidden.event_id, slug: hidden.event_slug, bib, photos: privatePhotos.map((p) => p.uuid) };
});
after(async () => {
  await browser?.close();
});

const runnerPath = () => `/events/${event.slug}/runners/${encodeURIComponent(runner.bib)}`;

async function open(pathname: string, viewport: keyof typeof VIEWPORTS): Promise<Page & { errors: string[] }> {
  const context = await browser.newContext({ ...VIEWPORTS[viewport], reducedMotion: 'reduce', acceptDownloads: true });
  const page = (await context.newPage()) as Page & { errors: string[] };
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(siteUrl(HOST, pathname), { waitUntil: 'networkidle' });
  return page;
}

describe("the runner's page", () => {
  test('its server HTML is titled with the runner and previews its own PNG image', async () => {
    const { status, html } = await serverHtml(HOST, runnerPath());
    assert.equal(status, 200);
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1]?.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
    assert.equal(title, `${runner.name} — ${EVENT_NAME}`);
    const image = metaContent(html, 'og:image');
    assert.ok(image, 'og:image is in the server HTML');
    const url = new URL(image.replace(/&amp;/g, '&'));
    assert.equal(url.pathname, `${runnerPath()}/og-image`);
    const png = await siteGet(url.pathname + url.search);
    assert.equal(png.status, 200);
    assert.equal(png.type, 'image/png');
    assert.deepEqual([...png.bytes.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
    assert.equal(png.bytes.readUInt32BE(16), 1200);
    assert.equal(png.bytes.readUInt32BE(20), 630);
    if (shots) (await import('node:fs')).writeFileSync(path.join(shots, 'runner-og-image.png'), png.bytes);
    // A bib the contract refuses is a real 404.
    assert.equal((await serverHtml(HOST, `/events/${event.slug}/runners/not-a-bib-at-all`)).status, 404);
  });

  test('shows the photos, the result card and the zip of them all, axe-clean on a laptop', async () => {
    const page = await open(runnerPath(), 'desktop');
    await page.getByRole('heading', { level: 1, name: runner.name }).waitFor();
    await page.getByRole('region', { name: `Race result of ${runner.name}` }).waitFor();
    await page.getByRole('button', { name: /^Your photo 1 of / }).waitFor();
    const zip = page.getByRole('button', { name: /^Download all mine \(\d+ photos?\)$/ });
    await zip.waitFor();
    if (shots) await page.screenshot({ path: path.join(shots, 'runner-desktop.png'), fullPage: true });
    assert.deepEqual(await axeViolations(page), []);
    const download = page.waitForEvent('download');
    await zip.click();
    const file = await download;
    assert.match(file.suggestedFilename(), /\.zip$/);
    await page.getByText('Download complete').waitFor();
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test('on a phone too, and its certificate link opens the editor filled with the bib', async () => {
    const page = await open(runnerPath(), 'phone');
    await page.getByRole('button', { name: /^Your photo 1 of / }).waitFor();
    if (shots) await page.screenshot({ path: path.join(shots, 'runner-phone.png'), fullPage: true });
    assert.deepEqual(await axeViolations(page), []);
    const certificate = page.getByRole('link', { name: 'Make your finisher certificate' });
    assert.equal(await certificate.getAttribute('href'), `/events/${event.slug}/promo?template=certificate&bib=${runner.bib}`);
    await certificate.click();
    await page.waitForURL((u) => u.pathname.endsWith('/promo'));
    await page.getByText(`Found ${runner.name}. Your certificate is filled in.`).waitFor({ timeout: 30_000 });
    assert.equal(await page.getByLabel('Your bib number').inputValue(), runner.bib);
    assert.match((await page.getByRole('group', { name: /Certificate.* canvas/ }).getAttribute('aria-label')) ?? '', /Certificate/);
    if (shots) await page.screenshot({ path: path.join(shots, 'runner-certificate-phone.png') });
    await page.context().close();
  });

  test('a bib without photos gets a friendly page, not a 404', async () => {
    const { status, html } = await serverHtml(HOST, `/events/${event.slug}/runners/ZZ9999`);
    assert.equal(status, 200);
    assert.match(html, /No photos of bib ZZ9999 yet/);
    if (shots) {
      const page = await open(`/events/${event.slug}/runners/ZZ9999`, 'phone');
      assert.deepEqual(await axeViolations(page), []);
      await page.screenshot({ path: path.join(shots, 'runner-empty-phone.png'), fullPage: true });
      await page.context().close();
    }
  });

  test("the gallery's bib search and name search lead to the runner's page", async () => {
    const page = await open(`/events/${event.slug}/photos?bib=${encodeURIComponent(runner.bib)}`, 'desktop');
    const link = page.getByRole('link', { name: 'Your runner page' });
    assert.equal(await link.getAttribute('href'), runnerPath());
    const config = await apiData<{ event_photos_config: { feature_flag: Record<string, boolean> } }>(`/api/v1/client/events/${event.id}/config`);
    const { name_search: nameSearch, show_timing_data: timing } = config.event_photos_config.feature_flag;
    // Where the result is shown, its card is where the link is, once.
    if (timing) await page.getByRole('region', { name: `Race result of ${runner.name}` }).getByRole('link', { name: 'Your runner page' }).waitFor();
    assert.equal(await link.count(), 1);
    if (nameSearch && timing) {
      // The API's own answer first (e2e/support/processes.ts gives the run's one client a search
      // budget for every suite).
      const runners = `${apiUrl}/api/v1/client/events/${event.id}/results?name=${encodeURIComponent(runner.name)}`;
      const res = await fetch(runners);
      assert.equal(res.status, 200, await res.clone().text());
      const matches = ((await res.json()) as { data: { runners: { bib: string }[] } }).data.runners;
      assert.ok(matches.some((m) => m.bib === runner.bib), `the API finds ${runner.name} by name`);
      await page.goto(siteUrl(HOST, `/events/${event.slug}/photos?name=${encodeURIComponent(runner.name)}`), { waitUntil: 'networkidle' });
      const pick = page.getByRole('link', { name: `${runner.name}, bib ${runner.bib}` });
      await pick.waitFor();
      assert.equal(await pick.getAttribute('href'), runnerPath());
      if (shots) await page.screenshot({ path: path.join(shots, 'gallery-name-search-runners.png') });
    }
    await page.context().close();
  });

  test('in a private gallery: no photos in its server HTML or its share image; the visitor asks for them', async () => {
    const pathname = `/events/${privateEvent.slug}/runners/${encodeURIComponent(privateEvent.bib)}`;
    const { status, html } = await serverHtml(HOST, pathname);
    assert.equal(status, 200);
    for (const uuid of privateEvent.photos) assert.ok(!html.includes(uuid), `the server HTML names photo ${uuid}`);
    assert.match(html, /<meta name="robots" content="noindex, nofollow"/);
    assert.match(html, new RegExp(`Show the photos of bib ${privateEvent.bib}`));
    const image = new URL(metaContent(html, 'og:image')!.replace(/&amp;/g, '&'));
    const png = await siteGet(image.pathname + image.search);
    assert.equal(png.status, 200);
    assert.equal(png.type, 'image/png');
    if (shots) (await import('node:fs')).writeFileSync(path.join(shots, 'runner-private-og-image.png'), png.bytes);

    const page = await open(pathname, 'phone');
    const ask = page.getByRole('button', { name: `Show the photos of bib ${privateEvent.bib}` });
    assert.deepEqual(await axeViolations(page), []);
    await ask.tap();
    await page.getByRole('button', { name: `Your photo 1 of ${privateEvent.photos.length}` }).waitFor();
    if (shots) await page.screenshot({ path: path.join(shots, 'runner-private-phone.png'), fullPage: true });
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});
