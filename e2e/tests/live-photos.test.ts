// Live galleries in a real browser, against the real API: a gallery left open hears through its
// event stream that the organiser uploaded a photo, offers "1 new photo" without moving anything,
// and shows it when the visitor asks.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, VIEWPORTS } from '../support/browser.js';
import { apiData, apiUrl, siteUrl, type AllEvents } from '../support/stack.js';
import { admin } from '../support/operator.js';
import { publishOnSite } from '../support/site-cache.js';

interface PhotoPage {
  photos: { uuid: string }[];
  total: number;
}

const HOST = 'localhost';
const token = process.env.E2E_ADMIN_TOKEN ?? '';

let browser: Browser;
let event: { id: number; slug: string };
/** Two demo photos' bytes (JPEG display sizes): the event's first photo, then the new one. */
let images: Buffer[] = [];

/** Uploads one photo to the event and waits until its ingest is done (the photo is listed). */
async function uploadPhoto(bytes: Buffer, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  const res = await fetch(`${apiUrl}/api/v1/admin/events/${event.id}/photos`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const json = (await res.json()) as { data: { accepted: { uuid: string }[] }; message: string };
  assert.equal(res.status, 202, json.message);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const jobs = await admin<{ counts: { queued: number; running: number; failed: number } }>('GET', `/events/${event.id}/jobs`);
    assert.equal(jobs.counts.failed, 0, 'no job failed');
    if (jobs.counts.queued === 0 && jobs.counts.running === 0) break;
    assert.ok(Date.now() < deadline, `the ingest finished in time: ${JSON.stringify(jobs.counts)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return json.data.accepted[0]!.uuid;
}

before(async () => {
  assert.ok(token, 'e2e/run.ts passes an admin token');
  browser = await launchBrowser();
  // Two photos of a demo event with a public listing, as JPEG display sizes.
  const all = await apiData<AllEvents>(`/api/v1/client/events/organiser/all-events?app_domain=${HOST}&page=1&page_size=100`);
  for (const e of all.events) {
    const page = await apiData<PhotoPage>(`/api/v1/client/events/${e.event_id}/photos?limit=2`).catch(() => null);
    if (!page || page.photos.length < 2) continue;
    images = await Promise.all(
      page.photos.map(async (p) => {
        const res = await fetch(`${apiUrl}/events/photos/${p.uuid}?w=480`, { headers: { accept: 'image/jpeg' } });
        assert.equal(res.status, 200);
        return Buffer.from(await res.arrayBuffer());
      }),
    );
    break;
  }
  assert.equal(images.length, 2, 'the demo has an event with two listed photos');
  const created = await admin<{ id: number; slug: string }>('POST', '/events', {
    name: 'Live Photos Test Run',
    // Older than every demo event: the home page's recent events (site.test.ts) stay the demo's.
    event_date: '2015-04-01',
    published: true,
    event_photos_config: { feature_flag: { show_all_images: true } },
  });
  event = { id: created.id, slug: created.slug };
  await uploadPhoto(images[0]!, 'first.jpg');
  // Published through the console, as an organiser would: the site shows the new event at once.
  await publishOnSite(HOST, event.id);
});

after(async () => {
  await browser?.close();
  if (event) await admin('PATCH', `/events/${event.id}`, { published: false }).catch(() => undefined);
});

/** The new event's gallery. */
async function openGallery(): Promise<{ page: Page; errors: string[]; streams: () => number }> {
  const context = await browser.newContext({ ...VIEWPORTS.desktop, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const errors: string[] = [];
  let streams = 0;
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.endsWith('/photos/live') && r.status() === 200) streams += 1;
  });
  const res = await page.goto(siteUrl(HOST, `/events/${event.slug}/photos`), { waitUntil: 'load' });
  assert.equal(res?.status(), 200, 'the site shows the event published through its console');
  await page.waitForLoadState('networkidle');
  return { page, errors, streams: () => streams };
}

describe('live photos', () => {
  test('an open gallery offers a photo uploaded meanwhile, and shows it on request', async () => {
    const { page, errors, streams } = await openGallery();
    await page.getByRole('button', { name: 'Photo 1 of 1', exact: true }).waitFor();
    // The stream is open (its answer came): the API hears of the upload for this visitor.
    const deadline = Date.now() + 15_000;
    while (streams() === 0) {
      assert.ok(Date.now() < deadline, 'the gallery opened its live stream');
      await page.waitForTimeout(100);
    }

    await uploadPhoto(images[1]!, 'second.jpg');
    const offer = page.getByRole('button', { name: '1 new photo' });
    await offer.waitFor({ timeout: 30_000 });
    // Offered politely, and nothing moved: the grid still shows the one photo.
    assert.equal(await offer.evaluate((b) => b.closest('[aria-live]')?.getAttribute('aria-live')), 'polite');
    assert.equal(await page.getByRole('button', { name: /^Photo \d+ of / }).count(), 1);

    await offer.click();
    await page.getByRole('button', { name: 'Photo 2 of 2', exact: true }).waitFor({ timeout: 15_000 });
    assert.equal(await page.getByRole('button', { name: /new photo/ }).count(), 0);
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});
