// Bibs by hand and the Messages inbox of the console, in Chromium against the real API and site.
// An editor made with the CLI tags a bib on a photo of an event of its own with the keyboard
// only; a visitor then finds that photo by that bib on the public gallery at once. The same on a
// phone with the buttons, and without JavaScript (a plain form). A visitor writes through the
// public contact form; the editor reads it in the inbox, marks it read and archives it.
// Screenshots go to E2E_SCREENSHOTS_DIR (docs/screenshots) when it is set.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { axeViolations, launchBrowser, VIEWPORTS } from '../support/browser.js';
import { apiData, apiUrl, siteUrl } from '../support/stack.js';
import { admin, cli, screenshotter } from '../support/operator.js';
import { publishOnSite } from '../support/site-cache.js';

const HOST = 'localhost';
const STAMP = Date.now().toString(36);
const EMAIL = `bibs-${STAMP}@localhost.example`;
const PASSWORD = 'a good long password';
const token = process.env.E2E_ADMIN_TOKEN ?? '';
const dataDir = process.env.E2E_DATA_DIR ?? '';
/** Bibs of this run only (the event is new each run). */
const BIB = String(40000 + (Date.now() % 50000));
const PHONE_BIB = String(Number(BIB) + 1);
const FORM_BIB = String(Number(BIB) + 2);

let browser: Browser;
let event: { id: number; slug: string };
const photos: string[] = [];

