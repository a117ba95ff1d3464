// The console's event settings and results import in Chromium, as an editor made with the CLI:
// a new event (a refused form keeps what was typed), its features set (a bad link refused under
// its field), published and at once on the public events list (the site's cache of the list is
// expired by the change), a results CSV with a bad row (its error shown), a column chosen by
// hand, a re-import that updates rather than duplicates, unpublished, and deleted after the
// confirmation naming its photos. axe on each screen; screenshots at laptop and phone sizes.
import type { AdminEvent } from '@eventsite/contract';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations, launchBrowser } from '../support/browser.js';
import { repoRoot } from '../support/processes.js';
import { apiUrl, serverHtml, sitePort, siteUrl } from '../support/stack.js';
import { cli } from '../support/operator.js';

const HOST = 'trail.localhost';
const EMAIL = `events-console-${Date.now()}@trail.example`;
const PASSWORD = 'a good long password';
const EVENT = `Harbour Night Run ${Date.now().toString(36)}`;
const dataDir = process.env.E2E_DATA_DIR ?? '';
const screenshots = process.env.E2E_SCREENSHOTS_DIR ?? path.join(repoRoot, 'docs/screenshots');

const SIZES = {
  laptop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
  phone: {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  },
} as const;

async function shot(page: Page, size: keyof typeof SIZES, name: string) {
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({
    path: path.join(screenshots, `console-events-${size}-${name}.png`),
    fullPage: true,
  });
}

async function accessible(page: Page) {
  assert.deepEqual(await axeViolations(page), []);
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  assert.ok(fits, `no sideways scrolling on ${page.url()}`);
}

let browser: Browser;

before(async () => {
  assert.ok(dataDir, 'E2E_DATA_DIR is set by e2e/run.ts');
  const created = cli(['user', 'create', HOST, EMAIL, '--role', 'editor'], `${PASSWORD}\n`);
  assert.equal(created.code, 0, created.err);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  if (dataDir) cli(['user', 'remove', HOST, EMAIL]);
});

async function signedIn(
  size: keyof typeof SIZES,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...SIZES[size] });
  const page = await context.newPage();
  await page.goto(siteUrl(HOST, '/console'));
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Events' }).waitFor();
  return { context, page };
}

/** The public events list, as a visitor sees it, right now. */
async function publicEventsText(): Promise<string> {
  const { status, html } = await serverHtml(HOST, '/events');
  assert.equal(status, 200);
  return html;
}

/** A semicolon CSV with a BOM, its bib column headed "Plate" (not a heading we know). */
function resultsCsv(anaTime: string): Buffer {
  const text = [
    'Plate;Name;Time;Cat',
    `101;Ana Silva;${anaTime};F35`,
    '102;Ben Okafor;0:43:00;M40',
    'abc!;Bad Bib Row;0:50:00;M40',
    '103;Chen Wei;0:47:30;M50',
  ].join('\r\n');
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
}

async function uploadResults(page: Page, name: string, bytes: Buffer, mime = 'text/csv') {
  await page
    .getByLabel('Results file (CSV)')
    .setInputFiles({ name, mimeType: mime, buffer: bytes });
  await page.getByRole('button', { name: 'Upload and preview' }).click();
  await page.waitForLoadState('load');
}

async function importWithPlateAsBib(page: Page, size: keyof typeof SIZES | null) {
  await page.getByRole('heading', { name: /Preview: results\.csv/ }).waitFor();
  // "Plate" is not a heading we know: no bib column, until it is chosen.
  assert.match(await page.locator('.console-error').innerText(), /no bib column found/);
  await page.getByLabel('Bib number').selectOption('Plate');
  await page.getByRole('button', { name: 'Update the preview' }).click();
  await page.getByRole('heading', { name: 'If you import now' }).waitFor();
  const problems = page.locator('table.events-problems');
  assert.match(await problems.innerText(), /4\s+bib "abc!" is not a bib number.*\s+Refused/);
  if (size) {
    await accessible(page);
    await shot(page, size, 'results-preview');
  }
  await page.getByRole('button', { name: 'Import these results' }).click();
  await page.getByRole('heading', { name: 'Results imported' }).waitFor();
}

