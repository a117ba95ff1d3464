// Private and password galleries (docs/private-galleries.md) in Chromium, against the real API:
// a password gallery set from the CLI (the password on standard input) asks for it at every
// route of the event, in the organiser's branding; a wrong password is refused with a message;
// the right one opens the gallery and its photos, on this device only; a photo URL copied without
// the grant is refused, from a fresh browser as from the API. An unlisted gallery, set from the
// console, is on no list nor the sitemap, and opens by its link.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { axeViolations, launchBrowser, VIEWPORTS } from '../support/browser.js';
import { admin, cli, screenshotter } from '../support/operator.js';
import { apiUrl, serverHtml, siteUrl } from '../support/stack.js';

const HOST = 'localhost';
const ORGANISER = 'City Marathon Photos';
const token = process.env.E2E_ADMIN_TOKEN ?? '';
const dataDir = process.env.E2E_DATA_DIR ?? '';
const PASSWORD = 'lighthouse 2030';
const EDITOR = `access-${Date.now()}@city.example`;
const EDITOR_PASSWORD = 'a good long password';
const stamp = Date.now().toString(36);

interface Made {
  id: number;
  slug: string;
  name: string;
}

let browser: Browser;
let locked: Made;
let unlisted: Made;
/** The unlisted gallery's slug with the key of its link, as the console shows it. */
let linkSlug = '';
const shot = screenshotter('private-gallery-');

/** A published event of the organiser with `photos` photos, their ingest done. */
async function eventWithPhotos(name: string, photos: number): Promise<Made> {
  // Dated after every demo event: if it were listed, it would be first on the list.
  const event = await admin<{ id: number; slug: string; name: string }>('POST', '/events', {
    name,
    event_date: '2031-06-01',
    city: 'Porto',
    published: true,
    event_photos_config: {
      feature_flag: { show_all_images: true, bib_search: true, bulk_download: true },
    },
  });
  const form = new FormData();
  for (let i = 0; i < photos; i++) {
    const bytes = await sharp({
      create: {
        width: 900,
        height: 600,
        channels: 3,
        background: { r: 40 + i * 60, g: 90, b: 160 - i * 30 },
      },
    })
      .jpeg()
      .toBuffer();
    form.append(
      'file',
      new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }),
      `${name}-${i}.jpg`,
    );
  }
  const res = await fetch(`${apiUrl}/api/v1/admin/events/${event.id}/photos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  assert.equal(res.status, 202, 'the photos are accepted');
  const deadline = Date.now() + 120_000;
  for (;;) {
    const jobs = await admin<{ counts: { queued: number; running: number; failed: number } }>(
      'GET',
      `/events/${event.id}/jobs`,
    );
    assert.equal(jobs.counts.failed, 0, 'no job failed');
    if (jobs.counts.queued === 0 && jobs.counts.running === 0) break;
    assert.ok(Date.now() < deadline, `the ingest finished in time: ${JSON.stringify(jobs.counts)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { id: event.id, slug: event.slug, name: event.name };
}

async function fresh(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...VIEWPORTS.desktop, reducedMotion: 'reduce' });
  return { context, page: await context.newPage() };
}

/** The photos a page shows: each <img> of the gallery grid, once loaded. */
async function loadedPhotoSources(page: Page): Promise<string[]> {
  const tiles = page.locator('main img[src*="/events/photos/"]');
  await tiles.first().waitFor();
  await page.waitForFunction(() => {
    const imgs = Array.from(
      document.querySelectorAll<HTMLImageElement>('main img[src*="/events/photos/"]'),
    );
    return imgs.length > 0 && imgs.every((img) => img.complete);
  });
  return tiles.evaluateAll((imgs) =>
    (imgs as HTMLImageElement[]).map((img) => `${img.currentSrc || img.src}|${img.naturalWidth}`),
  );
}

