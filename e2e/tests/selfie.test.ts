// Selfie search in a real browser, against the real API with face detection on: an event with
// selfie_search gets real face photos (the sample images inside @vladmandic/human, read from
// node_modules, never copied into the repository), the `faces` jobs describe them, then the
// visitor picks a portrait through the file chooser. The browser computes the descriptor (Human
// on tfjs WASM, models served by the site) and sends only that.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { cosineSimilarity } from '@eventsite/contract/face-recipe';
import type { Browser, Page, Request } from 'playwright-core';
import { axeViolations, launchBrowser, VIEWPORTS } from '../support/browser.js';
import { carriesImage } from '../support/image-bytes.js';
import { repoRoot } from '../support/processes.js';
import { apiUrl, siteUrl } from '../support/stack.js';
import { admin } from '../support/operator.js';
import { publishOnSite } from '../support/site-cache.js';

const require = createRequire(import.meta.url);
const assets = path.join(path.dirname(require.resolve('@vladmandic/human')), '..', 'assets');
/** A webcam portrait of a man. */
const PORTRAIT = path.join(assets, 'screenshot-faceid.jpg');
/** A row of five faces; the first is the same man, the others four women. */
const GROUP = path.join(assets, 'screenshot-facedetect.jpg');
/** An animated figure and, in an inset, a different man. */
const OTHER = path.join(assets, 'screenshot-vrm.jpg');

const HOST = 'localhost';
const token = process.env.E2E_ADMIN_TOKEN ?? '';
const screenshots = process.env.E2E_SCREENSHOTS_DIR;

interface UploadAnswer {
  accepted: { uuid: string; filename: string }[];
  refused: unknown[];
}
interface Face {
  box: { width: number; height: number };
  embedding: Float32Array;
}

let browser: Browser;
let event: { id: number; slug: string };
const uuids = new Map<string, string>();
/** The portrait's descriptor as the API's engine computes it (the upload fallback's path: whole frame, largest face). */
let apiDescriptor: Float32Array;

