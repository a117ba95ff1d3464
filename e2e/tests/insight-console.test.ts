// The organiser's insight into an event, in Chromium: a fresh event whose truth is known (four
// runners in the results, four photos, bibs tagged on two of them), a visitor's searches and
// views on the public gallery, then the console's findability dashboard and analytics as an
// editor sees them: the same numbers, each linked to the screen that fixes it, and the CSV.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { axeViolations, downloadedBytes, launchBrowser, VIEWPORTS } from '../support/browser.js';
import { apiUrl, siteUrl } from '../support/stack.js';
import { admin, cli, screenshotter } from '../support/operator.js';
import { publishOnSite } from '../support/site-cache.js';

const HOST = 'localhost';
const token = process.env.E2E_ADMIN_TOKEN ?? '';
const dataDir = process.env.E2E_DATA_DIR ?? '';
const EMAIL = `insight-${Date.now()}@city.example`;
const PASSWORD = 'an insightful password';

let browser: Browser;
let event: { id: number; slug: string };

const shot = screenshotter('console-insight-');

before(async () => {
  assert.ok(token && dataDir, 'E2E_ADMIN_TOKEN and E2E_DATA_DIR are set by e2e/run.ts');
  event = await admin<{ id: number; slug: string }>('POST', '/events', {
    name: `Insight Ten K ${Date.now()}`,
    event_date: '2026-04-06',
    city: 'Harbour City',
    published: true,
  });
  const uuids: string[] = [];
  for (let i = 0; i < 4; i++) {
    const bytes = await sharp({
      create: {
        width: 900,
        height: 600,
        channels: 3,
        background: { r: 40 + i * 50, g: 120, b: 200 - i * 40 },
      },
    })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }),
      `insight-${i}.jpg`,
    );
    const res = await fetch(`${apiUrl}/api/v1/admin/events/${event.id}/photos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    assert.equal(res.status, 202);
    uuids.push(
      ((await res.json()) as { data: { accepted: { uuid: string }[] } }).data.accepted[0]!.uuid,
    );
  }
  const deadline = Date.now() + 120_000;
  for (;;) {
    const jobs = await admin<{ counts: Record<string, number> }>('GET', `/events/${event.id}/jobs`);
    if (jobs.counts.queued === 0 && jobs.counts.running === 0 && (jobs.counts.done ?? 0) >= 4)
      break;
    assert.ok(Date.now() < deadline, `the photos were made: ${JSON.stringify(jobs.counts)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  await admin(
    'POST',
    `/events/${event.id}/results`,
    'Bib,Name,Time\n11,Ann Archer,0:40:00\n12,Ben Brook,0:41:00\n13,Cai Chen,0:42:00\n14,Dee Dale,0:43:00\n',
    'text/csv',
  );
  await admin('PUT', `/photos/${uuids[0]}/bibs`, { bibs: ['11'] });
  await admin('PUT', `/photos/${uuids[1]}/bibs`, { bibs: ['12', '13'] });
  // Published through the console, as an organiser would: the site shows the new event at once.
  await publishOnSite(HOST, event.id);
  const created = cli(['user', 'create', HOST, EMAIL, '--role', 'editor'], `${PASSWORD}\n`);
  assert.equal(created.code, 0, created.err);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  if (dataDir) cli(['user', 'remove', HOST, EMAIL]);
});

/** The public gallery of the test's event. */
async function openGallery(page: Page) {
  const res = await page.goto(siteUrl(HOST, `/events/${event.slug}/photos`));
  assert.equal(res?.status(), 200, 'the site shows the event published through its console');
}