describe('event settings and results in the console', () => {
  test('an editor creates an event, sets it up, publishes it, imports results twice, unpublishes and deletes it', async () => {
    const { context, page } = await signedIn('laptop');
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource'))
        errors.push(m.text());
    });

    // A new event: the refused form keeps what was typed.
    await page.getByRole('link', { name: 'New event' }).click();
    await page.getByRole('heading', { name: 'New event' }).waitFor();
    await accessible(page);
    await page.getByLabel('Name').fill(EVENT);
    await page.getByLabel(/City/).fill('Porto <b>bold</b>');
    await page.getByRole('button', { name: 'Create event' }).click();
    await page.waitForLoadState('load');
    assert.match(await page.locator('.console-error').innerText(), /Enter the date of the event/);
    assert.equal(await page.getByLabel('Name').inputValue(), EVENT);
    assert.equal(await page.getByLabel(/City/).inputValue(), 'Porto <b>bold</b>');
    assert.equal(await page.getByLabel('Date').getAttribute('aria-invalid'), 'true');
    await accessible(page);
    await shot(page, 'laptop', 'new-refused');
    await page.getByLabel('Date').fill('2026-09-12');
    await page.getByLabel(/City/).fill('Porto');
    await page.getByRole('button', { name: 'Create event' }).click();
    await page.getByRole('heading', { name: `${EVENT}: settings` }).waitFor();
    assert.match(await page.getByRole('status').innerText(), /Event created/);
    const eventId = Number(/\/console\/events\/(\d+)/.exec(page.url())?.[1]);
    assert.ok(eventId > 0, page.url());
    assert.match(
      await page.locator('.events-url').innerText(),
      /Not public yet.*\/events\/harbour-night-run-[a-z0-9]+-\d+\/photos/,
    );
    await accessible(page);

    // Features: a bad link is refused under its field, everything typed kept.
    await page.getByLabel('Name search', { exact: true }).check();
    await page.getByLabel('Race results', { exact: true }).check();
    await page.getByLabel('Call-to-action button', { exact: true }).check();
    await page.getByLabel('Button text').fill('Register for 2027');
    await page.getByLabel('Button link').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.waitForLoadState('load');
    assert.match(await page.locator('#cta_url-error').innerText(), /https:\/\//);
    assert.equal(await page.getByLabel('Button link').inputValue(), 'javascript:alert(1)');
    assert.equal(await page.getByLabel('Button text').inputValue(), 'Register for 2027');
    assert.equal(await page.getByLabel('Name search', { exact: true }).isChecked(), true);
    await accessible(page);
    await shot(page, 'laptop', 'settings-refused');
    await page.getByLabel('Button link').fill('https://example.com/register');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    const stored = await adminEvent(context, eventId);
    assert.equal(stored.event_photos_config.feature_flag.name_search, true);
    assert.equal(stored.event_photos_config.feature_flag.show_timing_data, true);
    assert.equal(stored.event_photos_config.cta_config.url, 'https://example.com/register');

    // The bib format: a range with one end is refused under the missing end; whole, it is stored.
    await page.getByLabel('Lowest bib number').fill('1000');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.waitForLoadState('load');
    assert.match(await page.locator('#bib_to-error').innerText(), /highest bib number/);
    assert.equal(await page.getByLabel('Lowest bib number').inputValue(), '1000');
    await accessible(page);
    await page.getByLabel('Highest bib number').fill('4999');
    await page.getByLabel('Letters printed with the number').selectOption('prefix');
    await page.getByLabel(/Words and numbers on every bib/).fill('2026, 10K');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    await page.locator('fieldset.events-subsection').scrollIntoViewIfNeeded();
    await shot(page, 'laptop', 'settings-bib-format');
    assert.deepEqual((await adminEvent(context, eventId)).event_photos_config.bib_config.format, {
      range: { from: 1000, to: 4999 },
      letters: 'prefix',
      ignore: ['2026', '10K'],
    });

    // Published: on the public list at once (the change expired the site's cached list).
    assert.ok(!(await publicEventsText()).includes(EVENT), 'not listed before publishing');
    await page.getByRole('button', { name: 'Publish event' }).click();
    await page.getByText('Published. It is on your public events list now.').waitFor();
    await shot(page, 'laptop', 'settings');
    assert.ok((await publicEventsText()).includes(EVENT), 'listed at once after publishing');

    // Results: a binary file is refused with a clear error; a CSV with a bad row shows its error.
    await page.getByRole('link', { name: 'Results' }).click();
    await page.getByRole('heading', { name: `${EVENT}: results` }).waitFor();
    await accessible(page);
    await uploadResults(
      page,
      'photo.png',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13]),
      'image/png',
    );
    assert.match(await page.locator('.console-error').innerText(), /not a text file/);
    await uploadResults(page, 'huge.csv', Buffer.alloc(12 * 1024 * 1024, 0x41));
    assert.match(await page.locator('.console-error').innerText(), /up to 9 MB/);
    await uploadResults(page, 'results.csv', resultsCsv('0:41:10'));
    await importWithPlateAsBib(page, 'laptop');
    assert.match(
      await page.getByRole('status').innerText(),
      /3 imported: 3 new, 0 updated; 1 refused/,
    );
    assert.match(await page.locator('table.events-problems').innerText(), /4\s+bib "abc!"/);
    await accessible(page);
    await shot(page, 'laptop', 'results-report');
    const runner = async (bib: string) => {
      const res = await fetch(`${apiUrl}/api/v1/client/events/${eventId}/results/${bib}`);
      return { status: res.status, body: (await res.json()) as { data?: { gun_time?: string } } };
    };
    assert.equal((await runner('101')).body.data?.gun_time, '0:41:10');

    // Again with a changed time: updated, not duplicated.
    await uploadResults(page, 'results.csv', resultsCsv('0:40:05'));
    await importWithPlateAsBib(page, null);
    assert.match(
      await page.getByRole('status').innerText(),
      /3 imported: 0 new, 3 updated; 1 refused/,
    );
    assert.equal((await runner('101')).body.data?.gun_time, '0:40:05');
    const named = await fetch(
      `${apiUrl}/api/v1/client/events/${eventId}/runners?name=${encodeURIComponent('Ana Silva')}`,
    );
    if (named.ok) assert.equal(((await named.text()).match(/Ana Silva/g) ?? []).length, 1);

    // Unpublished: off the public list at once.
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Unpublish event' }).click();
    await page.getByText('Unpublished.').waitFor();
    assert.ok(!(await publicEventsText()).includes(EVENT), 'off the list at once');

    // Deleted, after a confirmation naming its photos.
    await page.getByRole('link', { name: 'Delete this event…' }).click();
    await page.getByRole('heading', { name: `Delete ${EVENT}?` }).waitFor();
    assert.match(await page.locator('main').innerText(), /its 0 photos/);
    await accessible(page);
    await shot(page, 'laptop', 'delete');
    await page.getByLabel(/I understand that 0 photos will be deleted/).check();
    await page.getByRole('button', { name: 'Delete the event and its 0 photos' }).click();
    await page.getByRole('heading', { name: 'Event deleted' }).waitFor();
    assert.match(await page.getByRole('status').innerText(), new RegExp(`${EVENT} was deleted`));
    const gone = await page.goto(siteUrl(HOST, `/console/events/${eventId}`));
    assert.equal(gone?.status(), 404);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('each screen on a phone: usable, axe-clean, no sideways scrolling', async () => {
    const { context, page } = await signedIn('phone');
    await page.goto(siteUrl(HOST, '/console/events/new'));
    await accessible(page);
    await shot(page, 'phone', 'new');
    await page.getByLabel('Name').fill(`${EVENT} phone`);
    await page.getByLabel('Date').fill('2026-10-01');
    await page.getByRole('button', { name: 'Create event' }).click();
    await page.getByRole('heading', { name: `${EVENT} phone: settings` }).waitFor();
    const eventId = Number(/\/console\/events\/(\d+)/.exec(page.url())?.[1]);
    await accessible(page);
    await shot(page, 'phone', 'settings');
    await page.goto(siteUrl(HOST, `/console/events/${eventId}/results`));
    await accessible(page);
    await uploadResults(page, 'results.csv', resultsCsv('0:41:10'));
    await importWithPlateAsBib(page, 'phone');
    await accessible(page);
    await shot(page, 'phone', 'results-report');
    await page.goto(siteUrl(HOST, `/console/events/${eventId}/delete`));
    await accessible(page);
    await shot(page, 'phone', 'delete');
    await page.getByLabel(/I understand/).check();
    await page.getByRole('button', { name: /Delete the event/ }).click();
    await page.getByRole('heading', { name: 'Event deleted' }).waitFor();
    await context.close();
  });
});

