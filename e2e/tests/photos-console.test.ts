// The console's Photos screen in Chromium, on an event of its own: 50 photos uploaded with tus
// through the site, the connection cut once mid-way (one PATCH aborted) and the upload resumed from
// the server's offset; the processing counts reaching done for all of them; a duplicate and a file
// that is not a photo reported beside their names; a photo hidden (the public API no longer lists
// or serves it) and restored; a cover picked; the tus proxy refusing a request without its CSRF
// header. Screenshots (laptop and phone) go to E2E_SCREENSHOTS_DIR when it is set.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations, launchBrowser } from '../support/browser.js';
import { apiUrl, siteUrl } from '../support/stack.js';
import { admin, cli, distinctJpeg, screenshotter } from '../support/operator.js';

const HOST = 'localhost';
const EMAIL = `photos-${Date.now()}@localhost.example`;
const PHOTOGRAPHER = `photographer-${Date.now()}@localhost.example`;
const PASSWORD = 'a good long password';
const PHOTOS = 50;
const token = process.env.E2E_ADMIN_TOKEN ?? '';
const dataDir = process.env.E2E_DATA_DIR ?? '';
const LAPTOP = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 };
const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
};

let browser: Browser;
let folder: string;
let files: string[];
let eventId: number;

const shot = screenshotter('console-photos-');