describe('the organiser’s insight', () => {
  test('a visitor searches and looks; the console counts it, and shows who cannot find their photos', async () => {
    const visitor = await browser.newContext({ ...VIEWPORTS.phone });
    const page = await visitor.newPage();
    await openGallery(page);
    await page.locator('.jgrid-tile').first().waitFor();
    // A bib nobody wears: found nothing, so it is a missed search.
    await page.getByRole('searchbox', { name: 'Bib number' }).fill('99');
    await page.getByRole('button', { name: 'Find photos' }).click();
    await page.waitForURL((u) => u.searchParams.get('bib') === '99');
    await page.getByRole('searchbox', { name: 'Bib number' }).fill('12');
    await page.getByRole('button', { name: 'Find photos' }).click();
    await page.waitForURL((u) => u.searchParams.get('bib') === '12');
    await page.locator('.jgrid-tile').first().click();
    await page.getByRole('button', { name: 'Share this photo' }).waitFor();
    await visitor.close();

    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const context = await browser.newContext({ ...viewport, acceptDownloads: true });
      const console = await context.newPage();
      await console.goto(siteUrl(HOST, '/console'));
      await console.getByLabel('Email').fill(EMAIL);
      await console.getByLabel('Password').fill(PASSWORD);
      await console.getByRole('button', { name: 'Sign in' }).click();
      await console.getByRole('heading', { name: 'Events' }).waitFor();

      await console.goto(siteUrl(HOST, `/console/events/${event.id}/findability`));
      await console
        .getByRole('heading', { name: '75% of registered runners can find their photos' })
        .waitFor();
      assert.equal(
        await console
          .getByRole('link', { name: '3 of 4 runners in the results' })
          .getAttribute('href'),
        `/console/events/${event.id}/results`,
      );
      const missing = console.getByRole('heading', { name: 'Runners with no photo (1)' });
      await missing.waitFor();
      assert.match(
        await console.locator('.findability-table').first().innerText(),
        /14\s+Dee Dale/,
      );
      const counts = await console.locator('.findability-counts li').allInnerTexts();
      assert.match(counts[0]!, /^4\s/, 'four photos');
      assert.match(counts[1]!, /^2\s+Photos nobody can find/);
      assert.match(counts[2]!, /^0\s+Readings waiting for a person/);
      const missed = console.getByRole('link', { name: '99', exact: true });
      assert.equal(await missed.getAttribute('href'), `/console/events/${event.id}/bibs`);
      assert.match(await missed.locator('xpath=ancestor::tr').innerText(), /Bib\s+99\s+1\s/);
      assert.equal(
        await console
          .getByRole('navigation', { name: /screens/ })
          .getByRole('link', { name: 'Findability' })
          .getAttribute('aria-current'),
        'page',
      );
      assert.deepEqual(await axeViolations(console), []);
      await shot(console, `${name}-findability`);

      // Analytics: a visit, two bib searches and a photo opened (beacons arrive within moments),
      // as four charts per day, each with its total and what it is made of.
      const deadline = Date.now() + 20_000;
      let totals: Record<string, number> = {};
      for (;;) {
        await console.goto(siteUrl(HOST, `/console/events/${event.id}/analytics`));
        const captions = await console.locator('.analytics-chart figcaption').allInnerTexts();
        totals = {};
        for (const caption of captions) {
          const [label, total, detail = ''] = caption.split('\n').map((l) => l.trim());
          totals[label!] = Number(total!.replace(/,/g, ''));
          for (const [, n, what] of detail.matchAll(/([\d,]+) ([a-z ]+?)(?: ·|$)/g))
            totals[`${label} ${what}`] = Number(n!.replace(/,/g, ''));
        }
        if ((totals.Visits ?? 0) >= 1 && (totals['Visits photos opened'] ?? 0) >= 1) break;
        assert.ok(Date.now() < deadline, `the visit was counted: ${JSON.stringify(totals)}`);
        await new Promise((r) => setTimeout(r, 1000));
      }
      assert.deepEqual(
        Object.keys(totals).filter((k) => !k.includes(' ')),
        ['Visits', 'Searches', 'Downloads', 'Shares'],
      );
      assert.ok(
        (totals['Searches by bib'] ?? 0) >= 2,
        `both bib searches: ${JSON.stringify(totals)}`,
      );
      assert.equal(totals['Downloads zips'], 0);
      // Each chart is drawn: a bar per day of the span, the visits' bars not all flat.
      const bars = console.getByRole('img', { name: /^Visits per day/ }).locator('rect');
      assert.equal(await bars.count(), 30, 'the last 30 days');
      const heights = await bars.evaluateAll((rs) =>
        rs.map((r) => Number(r.getAttribute('height'))),
      );
      assert.ok(Math.max(...heights) > 0, 'today’s visit stands');
      assert.equal(
        await console
          .getByRole('navigation', { name: /screens/ })
          .getByRole('link', { name: 'Analytics' })
          .getAttribute('aria-current'),
        'page',
      );
      assert.deepEqual(await axeViolations(console), []);
      await shot(console, `${name}-analytics`);

      const [download] = await Promise.all([
        console.waitForEvent('download'),
        console.getByRole('link', { name: 'Download CSV' }).click(),
      ]);
      const csv = (await downloadedBytes(download)).toString('utf8').trim().split('\r\n');
      assert.equal(
        csv[0],
        'day,visit,search_bib,search_name,search_selfie,photo_view,download,zip,share',
      );
      assert.equal(
        csv.at(-1)!.split(',')[2],
        String(totals['Searches by bib']),
        'the total of bib searches, as on the screen',
      );
      assert.match(download.suggestedFilename(), new RegExp(`^event-${event.id}-stats-.*\\.csv$`));

      // A span the API refuses is said, with what was typed kept.
      await console.goto(
        siteUrl(HOST, `/console/events/${event.id}/analytics?from=2026-05-01&to=2026-04-01`),
      );
      assert.match(
        await console.locator('.console-error').innerText(),
        /from: must be on or before to/,
      );
      assert.equal(await console.getByLabel('From').inputValue(), '2026-05-01');
      await context.close();
    }
  });

  test('the dashboard’s links lead to the screens that fix what it counts, and the numbers follow', async () => {
    const context = await browser.newContext({ ...VIEWPORTS.desktop });
    const page = await context.newPage();
    // Signed out, the screen asks for the sign-in first, then comes back to it.
    await page.goto(siteUrl(HOST, `/console/events/${event.id}/findability`));
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Email or password is not right' }).waitFor();
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Runners with no photo (1)' }).waitFor();
    assert.equal(new URL(page.url()).pathname, `/console/events/${event.id}/findability`);
    // Dee Dale (bib 14) has no photo: the link beside the list opens Bibs by hand, where the
    // first photo to review (one nobody can find) gets her bib.
    await page.getByRole('link', { name: 'Tag bibs by hand' }).first().click();
    await page.getByRole('heading', { name: 'Bibs by hand' }).waitFor();
    assert.equal(new URL(page.url()).pathname, `/console/events/${event.id}/bibs`);
    await page.getByRole('button', { name: 'Back' }).waitFor();
    const input = page.getByLabel('Bibs on this photo', { exact: true }).and(page.locator('input'));
    await input.fill('14');
    await page.keyboard.press('Enter');
    await page.getByText('Saved: 14.').waitFor();
    // Back on the dashboard: every runner is found, one photo fewer nobody can find.
    await page
      .getByRole('navigation', { name: /screens/ })
      .getByRole('link', { name: 'Findability' })
      .click();
    await page
      .getByRole('heading', { name: '100% of registered runners can find their photos' })
      .waitFor();
    await page.getByText('Every registered runner has at least one photo.').waitFor();
    const counts = await page.locator('.findability-counts li').allInnerTexts();
    assert.match(counts[1]!, /^1\s+Photos nobody can find/);
    // The share links to the Results screen.
    await page.getByRole('link', { name: '4 of 4 runners in the results' }).click();
    await page.waitForURL((u) => u.pathname === `/console/events/${event.id}/results`);
    await context.close();
  });

  test('signed out, the screens send to the sign-in form, and the CSV is refused', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(siteUrl(HOST, `/console/events/${event.id}/findability`));
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    const csv = await context.request.get(
      siteUrl(HOST, `/console/events/${event.id}/analytics/csv`),
    );
    assert.equal(csv.status(), 401);
    await context.close();
  });
});
