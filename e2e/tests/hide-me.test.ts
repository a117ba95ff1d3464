// "Hide me everywhere" in a real browser, against the real API with face detection on. The demo's
// Harbour City Marathon (selfie search on) links to the page from its gallery; the whole request
// runs on an event of its own with real faces (the sample images inside @vladmandic/human, read
// from node_modules, never copied into the repository), so the demo's photos stay as they are.
// The browser describes the portrait and sends only that description; the API blurs the man's
// face on the five-face row, in display sizes and downloads, drops the photo from his selfie and
// bib searches, and does the same to a photo of him uploaded after the request.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { cosineSimilarity } from '@eventsite/contract/face-recipe';
import type { Browser, Request } from 'playwright-core';
import sharp from 'sharp';
import { axeViolations, launchBrowser, VIEWPORTS } from '../support/browser.js';
import { carriesImage } from '../support/image-bytes.js';
import { repoRoot } from '../support/processes.js';
import { apiData, apiUrl, siteUrl, type AllEvents } from '../support/stack.js';
import { admin, cli } from '../support/operator.js';
import { publishOnSite } from '../support/site-cache.js';

const require = createRequire(import.meta.url);
const assets = path.join(path.dirname(require.resolve('@vladmandic/human')), '..', 'assets');
/** A webcam portrait of a man. */
const PORTRAIT = path.join(assets, 'screenshot-faceid.jpg');
/** A row of five faces; the first is the same man, the others four women. */
const GROUP = path.join(assets, 'screenshot-facedetect.jpg');

const HOST = 'localhost';
const token = process.env.E2E_ADMIN_TOKEN ?? '';
const screenshots = process.env.E2E_SCREENSHOTS_DIR;

type Box = { x: number; y: number; width: number; height: number };
interface Face {
  box: Box;
  embedding: Float32Array;
}

let browser: Browser;
let event: { id: number; slug: string };
let harbour: { slug: string };
let groupUuid: string;
let portrait: Float32Array;
/** The man's face on the five-face row, as the API's engine finds it. */
let manOnGroup: Box;
let groupWidth: number;
let groupBytes: Buffer;
/** Detail in his face box on the 480 px display size before any hide. */
let sharpVariant = 0;