async function signIn(context: BrowserContext, email = EMAIL): Promise<Page> {
  const page = await context.newPage();
  await page.goto(siteUrl(HOST, '/console'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Events' }).waitFor();
  return page;
}

async function publicUuids(): Promise<string[]> {
  const res = await fetch(`${apiUrl}/api/v1/client/events/${eventId}/photos?limit=100`);
  assert.equal(res.status, 200);
  return ((await res.json()) as { data: { photos: { uuid: string }[] } }).data.photos.map(
    (p) => p.uuid,
  );
}

before(async () => {
  assert.ok(dataDir && token, 'E2E_DATA_DIR and E2E_ADMIN_TOKEN are set by e2e/run.ts');
  const created = cli(['user', 'create', HOST, EMAIL, '--role', 'editor'], `${PASSWORD}\n`);
  assert.equal(created.code, 0, created.err);
  const photographer = cli(
    ['user', 'create', HOST, PHOTOGRAPHER, '--role', 'photographer'],
    `${PASSWORD}\n`,
  );
  assert.equal(photographer.code, 0, photographer.err);
  const event = await admin<{ id: number }>('POST', '/events', {
    name: `Console Upload Run ${Date.now()}`,
    event_date: '2025-06-01',
    city: 'Testville',
    published: true,
  });
  eventId = event.id;
  folder = mkdtempSync(path.join(tmpdir(), 'eventsite-photos-console-'));
  files = [];
  for (let i = 0; i < PHOTOS; i++) {
    const file = path.join(folder, `IMG_${String(i + 1).padStart(4, '0')}.jpg`);
    writeFileSync(file, await distinctJpeg(i));
    files.push(file);
  }
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
  if (dataDir) cli(['user', 'remove', HOST, EMAIL]);
  if (dataDir) cli(['user', 'remove', HOST, PHOTOGRAPHER]);
});

describe('the Photos screen', () => {
  test('uploads 50 photos through a cut connection, reports a duplicate and a refusal, processes them all', async () => {
    const context = await browser.newContext(LAPTOP);
    const page = await signIn(context);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(siteUrl(HOST, `/console/events/${eventId}/photos`));
    await page.getByRole('heading', { name: 'Upload photos' }).waitFor();
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, 'desktop-empty');

    // The connection drops once, on a PATCH part-way through the batch.
    let patches = 0;
    let cut = false;
    const heads: string[] = [];
    await page.route('**/console/uploads/**', async (route) => {
      const request = route.request();
      if (request.method() === 'HEAD') heads.push(request.url());
      if (request.method() === 'PATCH' && !cut && ++patches === 12) {
        cut = true;
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });
    await page.getByTestId('pick-files').setInputFiles(files);
    const counts = page.getByTestId('upload-counts');
    await page.waitForFunction(
      (n) =>
        document
          .querySelector('[data-testid="upload-counts"]')
          ?.textContent?.startsWith(`${n} uploaded`),
      PHOTOS,
      { timeout: 180_000 },
    );
    assert.equal(cut, true, 'one PATCH was cut');
    // After the cut the client asked the server how much it had, and went on from there.
    assert.ok(heads.length >= 1, 'a HEAD after the cut');
    assert.match(await counts.innerText(), /^50 uploaded · 0 already in the event · 0 refused/);
    await page.unroute('**/console/uploads/**');

    // Processing: the live counts, in photos, reach 50 ready, none still being read or failed.
    await page.waitForFunction(
      (n) => {
        // No named inner functions here: the test's compiler would wrap them in a helper the
        // page does not have.
        const v: Record<string, number> = {};
        document.querySelectorAll('[data-testid="photo-counts"] dd').forEach((dd) => {
          v[dd.getAttribute('data-state') ?? ''] = Number(dd.textContent?.replace(/\D/g, ''));
        });
        return v.reading === 0 && v.ready === n;
      },
      PHOTOS,
      { timeout: 240_000, polling: 500 },
    );
    assert.equal(
      await page.getByTestId('photo-counts').innerText(),
      'Photos ready\n50\nPhotos still being read\n0\nPhotos that failed\n0',
    );
    assert.equal((await publicUuids()).length, PHOTOS);

    // The same photo again (another name), and a file that is not a photo.
    const copy = path.join(folder, 'copy-of-IMG_0007.jpg');
    writeFileSync(copy, await distinctJpeg(6));
    const notes = path.join(folder, 'notes.jpg');
    writeFileSync(notes, 'these are my notes, not a photo');
    await page.getByTestId('pick-files').setInputFiles([copy, notes]);
    const duplicate = page.locator('.photos-file', { hasText: 'copy-of-IMG_0007.jpg' });
    await page.waitForFunction(() => {
      const text = document.querySelector('[data-testid="upload-counts"]')?.textContent ?? '';
      return text.includes('1 already in the event') && text.includes('1 refused');
    });
    assert.match(await duplicate.innerText(), /Already in this event: skipped/);
    const refused = page.locator('.photos-file', { hasText: 'notes.jpg' });
    assert.match(await refused.innerText(), /Refused/);
    assert.match(await refused.innerText(), /notes\.jpg is not a JPEG, PNG or WebP image/);
    assert.match(
      await counts.innerText(),
      /^50 uploaded · 1 already in the event · 1 refused · 0 waiting/,
    );
    assert.equal((await publicUuids()).length, PHOTOS);
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, 'desktop-uploaded');
    // The list, empty before the uploads, brought the photos in by itself (no "No photos yet"
    // while they are there): all of them when every task was done by then, else the first ones,
    // and the rest come in with "Show the new photos".
    await page.getByRole('heading', { name: /Photos \([1-9]\d* photos?\)/ }).waitFor();
    const all = page.getByRole('heading', { name: /Photos \(50 photos\)/ });
    if (!(await all.isVisible())) {
      await page.getByRole('link', { name: 'Show the new photos' }).click();
      await all.waitFor();
    }
    // Each photo is named by its file, as the organiser's camera named it.
    await page.getByRole('img', { name: /^IMG_00\d\d\.jpg$/ }).first().waitFor();
    assert.equal(await page.locator('.photos-card-name', { hasText: /^Photo \d/ }).count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('hides a photo from visitors and restores it, picks a cover, on a laptop and a phone', async () => {
    const context = await browser.newContext(LAPTOP);
    const page = await signIn(context);
    await page.goto(siteUrl(HOST, `/console/events/${eventId}/photos`));
    const cards = page.locator('.photos-card');
    await cards.first().waitFor();
    assert.equal(await cards.count(), 48, 'a page of 48');
    assert.match(
      await page.getByRole('heading', { name: /Photos \(50 photos\)/ }).innerText(),
      /50/,
    );
    // Thumbnails load through the site.
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('.photos-thumb'))
        .slice(0, 4)
        .every((img) => img.complete && img.naturalWidth > 0),
    );
    const first = cards.first();
    const uuid = (await first.getAttribute('data-uuid'))!;
    assert.ok((await publicUuids()).includes(uuid));
    const served = await fetch(`${apiUrl}/events/photos/${uuid}?w=480`);
    assert.equal(served.status, 200);

    await first.getByRole('button', { name: 'Hide' }).click();
    await page.getByRole('status').filter({ hasText: 'visitors no longer see it' }).waitFor();
    const hidden = page.locator(`.photos-card[data-uuid="${uuid}"]`);
    assert.match(await hidden.innerText(), /Hidden/);
    assert.equal((await publicUuids()).includes(uuid), false, 'no longer listed');
    assert.equal((await fetch(`${apiUrl}/events/photos/${uuid}?w=480`)).status, 404);
    assert.equal((await fetch(`${apiUrl}/events/photos/${uuid}?download=1`)).status, 404);
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, 'desktop-hidden');

    await hidden.getByRole('button', { name: 'Restore' }).click();
    await page.getByRole('status').filter({ hasText: 'shown to visitors again' }).waitFor();
    assert.ok((await publicUuids()).includes(uuid), 'listed again');
    assert.equal((await fetch(`${apiUrl}/events/photos/${uuid}?w=480`)).status, 200);

    // The cover: the second photo.
    const second = cards.nth(1);
    const coverUuid = (await second.getAttribute('data-uuid'))!;
    await second.getByRole('button', { name: 'Make cover' }).click();
    await page.getByRole('status').filter({ hasText: 'cover photo was set' }).waitFor();
    assert.match(await page.locator(`.photos-card[data-uuid="${coverUuid}"]`).innerText(), /Cover/);
    const states = await admin<{ photos: { uuid: string; cover: boolean }[] }>(
      'GET',
      `/events/${eventId}/photos?page_size=200`,
    );
    assert.deepEqual(
      states.photos.filter((p) => p.cover).map((p) => p.uuid),
      [coverUuid],
    );

    // Delete asks first; Cancel keeps the photo.
    await page
      .locator(`.photos-card[data-uuid="${uuid}"]`)
      .getByRole('link', { name: 'Delete' })
      .click();
    await page.getByText('Delete this photo for good?').waitFor();
    assert.deepEqual(await axeViolations(page), []);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.getByRole('heading', { name: 'Upload photos' }).waitFor();
    assert.ok((await publicUuids()).includes(uuid));
    await context.close();

    // A phone: the same screen, no sideways scrolling, axe-clean.
    const phone = await browser.newContext(PHONE);
    const phonePage = await signIn(phone);
    await phonePage.goto(siteUrl(HOST, `/console/events/${eventId}/photos`));
    await phonePage.locator('.photos-card').first().waitFor();
    assert.ok(
      await phonePage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'no sideways scrolling on a phone',
    );
    assert.deepEqual(await axeViolations(phonePage), []);
    await shot(phonePage, 'phone');
    await phone.close();
  });

  test('photos chosen while the page is still loading are uploaded, not dropped', async () => {
    const event = await admin<{ id: number }>('POST', '/events', {
      name: `Slow Phone Run ${Date.now()}`,
      event_date: '2025-06-02',
      published: true,
    });
    const context = await browser.newContext(PHONE);
    const page = await signIn(context);
    // The page's scripts are held back: the picker is there (server-rendered), not yet live.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_next/static/chunks/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(siteUrl(HOST, `/console/events/${event.id}/photos`), {
      waitUntil: 'commit',
    });
    await page.getByRole('heading', { name: 'Upload photos' }).waitFor();
    const early = path.join(folder, 'chosen-early.jpg');
    writeFileSync(early, await distinctJpeg(PHOTOS + 1));
    await page.getByTestId('pick-files').setInputFiles([early]);
    release();
    await page.waitForFunction(() =>
      document
        .querySelector('[data-testid="upload-counts"]')
        ?.textContent?.startsWith('1 uploaded'),
    );
    assert.match(
      await page.locator('.photos-file', { hasText: 'chosen-early.jpg' }).innerText(),
      /Uploaded/,
    );
    await page.unroute('**/_next/static/chunks/**');
    await context.close();
  });

  test('a photographer sees the upload and the progress, not the photos or their changes', async () => {
    const context = await browser.newContext(PHONE);
    const page = await signIn(context, PHOTOGRAPHER);
    await page.goto(siteUrl(HOST, `/console/events/${eventId}/photos`));
    await page.getByRole('heading', { name: 'Upload photos' }).waitFor();
    await page.getByRole('heading', { name: 'Processing' }).waitFor();
    assert.equal(await page.locator('.photos-card').count(), 0);
    assert.equal(await page.getByRole('heading', { name: /^Photos \(/ }).count(), 0);
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, 'phone-photographer');
    await context.close();
  });

  test('the upload proxy refuses a request without the CSRF header, or from another site', async () => {
    const context = await browser.newContext(LAPTOP);
    const page = await signIn(context);
    await page.goto(siteUrl(HOST, `/console/events/${eventId}/photos`));
    const statuses = await page.evaluate(async (id) => {
      const metadata = `event_id ${btoa(String(id))},filename ${btoa('x.jpg')}`;
      const noToken = await fetch('/console/uploads', {
        method: 'POST',
        headers: { 'tus-resumable': '1.0.0', 'upload-length': '10', 'upload-metadata': metadata },
      });
      return [noToken.status];
    }, eventId);
    assert.deepEqual(statuses, [403]);
    const cookies = await context.cookies();
    const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const csrf = cookies.find((c) => c.name === 'console_csrf')!.value;
    const crossSite = await fetch(siteUrl(HOST, '/console/uploads'), {
      method: 'POST',
      headers: {
        cookie,
        origin: 'https://evil.example',
        'x-csrf-token': csrf,
        'tus-resumable': '1.0.0',
        'upload-length': '10',
        'upload-metadata': `event_id ${btoa(String(eventId))},filename ${btoa('x.jpg')}`,
      },
    });
    assert.equal(crossSite.status, 403);
    await context.close();
  });
});