before(async () => {
  assert.ok(token, 'e2e/run.ts passes an admin token');
  browser = await launchBrowser();
  const created = await admin<{ id: number; slug: string }>('POST', '/events', {
    name: 'Selfie Search Test Run',
    // Older than every demo event: the home page's recent events (site.test.ts) stay the demo's.
    event_date: '2015-05-01',
    published: true,
    event_photos_config: { feature_flag: { selfie_search: true, bib_search: true, show_all_images: false } },
  });
  event = { id: created.id, slug: created.slug };

  const form = new FormData();
  for (const file of [GROUP, OTHER]) form.append('file', new Blob([await readFile(file)], { type: 'image/jpeg' }), path.basename(file));
  const res = await fetch(`${apiUrl}/api/v1/admin/events/${event.id}/photos`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const upload = ((await res.json()) as { data: UploadAnswer }).data;
  assert.equal(res.status, 202, 'both photos accepted');
  for (const a of upload.accepted) uuids.set(a.filename, a.uuid);

  // Ingest, then the faces jobs (the five-face row takes ~1.5 s).
  const deadline = Date.now() + 120_000;
  for (;;) {
    const jobs = await admin<{ counts: { queued: number; running: number; done: number; failed: number }; failures: { last_error: string }[] }>('GET', `/events/${event.id}/jobs`);
    assert.equal(jobs.counts.failed, 0, `no job failed: ${jobs.failures.map((f) => f.last_error).join('; ')}`);
    if (jobs.counts.queued === 0 && jobs.counts.running === 0 && jobs.counts.done >= 4) break;
    assert.ok(Date.now() < deadline, `the ingest and faces jobs finished in time: ${JSON.stringify(jobs.counts)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  // Published through the console, as an organiser would: the site shows the new event at once.
  await publishOnSite(HOST, event.id);

  const faces = (await import(path.join(repoRoot, 'apps/api/dist/faces/index.js'))) as {
    detectFaces(image: Buffer, options?: { tiles?: boolean }): Promise<Face[]>;
  };
  const found = await faces.detectFaces(await readFile(PORTRAIT), { tiles: false });
  assert.ok(found.length >= 1, 'the API engine finds the portrait’s face');
  apiDescriptor = found.sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height)[0]!.embedding;
});

after(async () => {
  await browser?.close();
  if (event) await admin('DELETE', `/events/${event.id}/faces`).catch(() => undefined);
});

/** What the page did toward a camera or a file: counted in the page before any of its scripts run. */
interface DeviceUse {
  getUserMedia: number;
  fileInputClicks: number;
}
declare global {
  interface Window {
    __deviceUse?: DeviceUse;
  }
}

async function openGallery(viewport: keyof typeof VIEWPORTS): Promise<{ page: Page; requests: Request[]; errors: string[]; choosers: () => number }> {
  const context = await browser.newContext({ ...VIEWPORTS[viewport], reducedMotion: 'reduce' });
  // Every way to a camera or a file chooser is counted: getUserMedia (wrapped, whatever calls
  // it) and a click on a file input (the site's camera is `<input capture="user">`).
  await context.addInitScript(() => {
    const use = { getUserMedia: 0, fileInputClicks: 0 };
    window.__deviceUse = use;
    const media = navigator.mediaDevices;
    if (media && typeof media.getUserMedia === 'function') {
      const original = media.getUserMedia.bind(media);
      media.getUserMedia = (constraints) => {
        use.getUserMedia += 1;
        return original(constraints);
      };
    }
    const click = HTMLInputElement.prototype.click;
    HTMLInputElement.prototype.click = function (this: HTMLInputElement) {
      if (this.type === 'file') use.fileInputClicks += 1;
      return click.call(this);
    };
  });
  const page = await context.newPage();
  const requests: Request[] = [];
  const errors: string[] = [];
  let chooserCount = 0;
  page.on('request', (r) => requests.push(r));
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('filechooser', () => (chooserCount += 1));
  const res = await page.goto(siteUrl(HOST, `/events/${event.slug}/photos`), { waitUntil: 'load' });
  assert.equal(res?.status(), 200, 'the site shows the event published through its console');
  await page.waitForLoadState('networkidle');
  return { page, requests, errors, choosers: () => chooserCount };
}

const deviceUse = (page: Page) => page.evaluate(() => window.__deviceUse!);

/** The consent step is showing and nothing reached for a camera, a file or the face model yet. */
async function assertAskedFirst(page: Page, requests: Request[], choosers: () => number) {
  const ask = page.getByRole('group', { name: 'Before you use a selfie' });
  await ask.waitFor();
  await ask.getByText('Your selfie is processed on this device.').waitFor();
  assert.deepEqual(await deviceUse(page), { getUserMedia: 0, fileInputClicks: 0 });
  assert.equal(choosers(), 0, 'no file chooser before consent');
  assert.equal(await page.locator('input[type=file]').count(), 0, 'no camera or file input in the page before consent');
  assert.deepEqual(requests.filter((r) => r.url().includes('/face-models/')).map((r) => r.url()), [], 'the face model does not load before consent');
  // Focus is on the question, and the page passes axe with it open.
  assert.equal(await ask.evaluate((el) => el === document.activeElement), true, 'focus on the consent step');
  assert.deepEqual(await axeViolations(page), []);
}

async function shot(page: Page, name: string) {
  if (!screenshots) return;
  // The tiles' images, not their placeholders.
  await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLImageElement>('.jgrid img')).every((i) => i.complete && i.naturalWidth > 0));
  await page.screenshot({ path: path.join(screenshots, name) });
}

describe('selfie search', () => {
  test('the portrait, described in the browser, finds the photo with the same man first; only the descriptor is sent', async () => {
    const { page, requests, errors, choosers } = await openGallery('desktop');
    const before = requests.length;
    await page.getByRole('radio', { name: 'Selfie' }).click();
    await assertAskedFirst(page, requests, choosers);
    await shot(page, 'selfie-desktop-0-ask.png');
    // Keyboard: Tab to Continue, Enter. Focus lands on the file picker's button.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const choose = page.getByRole('button', { name: 'Choose a photo' });
    await choose.waitFor();
    assert.equal(await choose.evaluate((el) => el === document.activeElement), true, 'focus on Choose a photo');
    assert.equal(await page.evaluate(() => sessionStorage.getItem('eventsite.selfie-consent')), 'yes');
    await shot(page, 'selfie-desktop-1-consent.png');

    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Choose a photo' }).click()]);
    assert.equal(chooser.isMultiple(), false);
    await chooser.setFiles(PORTRAIT);
    const started = Date.now();
    await page.getByText(/^\d+ photos? of you$/).waitFor({ timeout: 90_000 });
    const took = Date.now() - started;
    await page.waitForLoadState('networkidle');
    await shot(page, 'selfie-desktop-2-results.png');

    // The answer: the photo with the same man, first, as a match; the other man's photo is not one.
    const first = page.getByRole('button', { name: /^Photo 1 of / });
    assert.ok((await first.locator('img').getAttribute('src'))?.includes(uuids.get(path.basename(GROUP))!), 'the five-face row is first');
    const matches = await page.locator('.jgrid').first().locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src') ?? ''));
    assert.ok(!matches.some((src) => src.includes(uuids.get(path.basename(OTHER))!)), 'the other man is not a match');

    // What went to the API: one POST of {embedding: 1024 numbers}, no image bytes anywhere.
    const sent = requests.slice(before);
    const searches = sent.filter((r) => r.url().includes(`/events/${event.id}/photos/selfie-search`));
    assert.equal(searches.length, 1);
    assert.ok(searches[0]!.url().startsWith(apiUrl));
    assert.equal(searches[0]!.method(), 'POST');
    assert.equal(searches[0]!.headers()['content-type'], 'application/json');
    const body = JSON.parse(searches[0]!.postData() ?? '{}') as { embedding?: number[] };
    assert.deepEqual(Object.keys(body), ['embedding']);
    assert.equal(body.embedding?.length, 1024);
    assert.ok(body.embedding!.every((v) => typeof v === 'number' && Number.isFinite(v)));
    // Every request of the page, from its load on: none carries image bytes.
    for (const r of requests) {
      assert.equal(carriesImage(r), null, `${r.method()} ${r.url()} carries an image`);
      const data = r.postDataBuffer();
      if (data) assert.ok(data.length < 40_000, `${r.url()} sends ${data.length} bytes`);
    }
    assert.deepEqual(requests.filter((r) => r.url().includes('/selfie-search/image')).map((r) => r.url()), [], 'the selfie itself is never posted');
    // One file chooser, opened by the visitor after consent; no camera stream was asked for.
    assert.deepEqual(await deviceUse(page), { getUserMedia: 0, fileInputClicks: 1 });
    assert.equal(choosers(), 1);

    // The models and .wasm came from the site itself, nothing from elsewhere.
    const site = new URL(siteUrl(HOST)).origin;
    const models = sent.filter((r) => r.url().includes('/face-models/'));
    assert.ok(models.some((r) => r.url().endsWith('/faceres.bin')) && models.some((r) => r.url().endsWith('.wasm')), 'models and wasm loaded');
    assert.ok(models.every((r) => r.url().startsWith(`${site}/face-models/`)));
    assert.deepEqual(sent.map((r) => new URL(r.url()).origin).filter((o) => o !== site && o !== apiUrl), []);

    // The answer ranked the five-face row first, as a match.
    const answer = (await (await searches[0]!.response())!.json()) as { data: { photos: { uuid: string; similarity: number; tier: string }[] } };
    assert.equal(answer.data.photos[0]?.uuid, uuids.get(path.basename(GROUP)));
    assert.equal(answer.data.photos[0]?.tier, 'match');

    // The browser's descriptor is the API engine's, up to resampling.
    const similarity = cosineSimilarity(body.embedding!, apiDescriptor);
    console.log(
      `browser vs API descriptor of the portrait: cosine ${similarity.toFixed(4)}; answer ${answer.data.photos.map((p) => `${p.tier} ${p.similarity.toFixed(3)}`).join(', ')}; model load + describe + search ${took} ms`,
    );
    assert.ok(similarity > 0.95, `cosine ${similarity}`);

    // The selfie is not in the URL; the page says the search cannot be shared.
    assert.equal(new URL(page.url()).search, '');
    await page.getByText('A selfie search can’t be shared as a link').waitFor();

    // The viewer opens on the match.
    await first.click();
    await page.locator('.yarl__root').waitFor();
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  test('a photo with no face says so, and sends nothing', async () => {
    const t0 = Date.now();
    const step = (what: string) => console.log(`  ${what}: ${Date.now() - t0} ms`);
    const { page, requests, choosers } = await openGallery('phone');
    step('gallery open');
    await page.getByRole('radio', { name: 'Selfie' }).click();
    await assertAskedFirst(page, requests, choosers);
    await shot(page, 'selfie-phone-0-ask.png');
    // Cancel: nothing opens or loads; asked again when the visitor comes back.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Use a selfie' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await shot(page, 'selfie-phone-1-consent.png');
    // A phone offers the camera (capture="user") as well as its photos.
    await page.getByRole('button', { name: 'Take a selfie' }).waitFor();
    assert.equal(await page.locator('input[type=file][capture="user"]').count(), 1);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Choose a photo' }).click()]);
    // A screenshot of the library's menu: no face on it.
    step('file chooser');
    await chooser.setFiles(path.join(assets, 'screenshot-menu.png'));
    await page.getByText('We couldn’t find a face on this photo').waitFor({ timeout: 90_000 });
    step('no face');
    assert.ok(!requests.some((r) => r.url().includes('/photos/selfie-search')), 'nothing was sent');
    assert.equal((await deviceUse(page)).getUserMedia, 0);
    // Then a real selfie on the phone: results, best first.
    const [again] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Choose another photo' }).click()]);
    await again.setFiles(PORTRAIT);
    await page.getByText(/^\d+ photos? of you$/).waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    await shot(page, 'selfie-phone-2-results.png');
    // A selfie search has no field to clear: its Clear button stays on a phone and ends it.
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByText(/^\d+ photos? of you$/).waitFor({ state: 'detached' });
    for (const r of requests) assert.equal(carriesImage(r), null, `${r.method()} ${r.url()} carries an image`);
    await page.context().close();
  });

  test('"Not me" on a phone takes a photo out at once, Undo brings it back, a reload keeps it out', async () => {
    const { page } = await openGallery('phone');
    const search = async () => {
      await page.getByRole('radio', { name: 'Selfie' }).click();
      // The consent is asked once a visit (this tab): wait for the panel to show one or the other
      // (asked at once after the tap, it may not be drawn yet on a loaded machine).
      const agree = page.getByRole('button', { name: 'Continue' });
      const choose = page.getByRole('button', { name: 'Choose a photo' });
      await agree.or(choose).first().waitFor();
      if (await agree.isVisible()) await agree.tap();
      await choose.waitFor();
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), choose.tap()]);
      await chooser.setFiles(PORTRAIT);
      // The answer: photos of you, or (every match taken out) none.
      await page.getByText(/^\d+ photos? of you$|^No sure match for your selfie$|^No photos matched your selfie$/).first().waitFor({ timeout: 90_000 });
    };
    const shown = () => page.locator('.jgrid img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src') ?? ''));
    const group = uuids.get(path.basename(GROUP))!;
    await search();
    const count = Number((await page.getByText(/^\d+ photos? of you$/).textContent())!.split(' ')[0]);
    assert.ok((await shown()).some((src) => src.includes(group)), 'the five-face row is shown');
    // Over each photo its controls ("Not me", the heart, "This is me" where a bib was read) sit in
    // its corners: none over another, none over the middle of the photo.
    const controls = await page.locator('.jgrid-actions').evaluateAll((boxes) =>
      boxes.map((b) => {
        const r = b.getBoundingClientRect();
        return { tile: { x: r.left, y: r.top, width: r.width, height: r.height }, parts: Array.from(b.children).map((c) => c.getBoundingClientRect().toJSON() as { x: number; y: number; width: number; height: number }) };
      }),
    );
    assert.ok(controls.length > 0 && controls.every((c) => c.parts.length >= 2), 'each photo has "Not me" and a heart');
    const apart = (a: { x: number; y: number; width: number; height: number }, b: typeof a) => a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
    for (const { tile, parts } of controls) {
      const middle = { x: tile.x + tile.width / 2 - 1, y: tile.y + tile.height / 2 - 1, width: 2, height: 2 };
      parts.forEach((p, i) => {
        assert.ok(apart(p, middle), `a control off the middle of its photo: ${JSON.stringify({ tile, p })}`);
        for (const q of parts.slice(i + 1)) assert.ok(apart(p, q), `two controls apart: ${JSON.stringify([p, q])}`);
      });
    }
    // A real button, named after the photo; tapped, the photo is gone at once.
    const notMe = page.getByRole('button', { name: `Not me: remove Photo 1 of ${count}` });
    await notMe.tap();
    await page.waitForFunction((uuid) => !Array.from(document.querySelectorAll('.jgrid img')).some((i) => i.getAttribute('src')?.includes(uuid)), group);
    const undo = page.getByRole('button', { name: 'Undo: bring the photo back' });
    await undo.waitFor();
    assert.equal(await undo.evaluate((el) => el === document.activeElement), true, 'focus on Undo');
    await shot(page, 'selfie-phone-3-not-me.png');
    assert.deepEqual(await axeViolations(page), []);
    // Undo by keyboard: Enter on the focused button.
    await page.keyboard.press('Enter');
    await page.getByText(`${count} ${count === 1 ? 'photo' : 'photos'} of you`).waitFor();
    assert.ok((await shown()).some((src) => src.includes(group)), 'Undo brought it back');
    // Out again, and a reload of the page: the same search leaves it out.
    await page.getByRole('button', { name: `Not me: remove Photo 1 of ${count}` }).tap();
    await undo.waitFor();
    await page.reload({ waitUntil: 'networkidle' });
    await search();
    await page.waitForLoadState('networkidle');
    assert.ok(!(await shown()).some((src) => src.includes(group)), 'still out after a reload');
    await page.context().close();
  });
});
