// A new organiser's first event, from the terminal's `user create` to a published event that
// visitors search, all in the browser (Chromium): sign in; a logo and a colour, seen on the
// public site; an event created, given a banner picture and published; 50 photos uploaded
// through a connection cut once and resumed; processing seen to finish; a results CSV imported;
// a bib tagged by hand, and that photo found by bib on the public gallery, with the runner's
// result. Each step only through the console's screens.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { axeViolations, launchBrowser, VIEWPORTS } from '../support/browser.js';
import { apiUrl, siteUrl } from '../support/stack.js';
import { cli, distinctJpeg, screenshotter } from '../support/operator.js';

const HOST = 'walk.localhost';
const NAME = 'Walkthrough Running Club';
const OWNER = `owner-${Date.now()}@walk.example`;
const PASSWORD = 'a brand new organiser';
const EVENT = `Seafront Half ${Date.now()}`;
const PHOTOS = 50;
const BIB = '4711';
const dataDir = process.env.E2E_DATA_DIR ?? '';
const screenshots = process.env.E2E_SCREENSHOTS_DIR;

let browser: Browser;
let folder: string;
let files: string[];
let logo: string;
let banner: string;
let results: string;

const shot = screenshotter('console-walkthrough-');

before(async () => {
  assert.ok(dataDir, 'E2E_DATA_DIR is set by e2e/run.ts');
  folder = mkdtempSync(path.join(tmpdir(), 'eventsite-walkthrough-'));
  // The provider sets up the organiser and its first user; everything after is the organiser's.
  const organiser = path.join(folder, 'organiser.json');
  writeFileSync(organiser, JSON.stringify({ name: NAME, domains: [HOST] }));
  const applied = cli(['organiser', 'apply', organiser]);
  assert.equal(applied.code, 0, applied.err);
  const created = cli(['user', 'create', HOST, OWNER, '--role', 'owner'], `${PASSWORD}\n`);
  assert.equal(created.code, 0, created.err);
  assert.match(created.out, new RegExp(`Created owner ${OWNER}`));
  files = [];
  for (let i = 0; i < PHOTOS; i++) {
    const file = path.join(folder, `DSC_${String(i + 1).padStart(4, '0')}.jpg`);
    writeFileSync(file, await distinctJpeg(i));
    files.push(file);
  }
  logo = path.join(folder, 'logo.png');
  await sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="160"><circle cx="80" cy="80" r="70" fill="#0B5394"/><text x="170" y="108" font-size="80" font-family="sans-serif" fill="#0B5394">WALK</text></svg>',
    ),
  )
    .png()
    .toFile(logo);
  banner = path.join(folder, 'banner.jpg');
  await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#0B5394' } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="1000"><text x="120" y="620" font-size="360" font-family="sans-serif" fill="#ffffff">SEAFRONT HALF</text></svg>',
        ),
      },
    ])
    .jpeg()
    .toFile(banner);
  results = path.join(folder, 'results.csv');
  writeFileSync(
    results,
    [
      'Bib,Name,Time,Category',
      `${BIB},Grace Hopper,1:32:10,F40`,
      '4712,Alan Turing,1:35:44,M40',
      '',
    ].join('\n'),
  );
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  if (dataDir) cli(['user', 'remove', HOST, OWNER]);
  rmSync(folder, { recursive: true, force: true });
});