before(async () => {
  assert.ok(token && dataDir, 'E2E_ADMIN_TOKEN and E2E_DATA_DIR are set by e2e/run.ts');
  browser = await launchBrowser();
  [locked, unlisted] = await Promise.all([
    eventWithPhotos(`Lantern Night Run ${stamp}`, 3),
    eventWithPhotos(`Quiet Dawn Run ${stamp}`, 1),
  ]);
  // The password gallery from the CLI, its password on standard input (the API holds the
  // embedded database: the CLI reads the password and hands the command to it).
  const set = cli(['event', 'access', String(locked.id), 'password'], `${PASSWORD}\n`);
  assert.equal(set.code, 0, set.err);
  assert.match(set.out, new RegExp(`Event ${locked.id} is password-protected`));
  assert.ok(!set.out.includes(PASSWORD), 'the password is not printed');
  const user = cli(['user', 'create', HOST, EDITOR, '--role', 'editor'], `${EDITOR_PASSWORD}\n`);
  assert.equal(user.code, 0, user.err);
});

after(async () => {
  await browser?.close();
  if (dataDir) cli(['user', 'remove', HOST, EDITOR]);
});

describe('an unlisted gallery, set from the console', () => {
  test('is set by an editor in the event’s settings', async () => {
    const { context, page } = await fresh();
    await page.goto(siteUrl(HOST, '/console'));
    await page.getByLabel('Email').fill(EDITOR);
    await page.getByLabel('Password').fill(EDITOR_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Events' }).waitFor();
    await page.goto(siteUrl(HOST, `/console/events/${unlisted.id}`));
    const access = page.getByRole('region', { name: 'Access' });
    await access.getByLabel('Unlisted').check();
    await access.getByRole('button', { name: 'Save access' }).click();
    await page.getByText('The gallery is unlisted').waitFor();
    assert.ok(
      await page.getByRole('region', { name: 'Access' }).getByLabel('Unlisted').isChecked(),
    );
    // Password without a password is refused beside the field.
    const section = () => page.getByRole('region', { name: 'Access' });
    await section().getByLabel('Password', { exact: true }).check();
    await section().getByRole('button', { name: 'Save access' }).click();
    await page
      .getByText('Enter a password of at least 6 characters for a password gallery.')
      .waitFor();
    assert.deepEqual(await axeViolations(page), []);
    // With one, the console sets a password gallery too: that password opens it.
    await section().getByLabel('Password', { exact: true }).check();
    await section().getByLabel('Gallery password').fill('console pass 1');
    await section().getByRole('button', { name: 'Save access' }).click();
    await page.getByText('The gallery is password-protected').waitFor();
    assert.match(await section().innerText(), /A password is set/);
    const grant = await fetch(
      `${apiUrl}/api/v1/client/events/${unlisted.id}/access?app_domain=${HOST}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password: 'console pass 1' }),
      },
    );
    assert.equal(grant.status, 200, 'the password set in the console opens the gallery');
    // Back to unlisted: the password is forgotten.
    await section().getByLabel('Unlisted').check();
    await section().getByRole('button', { name: 'Save access' }).click();
    await page.getByText('The gallery is unlisted').waitFor();
    // Published means open to its link now, and the link to share, with its key, is shown.
    await page.getByText('This event is published: anyone with its link can see it.').waitFor();
    const shown = section().getByRole('link', { name: /\/events\// });
    const href = (await shown.getAttribute('href')) ?? '';
    const match = new RegExp(`/events/([^/]+-[A-Z][A-Za-z0-9]{15}-${unlisted.id})/photos$`).exec(href);
    assert.ok(match, `the link carries the key: ${href}`);
    linkSlug = match[1]!;
    await shot(page, 'unlisted-link-console');
    await context.close();
    const api = await admin<{ access: string; has_password: boolean; slug: string }>(
      'GET',
      `/events/${unlisted.id}/access`,
    );
    assert.deepEqual(api, {
      event_id: unlisted.id,
      access: 'unlisted',
      has_password: false,
      slug: linkSlug,
    });
  });

  test('is on no list and not in the sitemap, is not found by its id, but opens by its link', async () => {
    for (const path of ['/', '/events', '/promo', '/sitemap.xml']) {
      const { status, html } = await serverHtml(HOST, path);
      assert.equal(status, 200, path);
      for (const event of [unlisted, locked]) {
        assert.ok(!html.includes(event.name), `${path} does not name ${event.name}`);
        assert.ok(!html.includes(`/events/${event.slug}`), `${path} does not link ${event.slug}`);
      }
      assert.ok(!html.includes(linkSlug), `${path} does not give away the unlisted link`);
    }
    // Counting through ids finds nothing: the gallery without its key is a 404, as is the API.
    for (const slug of [unlisted.slug, String(unlisted.id)]) {
      const guessed = await serverHtml(HOST, `/events/${slug}/photos`);
      assert.equal(guessed.status, 404, slug);
      assert.ok(!guessed.html.includes(unlisted.name), `${slug} does not name the event`);
    }
    const byId = await fetch(`${apiUrl}/api/v1/client/events/${unlisted.id}/config`);
    assert.equal(byId.status, 404);
    const page = await serverHtml(HOST, `/events/${linkSlug}/photos`);
    assert.equal(page.status, 200);
    assert.match(page.html, /<meta name="robots" content="noindex, nofollow"/);
    const { context, page: tab } = await fresh();
    await tab.goto(siteUrl(HOST, `/events/${linkSlug}/photos`));
    await tab.getByRole('heading', { name: unlisted.name }).waitFor();
    const sources = await loadedPhotoSources(tab);
    assert.equal(sources.length, 1);
    assert.ok(Number(sources[0]!.split('|')[1]) > 0, 'its photo is drawn');
    // Its photo URLs are signed for the link's visitors: without the grant, not found.
    const src = new URL(sources[0]!.split('|')[0]!);
    assert.ok(src.searchParams.get('grant'), 'the photo URL carries the grant the link gave');
    src.searchParams.delete('grant');
    assert.equal((await fetch(src)).status, 404, 'a photo URL stripped of its grant');
    // The grant cookie is the event's, httpOnly, kept to its pages.
    const [cookie] = (await context.cookies()).filter((c) => c.name === `event_access_${unlisted.id}`);
    assert.ok(cookie, 'the link left a grant cookie');
    assert.equal(cookie.path, `/events/${linkSlug}`);
    assert.equal(cookie.httpOnly, true);
    await context.close();
  });
});

describe('a password gallery, set from the CLI', () => {
  test('shows its password page at every route of the event, naming nothing of it', async () => {
    for (const path of [
      `/events/${locked.slug}/photos`,
      `/events/${locked.slug}/photos?bib=101`,
      `/events/${locked.slug}/photos?photo=00000000-0000-4000-8000-000000000001`,
      `/events/${locked.slug}/promo`,
      `/events/${locked.slug}/runners/101`,
      `/events/${locked.slug}/hide-me`,
    ]) {
      const { status, html } = await serverHtml(HOST, path);
      assert.equal(status, 200, path);
      assert.ok(html.includes('This gallery is protected'), `${path} asks for the password`);
      assert.ok(!html.includes(locked.name), `${path} does not name the event`);
      assert.ok(!html.includes('/events/photos/'), `${path} has no photo URL`);
      assert.match(html, /<meta name="robots" content="noindex, nofollow"/, path);
      assert.ok(html.includes(ORGANISER), `${path} is in the organiser's branding`);
    }
    const og = await fetch(siteUrl(HOST, `/events/${locked.slug}/runners/101/og-image`));
    assert.equal(og.status, 401, 'its link preview image is refused');
    // The API refuses the same to anyone without the grant.
    for (const path of [`/config`, `/photos`, `/photos?bib=101`]) {
      const res = await fetch(`${apiUrl}/api/v1/client/events/${locked.id}${path}`);
      assert.equal(res.status, 401, path);
    }
  });

  test('refuses a wrong password with a message, and opens with the right one', async () => {
    const { context, page } = await fresh();
    await page.goto(siteUrl(HOST, `/events/${locked.slug}/photos`));
    await page.getByRole('heading', { name: 'This gallery is protected' }).waitFor();
    // The organiser's header is there: its brand, not the event's.
    await page.locator('header').getByRole('img', { name: ORGANISER }).first().waitFor();
    assert.deepEqual(await axeViolations(page), []);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Open the gallery' }).click();
    await page.getByRole('alert').filter({ hasText: 'That password is not right' }).waitFor();
    assert.equal(await page.getByLabel('Password').getAttribute('aria-invalid'), 'true');
    assert.deepEqual(await axeViolations(page), []);

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Open the gallery' }).click();
    await page.getByRole('heading', { name: locked.name }).waitFor();
    assert.equal(
      new URL(page.url()).pathname,
      `/events/${locked.slug}/photos`,
      'back on the gallery',
    );
    const sources = await loadedPhotoSources(page);
    assert.equal(sources.length, 3, 'its three photos are shown');
    for (const source of sources) {
      const [url, width] = source.split('|') as [string, string];
      assert.ok(new URL(url).searchParams.get('grant'), 'each photo URL is signed');
      assert.ok(Number(width) > 0, 'each photo is drawn');
    }
    // The grant is kept in an httpOnly cookie of this event's pages only.
    const cookies = await context.cookies(siteUrl(HOST, `/events/${locked.slug}/photos`));
    const cookie = cookies.find((c) => c.name === `event_access_${locked.id}`);
    assert.ok(cookie, 'the grant cookie is set');
    assert.equal(cookie.httpOnly, true);
    assert.equal(cookie.path, `/events/${locked.slug}`);
    assert.equal(cookie.sameSite, 'Lax');
    assert.ok(cookie.expires > Date.now() / 1000 + 6 * 24 * 3600, 'it is remembered for days');
    assert.equal(
      (await context.cookies(siteUrl(HOST, '/events'))).some((c) => c.name === cookie.name),
      false,
    );

    // Every route of the event opens on this device now.
    await page.goto(siteUrl(HOST, `/events/${locked.slug}/promo`));
    // The page's title (the promo editor names the event again in its own bar once it loads).
    await page.getByRole('heading', { level: 1, name: locked.name }).waitFor();
    assert.equal(await page.getByText('This gallery is protected').count(), 0);
    await context.close();
  });

  test('a photo URL copied from it is refused without the grant, and works signed', async () => {
    const { context, page } = await fresh();
    await page.goto(siteUrl(HOST, `/events/${locked.slug}/photos`));
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Open the gallery' }).click();
    await page.getByRole('heading', { name: locked.name }).waitFor();
    const [first] = await loadedPhotoSources(page);
    const signed = first!.split('|')[0]!;
    const bare = new URL(signed);
    bare.searchParams.delete('grant');
    await context.close();

    // Another device: a fresh browser with no cookie, opening the copied URLs.
    const other = await fresh();
    const refused = await other.page.goto(bare.toString());
    assert.equal(refused?.status(), 401, 'the bare photo URL is refused');
    assert.match(await other.page.locator('body').innerText(), /This gallery is protected/);
    const original = await other.context.request.get(`${bare.origin}${bare.pathname}?download=1`);
    assert.equal(original.status(), 401, 'its original too');
    const opened = await other.context.request.get(signed);
    assert.equal(opened.status(), 200, 'the signed URL works until it expires');
    assert.match(opened.headers()['content-type'] ?? '', /^image\//);
    assert.equal(opened.headers()['cache-control'], 'private, max-age=600');
    // The gallery itself still asks this browser for the password.
    await other.page.goto(siteUrl(HOST, `/events/${locked.slug}/photos`));
    await other.page.getByRole('heading', { name: 'This gallery is protected' }).waitFor();
    await other.context.close();
  });
});