async function uploadPhoto(name: string, hue: number): Promise<string> {
  const bytes = await sharp({
    create: { width: 1600, height: 1067, channels: 3, background: `hsl(${hue}, 55%, 45%)` },
  })
    .composite([
      {
        input: Buffer.from(
          `<svg width="1600" height="1067"><rect x="650" y="380" width="300" height="220" fill="white"/><text x="800" y="530" font-size="120" text-anchor="middle" font-family="sans-serif" fill="black">${name}</text></svg>`,
        ),
      },
    ])
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `${name}.jpg`);
  const res = await fetch(`${apiUrl}/api/v1/admin/events/${event.id}/photos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  assert.equal(res.status, 202, `${name} accepted`);
  return ((await res.json()) as { data: { accepted: { uuid: string }[] } }).data.accepted[0]!.uuid;
}

async function jobsDone() {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const jobs = await admin<{ counts: { queued: number; running: number; failed: number } }>(
      'GET',
      `/events/${event.id}/jobs`,
    );
    assert.equal(jobs.counts.failed, 0, 'no job failed');
    if (jobs.counts.queued === 0 && jobs.counts.running === 0) return;
    assert.ok(Date.now() < deadline, 'jobs finished in time');
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function bibFinds(bib: string): Promise<string[]> {
  const page = await apiData<{ photos: { uuid: string }[] }>(
    `/api/v1/client/events/${event.id}/photos?bib=${bib}`,
  );
  return page.photos.map((p) => p.uuid);
}

const shot = screenshotter('console-');

async function signedIn(
  viewport: (typeof VIEWPORTS)[keyof typeof VIEWPORTS],
  javaScriptEnabled = true,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...viewport, javaScriptEnabled });
  const page = await context.newPage();
  await page.goto(siteUrl(HOST, '/console'), { waitUntil: 'load' });
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText(`Signed in as ${EMAIL} (editor)`).waitFor();
  return { context, page };
}

const bibsPath = () => `/console/events/${event.id}/bibs`;

before(async () => {
  assert.ok(token && dataDir, 'e2e/run.ts passes an admin token and the data folder');
  const created = cli(['user', 'create', HOST, EMAIL, '--role', 'editor'], `${PASSWORD}\n`);
  assert.equal(created.code, 0, created.err);
  const made = await admin<{ id: number; slug: string }>('POST', '/events', {
    name: `Bibs By Hand ${STAMP}`,
    event_date: '2016-06-12',
    published: true,
    event_photos_config: { feature_flag: { bib_search: true, show_all_images: true } },
  });
  event = { id: made.id, slug: made.slug };
  // Uploaded one by one: gallery order is upload order (no capture times).
  for (const [i, name] of ['ONE', 'TWO', 'THREE', 'FOUR'].entries())
    photos.push(await uploadPhoto(name, i * 80));
  await jobsDone();
  // Published through the console, as an organiser would: the site shows the new event at once.
  await publishOnSite(HOST, event.id);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  if (dataDir) cli(['user', 'remove', HOST, EMAIL]);
});

describe('bibs by hand', () => {
  test('an editor tags a bib with the keyboard only; a visitor finds the photo by it at once', async () => {
    const { context, page } = await signedIn(VIEWPORTS.desktop);
    await page.goto(siteUrl(HOST, bibsPath()), { waitUntil: 'load' });
    await page.getByRole('heading', { name: 'Bibs by hand' }).waitFor();
    await page.getByText('Photo 1 of 4 · 4 left to review').waitFor();
    // Running (the keyboard flow's Back button shows once the page's script runs).
    await page.getByRole('button', { name: 'Back' }).waitFor();
    const input = page.getByLabel('Bibs on this photo', { exact: true }).and(page.locator('input'));
    assert.equal(await input.evaluate((el) => el === document.activeElement), true, 'focused');
    const first = page.getByRole('img', { name: 'Photo 1 to tag' });
    assert.match((await first.getAttribute('src')) ?? '', new RegExp(`${photos[0]}\\?w=1280`));
    // A wrong bib typed, then removed with Backspace; the right one, then Enter.
    await page.keyboard.type('999 ');
    await page.getByRole('button', { name: 'Remove bib 999' }).waitFor();
    await page.keyboard.press('Backspace');
    assert.equal(await page.getByRole('button', { name: 'Remove bib 999' }).count(), 0);
    await page.keyboard.type('12/3');
    await page.keyboard.press('Enter');
    await page.getByText('Not a bib: 12/3.').waitFor();
    assert.equal(await input.inputValue(), '12/3', 'what was typed is kept');
    await page.keyboard.press('Control+A');
    await page.keyboard.type(BIB);
    await page.keyboard.press('Enter');
    await page.getByText(`Saved: ${BIB}.`).waitFor();
    await page.getByText('Photo 2 of 4 · 3 left to review').waitFor();
    assert.equal(await input.evaluate((el) => el === document.activeElement), true);
    // Page Down skips, Page Up goes back.
    await page.keyboard.press('PageDown');
    await page.getByText('Photo 3 of 4').waitFor();
    await page.keyboard.press('PageUp');
    await page.getByText('Photo 2 of 4').waitFor();
    await page.keyboard.press('PageUp');
    await page.getByText(`Saved: ${BIB}`, { exact: true }).waitFor();
    await page.keyboard.press('PageDown');
    await page.keyboard.type('77,78 ');
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, 'bibs-desktop');

    // The visitor's search finds it at once: the API, then the public gallery's bib search.
    assert.deepEqual(await bibFinds(BIB), [photos[0]]);
    const visitor = await browser.newContext({ ...VIEWPORTS.desktop });
    const gallery = await visitor.newPage();
    const url = siteUrl(HOST, `/events/${event.slug}/photos`);
    const shown = await gallery.goto(url, { waitUntil: 'load' });
    assert.equal(shown?.status(), 200, 'the site shows the event published through its console');
    await gallery.getByRole('searchbox', { name: 'Bib number' }).fill(BIB);
    await gallery.getByRole('button', { name: 'Find photos' }).click();
    await gallery.waitForURL((u) => u.searchParams.get('bib') === BIB);
    await gallery.getByText(`1 photo of bib ${BIB}`).waitFor();
    await visitor.close();
    await context.close();
  });

  test('on a phone, with the buttons', async () => {
    const { context, page } = await signedIn(VIEWPORTS.phone);
    await page.goto(siteUrl(HOST, bibsPath()), { waitUntil: 'load' });
    await page.getByText('Photo 1 of 3 · 3 left to review').waitFor();
    await page.getByRole('button', { name: 'Back' }).waitFor();
    await page.getByRole('button', { name: 'Skip' }).tap();
    await page.getByText('Photo 2 of 3').waitFor();
    const input = page.getByLabel('Bibs on this photo', { exact: true }).and(page.locator('input'));
    await input.tap();
    await input.fill(`${PHONE_BIB} z9`);
    await page.getByRole('button', { name: 'Save and next' }).tap();
    await page.getByText(`Saved: ${PHONE_BIB}, Z9.`).waitFor();
    await page.getByRole('button', { name: 'Back' }).tap();
    await page.getByRole('button', { name: `Remove bib ${PHONE_BIB}` }).waitFor();
    await page.getByRole('button', { name: 'Remove bib Z9' }).tap();
    await page.getByRole('button', { name: 'Save and next' }).tap();
    await page.getByText(`Saved: ${PHONE_BIB}.`).waitFor();
    assert.deepEqual(await bibFinds('Z9'), []);
    assert.deepEqual(await bibFinds(PHONE_BIB), [photos[2]]);
    await page.getByRole('button', { name: 'Back' }).tap();
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, 'bibs-phone');
    await context.close();
  });

  test('without JavaScript, a plain form per photo', async () => {
    const { context, page } = await signedIn(VIEWPORTS.desktop, false);
    await page.goto(siteUrl(HOST, bibsPath()), { waitUntil: 'load' });
    await page.getByText('Photo 1 of 2 · 2 left to review').waitFor();
    const input = page.getByLabel('Bibs on this photo', { exact: true });
    await input.fill('1/2');
    await page.getByRole('button', { name: 'Save and next' }).click();
    await page.getByText('Not saved: Not a bib: 1/2.').waitFor();
    assert.equal(await input.inputValue(), '1/2', 'what was typed comes back');
    await input.fill(FORM_BIB);
    await page.getByRole('button', { name: 'Save and next' }).click();
    await page.getByText(`Saved: ${FORM_BIB}.`).waitFor();
    assert.deepEqual(await bibFinds(FORM_BIB), [photos[1]]);
    await context.close();
  });
});

describe('messages', () => {
  const subject = `Lost photos ${STAMP}`;

  test('a message sent through the public contact form shows in the inbox; read, archived', async () => {
    const visitor = await browser.newContext({ ...VIEWPORTS.desktop });
    const contact = await visitor.newPage();
    await contact.goto(siteUrl(HOST, '/contact-us'), { waitUntil: 'load' });
    const form = contact.frameLocator('iframe[title="Contact form"]');
    await form.getByLabel('Name').fill('Ada <Lovelace>');
    await form.getByLabel('Email').fill('ada@example.com');
    await form.getByLabel('Subject (optional)').fill(subject);
    await form.getByLabel('Message').fill('Where are my photos?\nBib 4711, second lap.');
    await form.getByRole('button', { name: 'Send message' }).click();
    // No SMTP_URL in the browser tests: kept for the inbox, and the visitor is told just that.
    await form.getByText(/Your message is in the inbox of .*: they will read it there\./).waitFor();
    await visitor.close();

    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const { context, page } = await signedIn(viewport);
      await page.getByRole('link', { name: 'Messages' }).click();
      await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
      const message = page.getByRole('article', { name: new RegExp(subject) });
      await message.getByText('From: Ada <Lovelace> <').waitFor();
      await message.getByText('Bib 4711, second lap.').waitFor();
      await message.getByText('Not emailed (kept here only)').waitFor();
      assert.deepEqual(await axeViolations(page), []);
      await shot(page, `inbox-${name}`);
      await context.close();
    }

    const { context, page } = await signedIn(VIEWPORTS.desktop);
    await page.goto(siteUrl(HOST, '/console/inbox'), { waitUntil: 'load' });
    const message = page.getByRole('article', { name: new RegExp(subject) });
    await message.getByText('New', { exact: true }).waitFor();
    await message.getByRole('button', { name: 'Mark read' }).click();
    await page.getByText('Marked read.').waitFor();
    assert.equal(await message.getByText('New', { exact: true }).count(), 0);
    await message.getByRole('button', { name: 'Archive' }).click();
    await page.getByText('Archived.').waitFor();
    assert.equal(await page.getByRole('article', { name: new RegExp(subject) }).count(), 0);
    await page.getByRole('link', { name: 'Archived' }).click();
    await page.getByRole('article', { name: new RegExp(subject) }).waitFor();
    await context.close();
  });
});
