// An event's face data in the console, in Chromium against the real API with face detection on:
// an event of its own with a row of five real faces (the sample image inside @vladmandic/human,
// read from node_modules, never copied into the repository). Its settings show what is held (the
// templates the engine stored, the one photo, no hide request, the retention's day); "Erase face
// data" asks first, then the screen shows zero and selfie search says the data was erased. Whose
// faces are stored is chosen and saved. axe on each state; screenshots at laptop and phone sizes.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FaceDataRecord } from '@eventsite/contract';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, launchBrowser } from '../support/browser.js';
import { apiUrl, siteUrl } from '../support/stack.js';
import { admin, cli } from '../support/operator.js';

const require = createRequire(import.meta.url);
const assets = path.join(path.dirname(require.resolve('@vladmandic/human')), '..', 'assets');
/** A row of five faces. */
const GROUP = path.join(assets, 'screenshot-facedetect.jpg');

const HOST = 'localhost';
const EMAIL = `face-data-${Date.now()}@city.example`;
const PASSWORD = 'a good long password';
const screenshots = process.env.E2E_SCREENSHOTS_DIR;

const SIZES = {
  laptop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
  phone: {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  },
} as const;

let browser: Browser;
let eventId = 0;
let stored = 0;

async function jobsDone() {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const jobs = await admin<{ counts: { queued: number; running: number; failed: number } }>(
      'GET',
      `/events/${eventId}/jobs`,
    );
    assert.equal(jobs.counts.failed, 0, 'no job failed');
    if (jobs.counts.queued === 0 && jobs.counts.running === 0) return;
    assert.ok(Date.now() < deadline, `jobs finished in time: ${JSON.stringify(jobs.counts)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function settingsPage(size: keyof typeof SIZES): Promise<Page> {
  const context = await browser.newContext({ ...SIZES[size], reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(siteUrl(HOST, '/console'));
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Events' }).waitFor();
  await page.goto(siteUrl(HOST, `/console/events/${eventId}`));
  return page;
}

/** The record's value for a term, as shown. */
const shown = (page: Page, term: string) =>
  page.getByTestId('face-data-record').locator('dt', { hasText: term }).locator('+ dd');

async function accessible(page: Page) {
  assert.deepEqual(await axeViolations(page), []);
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  assert.ok(fits, 'no sideways scrolling');
}

async function shot(page: Page, name: string) {
  if (!screenshots) return;
  const section = page.locator('fieldset', { has: page.getByTestId('face-data-record') });
  await section.screenshot({ path: path.join(screenshots, `console-face-data-${name}.png`) });
}

before(async () => {
  const created = cli(['user', 'create', HOST, EMAIL, '--role', 'editor'], `${PASSWORD}\n`);
  assert.equal(created.code, 0, created.err);
  eventId = (
    await admin<{ id: number }>('POST', '/events', {
      name: `Face Data Run ${Date.now().toString(36)}`,
      event_date: new Date().toISOString().slice(0, 10),
      published: true,
      event_photos_config: { feature_flag: { selfie_search: true } },
    })
  ).id;
  const form = new FormData();
  const bytes = await readFile(GROUP);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'group.jpg');
  const res = await fetch(`${apiUrl}/api/v1/admin/events/${eventId}/photos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN ?? ''}` },
    body: form,
  });
  assert.equal(res.status, 202);
  await jobsDone();
  stored = (await admin<FaceDataRecord>('GET', `/events/${eventId}/faces`)).faces;
  assert.ok(stored >= 3, `the engine stored the row's faces (${stored})`);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  if (eventId) await admin('DELETE', `/events/${eventId}`).catch(() => undefined);
  cli(['user', 'remove', HOST, EMAIL]);
});

describe('an event’s face data in the console', () => {
  test('shows what is held, at phone size too, and asks before erasing', async () => {
    for (const size of ['phone', 'laptop'] as const) {
      const page = await settingsPage(size);
      assert.equal(await shown(page, 'Face templates stored').textContent(), String(stored));
      assert.equal(await shown(page, 'Photos they come from').textContent(), '1');
      assert.equal(await shown(page, 'Hide-me requests').textContent(), '0');
      assert.match(
        (await shown(page, 'Deleted by the retention on').textContent()) ?? '',
        /\d{4}$/,
      );
      const confirm = page.getByRole('button', { name: `Yes, erase ${stored} face templates` });
      assert.equal(await confirm.isVisible(), false, 'the erase waits behind its disclosure');
      await page.getByText('Erase face data…').click();
      await confirm.waitFor();
      await accessible(page);
      await shot(page, `${size}-confirm`);
      await page.context().close();
    }
  });

  test('erases every face at once: zero on the screen, and selfie search says so', async () => {
    const page = await settingsPage('laptop');
    await page.getByText('Erase face data…').click();
    await page.getByRole('button', { name: `Yes, erase ${stored} face templates` }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Face data erased: ${stored} face templates were deleted.` })
      .waitFor();
    assert.equal(await shown(page, 'Face templates stored').textContent(), '0');
    assert.equal(await shown(page, 'Photos they come from').textContent(), '0');
    await page.getByText('No face data is held for this event.').waitFor();
    await accessible(page);
    await shot(page, 'laptop-erased');
    const unit = Array.from({ length: 1024 }, (_, i) => (i === 0 ? 1 : 0));
    const search = await fetch(`${apiUrl}/api/v1/client/events/${eventId}/photos/selfie-search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ embedding: unit }),
    });
    assert.equal(search.status, 410);
    assert.match(
      ((await search.json()) as { message: string }).message,
      /its organiser erased the face data on \d{4}-\d{2}-\d{2}/,
    );
    await page.context().close();
  });

  test('saves whose faces are stored', async () => {
    const page = await settingsPage('phone');
    const runners = page.getByLabel('Only runners (a face above a bib)');
    assert.equal(await page.getByLabel('Everyone in the photos').isChecked(), true);
    await runners.check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor();
    assert.equal(await page.getByLabel('Only runners (a face above a bib)').isChecked(), true);
    const event = await admin<{
      event_photos_config: { selfie_config: { indexed_faces: string } };
    }>('GET', `/events/${eventId}`);
    assert.equal(event.event_photos_config.selfie_config.indexed_faces, 'runners');
    await shot(page, 'phone-runners');
    await page.context().close();
  });
});