/** A form POST to the site as another page would send it. */
function postForm(pathname: string, headers: Record<string, string>, body: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: sitePort,
        path: pathname,
        method: 'POST',
        headers: {
          ...headers,
          host: `${HOST}:${sitePort}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

test('a change from another site, or without the CSRF token, is refused and changes nothing', async () => {
  const { context } = await signedIn('laptop');
  const cookies = await context.cookies();
  const csrf = cookies.find((c) => c.name === 'console_csrf')!.value;
  const session = cookies.find((c) => c.name === 'console_session')!.value;
  const cookie = `console_csrf=${csrf}; console_session=${session}`;
  const name = `Forged ${Date.now()}`;
  const form = `csrf=${csrf}&name=${encodeURIComponent(name)}&event_date=2026-01-01`;
  const crossSite = await postForm(
    '/console/events/create',
    { origin: 'https://evil.example', cookie },
    form,
  );
  assert.equal(crossSite.status, 403);
  const own = new URL(siteUrl(HOST)).origin;
  const noToken = await postForm(
    '/console/events/create',
    { origin: own, cookie },
    form.replace(/^csrf=[^&]+&/, ''),
  );
  assert.equal(noToken.status, 403);
  const events = await fetch(`${apiUrl}/api/v1/admin/events`, {
    headers: { authorization: `Bearer ${session}` },
  });
  assert.ok(!(await events.text()).includes(name), 'no event was made');
  await context.close();
});

/** The event as the admin API has it, with the browser's session. */
async function adminEvent(context: BrowserContext, eventId: number) {
  const session = (await context.cookies()).find((c) => c.name === 'console_session')?.value;
  const res = await fetch(`${apiUrl}/api/v1/admin/events/${eventId}`, {
    headers: { authorization: `Bearer ${session}` },
  });
  assert.equal(res.status, 200);
  return ((await res.json()) as { data: AdminEvent }).data;
}