describe('a new organiser, from user create to a published event', () => {
  test('brands the site, creates and publishes an event, uploads, imports results, tags a bib; a visitor finds the photo', async () => {
    const context = await browser.newContext({ ...VIEWPORTS.desktop });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // Sign in.
    await page.goto(siteUrl(HOST, '/console'));
    await page.getByLabel('Email').fill(OWNER);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Events' }).waitFor();
    assert.ok(!(await page.locator('main').innerText()).includes(EVENT), 'not made yet');
    await shot(page, '1-signed-in');

    // A logo and a colour, then the public site shows them.
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Branding' })
      .click();
    await page.getByLabel('Choose a new logo').setInputFiles(logo);
    await page.getByRole('button', { name: 'Upload logo' }).click();
    await page.getByRole('status').filter({ hasText: 'The new logo is saved' }).waitFor();
    await page.getByLabel('Theme colour (hex, such as #2E6F40)').fill('#0B5394');
    await page.getByRole('button', { name: 'Save branding' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Saved. Your public site shows the new branding now.' })
      .waitFor();
    await shot(page, '2-branding');
    const visitor = await browser.newContext({ ...VIEWPORTS.phone });
    const home = await visitor.newPage();
    await home.goto(siteUrl(HOST, '/'));
    assert.match(
      (await home.locator('header.site-header img').getAttribute('src')) ?? '',
      /\/assets\/logos\/\d+\/[a-f0-9]{16}\.webp$/,
    );
    assert.equal(await home.locator('header.site-header img').getAttribute('alt'), NAME);
    assert.equal(
      await home
        .locator('.site')
        .evaluate((el) => getComputedStyle(el).getPropertyValue('--theme').trim()),
      '#0B5394',
    );

    // An event, created and published.
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Events' })
      .click();
    await page.getByRole('link', { name: 'New event' }).click();
    await page.getByLabel('Name').fill(EVENT);
    await page.getByLabel('Date').fill('2026-10-04');
    await page.getByLabel(/City/).fill('Brighton');
    await page.getByRole('button', { name: 'Create event' }).click();
    await page.getByRole('heading', { name: `${EVENT}: settings` }).waitFor();
    const eventId = Number(/\/console\/events\/(\d+)/.exec(page.url())?.[1]);
    assert.ok(eventId > 0, page.url());
    // A banner picture for the event's pages.
    await page.getByLabel('Choose a banner picture').setInputFiles(banner);
    await page.getByRole('button', { name: 'Upload banner' }).click();
    await page.getByText('The banner is uploaded and shown above the gallery.').waitFor();
    const bannerSrc =
      (await page.getByRole('img', { name: 'The banner visitors see' }).getAttribute('src')) ?? '';
    assert.match(bannerSrc, new RegExp(`/assets/banners/${eventId}/[a-f0-9]{16}\\.webp$`));
    // Runners' results shown beside their photos, then published.
    await page.getByLabel('Race results', { exact: true }).check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    await page.getByRole('button', { name: 'Publish event' }).click();
    await page.getByRole('button', { name: 'Unpublish event' }).waitFor();
    await shot(page, '3-event-published');

    // 50 photos, the connection cut once on the way and the upload resumed.
    await page
      .getByRole('navigation', { name: /screens/ })
      .getByRole('link', { name: 'Photos' })
      .click();
    await page.getByRole('heading', { name: 'Upload photos' }).waitFor();
    let patches = 0;
    let cut = false;
    let headsAfterCut = 0;
    await page.route('**/console/uploads/**', async (route) => {
      const method = route.request().method();
      if (cut && method === 'HEAD') headsAfterCut += 1;
      if (method === 'PATCH' && !cut && ++patches === 20) {
        cut = true;
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });
    await page.getByTestId('pick-files').setInputFiles(files);
    await page.waitForFunction(
      (n) =>
        document
          .querySelector('[data-testid="upload-counts"]')
          ?.textContent?.startsWith(`${n} uploaded`),
      PHOTOS,
      { timeout: 240_000 },
    );
    assert.equal(cut, true, 'the connection was cut once');
    assert.ok(headsAfterCut >= 1, 'the upload asked where to go on from');
    await page.unroute('**/console/uploads/**');

    // Processing finishes: every photo ready, none still being read, none failed.
    await page.waitForFunction(
      (n) => {
        const v: Record<string, number> = {};
        document.querySelectorAll('[data-testid="photo-counts"] dd').forEach((dd) => {
          v[dd.getAttribute('data-state') ?? ''] = Number(dd.textContent?.replace(/\D/g, ''));
        });
        return v.reading === 0 && v.ready === n;
      },
      PHOTOS,
      { timeout: 300_000, polling: 1000 },
    );
    assert.equal(
      await page.locator('[data-testid="photo-counts"] dd[data-state="failed"]').innerText(),
      '0',
    );
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, '4-uploaded');

    // Results: the CSV's columns are understood as they are, then imported.
    await page
      .getByRole('navigation', { name: /screens/ })
      .getByRole('link', { name: 'Results' })
      .click();
    await page.getByLabel('Results file (CSV)').setInputFiles(results);
    await page.getByRole('button', { name: 'Upload and preview' }).click();
    await page.getByRole('heading', { name: 'If you import now' }).waitFor();
    await page.getByRole('button', { name: 'Import these results' }).click();
    await page.getByRole('heading', { name: 'Results imported' }).waitFor();
    assert.match(await page.locator('main').innerText(), /2 new/);
    await shot(page, '5-results');

    // A bib by hand on the first photo to review.
    await page
      .getByRole('navigation', { name: /screens/ })
      .getByRole('link', { name: 'Bibs by hand' })
      .click();
    await page.getByRole('button', { name: 'Back' }).waitFor();
    const first = page.getByRole('img', { name: 'Photo 1 to tag' });
    const tagged = /events\/photos\/([0-9a-f-]{36})/.exec(
      (await first.getAttribute('src')) ?? '',
    )?.[1];
    assert.ok(tagged, 'the photo to tag');
    await page
      .getByLabel('Bibs on this photo', { exact: true })
      .and(page.locator('input'))
      .fill(BIB);
    await page.keyboard.press('Enter');
    await page.getByText(`Saved: ${BIB}.`).waitFor();
    await shot(page, '6-bib-tagged');

    // The visitor's search on the public gallery finds that photo, and the runner's result.
    const gallery = await visitor.newPage();
    const listing = (await (
      await fetch(
        `${apiUrl}/api/v1/client/events/organiser/all-events?app_domain=${HOST}&page=1&page_size=12`,
      )
    ).json()) as { data: { events: Array<{ event_id: number; event_slug: string }> } };
    const slug = listing.data.events.find((e) => e.event_id === eventId)?.event_slug;
    assert.ok(slug, 'the published event is on the public list');
    // The public events page of this host lists it at once (publishing expired the site's cache).
    await gallery.goto(siteUrl(HOST, '/events/'));
    await gallery.getByText(EVENT).first().waitFor();
    await gallery.goto(siteUrl(HOST, `/events/${slug}/photos`));
    // The banner above the gallery is the one uploaded.
    assert.equal(
      new URL((await gallery.locator('img.event-banner').getAttribute('src')) ?? '').pathname,
      new URL(bannerSrc).pathname,
    );
    assert.ok(
      await gallery
        .locator('img.event-banner')
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 2400),
      'the banner loads, fitted to 2400 px wide',
    );
    await gallery.getByRole('searchbox', { name: 'Bib number' }).fill(BIB);
    await gallery.getByRole('button', { name: 'Find photos' }).click();
    await gallery.waitForURL((u) => u.searchParams.get('bib') === BIB);
    await gallery.getByText(`1 photo of bib ${BIB}`).waitFor();
    const found = await gallery.locator('.jgrid-tile img').first().getAttribute('src');
    assert.ok(found?.includes(tagged), `the tagged photo is the one found: ${found}`);
    // The runner's result beside the photo (the results imported above).
    await gallery.getByText('Grace Hopper').first().waitFor();
    assert.match(await gallery.locator('main').innerText(), /1:32:10/);
    await shot(page, '7-found');
    if (screenshots)
      await gallery.screenshot({
        path: path.join(screenshots, 'console-walkthrough-7-visitor-finds.png'),
        fullPage: true,
      });
    assert.deepEqual(errors, []);
    await visitor.close();
    await context.close();
  });
});