async function uploadPhoto(name: string, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  const res = await fetch(`${apiUrl}/api/v1/admin/events/${event.id}/photos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  assert.equal(res.status, 202, `${name} accepted`);
  return ((await res.json()) as { data: { accepted: { uuid: string }[] } }).data.accepted[0]!.uuid;
}

async function jobsDone(atLeast: number) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const jobs = await admin<{
      counts: { queued: number; running: number; done: number; failed: number };
      failures: { last_error: string }[];
    }>('GET', `/events/${event.id}/jobs`);
    assert.equal(
      jobs.counts.failed,
      0,
      `no job failed: ${jobs.failures.map((f) => f.last_error).join('; ')}`,
    );
    if (jobs.counts.queued === 0 && jobs.counts.running === 0 && jobs.counts.done >= atLeast)
      return;
    assert.ok(Date.now() < deadline, `jobs finished in time: ${JSON.stringify(jobs.counts)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * Fine detail inside the box: the mean difference between its grey values and a blurred copy of
 * them (eyes, mouth and hair edges make it high; a blurred face leaves almost none).
 */
async function detail(image: Buffer, box: Box): Promise<number> {
  const meta = await sharp(image).metadata();
  const left = Math.max(0, Math.round(box.x));
  const top = Math.max(0, Math.round(box.y));
  const region = {
    left,
    top,
    width: Math.min(Math.round(box.width), meta.width! - left),
    height: Math.min(Math.round(box.height), meta.height! - top),
  };
  const grey = sharp(image).extract(region).greyscale();
  const [plain, smooth] = await Promise.all([
    grey.clone().raw().toBuffer(),
    grey.clone().blur(2).raw().toBuffer(),
  ]);
  let sum = 0;
  for (let i = 0; i < plain.length; i++) sum += Math.abs(plain[i]! - smooth[i]!);
  return sum / plain.length;
}
const scaled = (b: Box, k: number): Box => ({
  x: b.x * k,
  y: b.y * k,
  width: b.width * k,
  height: b.height * k,
});

async function fetchBytes(url: string, accept = 'image/webp'): Promise<Buffer> {
  const res = await fetch(url, { headers: { accept } });
  assert.equal(res.status, 200, url);
  return Buffer.from(await res.arrayBuffer());
}

async function selfieFinds(uuid: string): Promise<boolean> {
  const res = await fetch(`${apiUrl}/api/v1/client/events/${event.id}/photos/selfie-search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ embedding: Array.from(portrait) }),
  });
  const answer = (await res.json()) as { data: { photos: { uuid: string; tier: string }[] } };
  return answer.data.photos.some((p) => p.uuid === uuid);
}

async function bibFinds(bib: string, uuid: string): Promise<boolean> {
  const page = await apiData<{ photos: { uuid: string }[] }>(
    `/api/v1/client/events/${event.id}/photos?bib=${bib}`,
  );
  return page.photos.some((p) => p.uuid === uuid);
}

before(async () => {
  assert.ok(token, 'e2e/run.ts passes an admin token');
  browser = await launchBrowser();
  const all = await apiData<AllEvents>(
    `/api/v1/client/events/organiser/all-events?app_domain=${HOST}&page=1&page_size=100`,
  );
  const found = all.events.find((e) => e.event_name === 'Harbour City Marathon 2026');
  assert.ok(found, 'the demo has Harbour City Marathon 2026');
  harbour = { slug: found.event_slug };

  const created = await admin<{ id: number; slug: string }>('POST', '/events', {
    name: 'Hide Me Test Run',
    event_date: '2015-05-02',
    published: true,
    event_photos_config: {
      feature_flag: {
        selfie_search: true,
        bib_search: true,
        show_all_images: true,
        bulk_download: true,
      },
    },
  });
  event = { id: created.id, slug: created.slug };
  groupBytes = await readFile(GROUP);
  groupUuid = await uploadPhoto('group.jpg', groupBytes);
  await jobsDone(2);
  // The browser tests run with OCR off: the man's bib is an organiser's tag.
  await admin('PUT', `/photos/${groupUuid}/bibs`, { bibs: ['4711'] });
  // Published through the console, as an organiser would: the site shows the new event at once.
  await publishOnSite(HOST, event.id);

  const faces = (await import(path.join(repoRoot, 'apps/api/dist/faces/index.js'))) as {
    detectFaces(image: Buffer, options?: { tiles?: boolean }): Promise<Face[]>;
  };
  portrait = (await faces.detectFaces(await readFile(PORTRAIT), { tiles: false })).sort(
    (a, b) => b.box.width * b.box.height - a.box.width * a.box.height,
  )[0]!.embedding;
  const onGroup = await faces.detectFaces(groupBytes);
  manOnGroup = onGroup.sort(
    (a, b) => cosineSimilarity(b.embedding, portrait) - cosineSimilarity(a.embedding, portrait),
  )[0]!.box;
  groupWidth = (await sharp(groupBytes).metadata()).width!;
});

after(async () => {
  await browser?.close();
});

describe('hide me everywhere', () => {
  test('Harbour City’s gallery links to it; the page says what happens and asks before anything loads', async () => {
    const context = await browser.newContext({ ...VIEWPORTS.desktop, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    await page.goto(siteUrl(HOST, `/events/${harbour.slug}/photos`), { waitUntil: 'load' });
    await page.getByRole('link', { name: /Hide me$/ }).click();
    await page.waitForURL(`**/events/${harbour.slug}/hide-me`);
    const ask = page.getByRole('group', { name: 'Before you use a selfie' });
    await ask.waitFor();
    await ask.getByText('Your selfie is processed on this device').waitFor();
    await ask.getByText('contact the organiser').waitFor();
    assert.equal(
      await page.locator('input[type=file]').count(),
      0,
      'no file input before Continue',
    );
    assert.deepEqual(
      requests.filter((r) => r.url().includes('/face-models/')).map((r) => r.url()),
      [],
      'no model before Continue',
    );
    assert.deepEqual(await axeViolations(page), []);
    // Keyboard: Continue is reachable and opens the selfie step.
    await page.getByRole('button', { name: 'Continue' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Choose a photo' }).waitFor();
    assert.deepEqual(await axeViolations(page), []);
    if (screenshots)
      await page.screenshot({ path: path.join(screenshots, 'hide-me-desktop-1-selfie.png') });
    await context.close();
  });

  test('a hide blurs the face in sizes and downloads, drops the photo from his searches, also for a photo uploaded after it; only a description is sent', async () => {
    // Before: found by his selfie and his bib, the face sharp.
    assert.equal(await selfieFinds(groupUuid), true, 'his selfie finds the row before');
    assert.equal(await bibFinds('4711', groupUuid), true, 'his bib finds the row before');
    const sharpBefore = await detail(
      await fetchBytes(`${apiUrl}/events/photos/${groupUuid}?w=480`),
      scaled(manOnGroup, Math.min(1, 480 / groupWidth)),
    );
    sharpVariant = sharpBefore;

    const context = await browser.newContext({ ...VIEWPORTS.phone, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    const res = await page.goto(siteUrl(HOST, `/events/${event.slug}/hide-me`), {
      waitUntil: 'load',
    });
    assert.equal(res?.status(), 200, 'the site shows the event published through its console');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Your bib number (optional)').fill('4711');
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Choose a photo' }).click(),
    ]);
    await chooser.setFiles(PORTRAIT);
    // Each photo found, its face outlined; nothing is ticked until the visitor says it is them.
    const question = page.getByText('We found a face like yours in 1 photo. Which are you?');
    await question.waitFor({ timeout: 90_000 });
    const preview = page.getByRole('img', { name: 'Photo 1 of 1, the face found outlined' });
    await preview.waitFor();
    assert.ok(
      ((await preview.getAttribute('src')) ?? '').includes(`/events/photos/${groupUuid}?w=`),
      'the preview is the photo the face was found on',
    );
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.hide-me-photo img');
      return img !== null && img.complete && img.naturalWidth > 0;
    });
    const tick = page.getByRole('checkbox', { name: 'This is me (photo 1)' });
    assert.equal(await tick.isChecked(), false, 'nothing ticked for the visitor');
    assert.equal(
      await page.getByRole('button', { name: 'Tick your photos first' }).isDisabled(),
      true,
    );
    assert.deepEqual(await axeViolations(page), []);
    if (screenshots)
      await page.screenshot({ path: path.join(screenshots, 'hide-me-phone-2-confirm.png') });
    // The dry run changed nothing.
    assert.equal(await selfieFinds(groupUuid), true, 'nothing hidden before the visitor confirms');
    await tick.check();
    await page.getByRole('button', { name: 'Hide me in 1 photo' }).click();
    await page.getByRole('heading', { name: 'You are hidden' }).waitFor({ timeout: 30_000 });
    await page.getByText('To undo this, contact the organiser.').waitFor();
    assert.deepEqual(await axeViolations(page), []);
    if (screenshots)
      await page.screenshot({ path: path.join(screenshots, 'hide-me-phone-3-done.png') });

    // What was sent: two POSTs of JSON (the dry run, then the request), the description only.
    const hides = requests.filter((r) => r.url().includes(`/events/${event.id}/hide-requests`));
    assert.equal(hides.length, 2);
    const bodies = hides.map((r) => JSON.parse(r.postData() ?? '{}') as Record<string, unknown>);
    assert.deepEqual(Object.keys(bodies[0]!).sort(), ['dry_run', 'embedding']);
    assert.deepEqual(Object.keys(bodies[1]!).sort(), ['bib', 'embedding', 'photos']);
    assert.deepEqual(bodies[1]!.photos, [groupUuid], 'only the photo the visitor ticked');
    assert.ok(
      cosineSimilarity(bodies[1]!.embedding as number[], portrait) > 0.95,
      'the browser’s description is the engine’s',
    );
    for (const r of requests) {
      assert.equal(carriesImage(r), null, `${r.method()} ${r.url()} carries an image`);
      const data = r.postDataBuffer();
      if (data) assert.ok(data.length < 40_000, `${r.url()} sends ${data.length} bytes`);
    }
    await context.close();

    // The face is blurred in every size and the download; the photo left his searches.
    const variant = await fetchBytes(`${apiUrl}/events/photos/${groupUuid}?w=480`);
    const blurred = await detail(variant, scaled(manOnGroup, Math.min(1, 480 / groupWidth)));
    const download = await fetchBytes(`${apiUrl}/events/photos/${groupUuid}?download=1`, '*/*');
    const blurredDownload = await detail(download, manOnGroup);
    const sharpOriginal = await detail(groupBytes, manOnGroup);
    console.log(
      `detail in his face box: variant ${sharpBefore.toFixed(1)} → ${blurred.toFixed(1)}; download ${sharpOriginal.toFixed(1)} → ${blurredDownload.toFixed(1)}`,
    );
    assert.ok(blurred < sharpBefore / 2, `variant blurred (${sharpBefore} → ${blurred})`);
    assert.ok(
      blurredDownload < sharpOriginal / 2,
      `download blurred (${sharpOriginal} → ${blurredDownload})`,
    );
    assert.equal(await selfieFinds(groupUuid), false, 'his selfie no longer finds the row');
    assert.equal(await bibFinds('4711', groupUuid), false, 'his bib no longer finds the row');

    // A photo of him uploaded after the request (the row, mirrored): blurred and unfound as it is ingested.
    const laterBytes = await sharp(groupBytes).flop().jpeg({ quality: 90 }).toBuffer();
    const later = await uploadPhoto('later.jpg', laterBytes);
    await jobsDone(5);
    const mirrored = { ...manOnGroup, x: groupWidth - manOnGroup.x - manOnGroup.width };
    const laterDownload = await fetchBytes(`${apiUrl}/events/photos/${later}?download=1`, '*/*');
    const laterSharp = await detail(laterBytes, mirrored);
    const laterBlurred = await detail(laterDownload, mirrored);
    console.log(
      `photo uploaded after: detail ${laterSharp.toFixed(1)} → ${laterBlurred.toFixed(1)}`,
    );
    assert.ok(laterBlurred < laterSharp / 2, 'the later photo is blurred');
    assert.ok(
      (await detail(
        await fetchBytes(`${apiUrl}/events/photos/${later}?w=1280`),
        scaled(mirrored, Math.min(1, 1280 / groupWidth)),
      )) <
        laterSharp / 2,
    );
    assert.equal(await selfieFinds(later), false, 'his selfie does not find the later photo');

    // The organiser sees counts, never a face.
    const stats = await admin<Record<string, number>>('GET', `/events/${event.id}/hide-requests`);
    assert.deepEqual(stats, { requests: 1, hidden_faces: 2, hidden_photos: 2, held_photos: 0 });
  });

  test('the organiser sees the request in the console and undoes it in one click', async () => {
    const email = `hide-undo-${randomBytes(4).toString('hex')}@${HOST}.example`;
    const password = randomBytes(18).toString('base64url');
    const created = cli(['user', 'create', HOST, email, '--role', 'editor'], `${password}\n`);
    assert.equal(created.code, 0, created.err);
    const context = await browser.newContext({ ...VIEWPORTS.desktop });
    try {
      const page = await context.newPage();
      await page.goto(siteUrl(HOST, '/console'));
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Events' }).waitFor();
      await page.goto(siteUrl(HOST, `/console/events/${event.id}/photos`));
      const list = page.getByTestId('hide-requests');
      await list.waitFor();
      // One request, what it blurred (the row and the photo uploaded after it), never a face.
      const rows = list.locator('tbody tr');
      assert.equal(await rows.count(), 1);
      assert.match(await rows.first().innerText(), /2 faces on 2 photos/);
      assert.deepEqual(await axeViolations(page), []);
      if (screenshots)
        await page.screenshot({
          path: path.join(screenshots, 'hide-me-console-undo.png'),
          fullPage: true,
        });
      await rows
        .first()
        .getByRole('button', { name: /^Undo the request of / })
        .click();
      await page.getByRole('status').filter({ hasText: 'The request was undone' }).waitFor();
      await page.getByText('Nobody has asked to be hidden on this event.').waitFor();
    } finally {
      await context.close();
      cli(['user', 'remove', HOST, email]);
    }
    // His face is sharp again and found again by his selfie and his bib.
    await jobsDone(5);
    const shown = await detail(
      await fetchBytes(`${apiUrl}/events/photos/${groupUuid}?w=480`),
      scaled(manOnGroup, Math.min(1, 480 / groupWidth)),
    );
    assert.ok(
      shown > sharpVariant / 2,
      `the face is sharp again (${sharpVariant.toFixed(1)} before the hide, ${shown.toFixed(1)} now)`,
    );
    assert.equal(await selfieFinds(groupUuid), true, 'his selfie finds the row again');
    assert.equal(await bibFinds('4711', groupUuid), true, 'his bib finds the row again');
  });
});
