// The posters' logo plate in the promo editor, in Chromium against the real API and site: an
// organiser of its own (made with the CLI, on a host name of its own, so nothing of the demo
// changes) uploads a dark navy logo, which the API gives a pale plate from its own colours; an
// event of theirs has a dark night photo. Every poster (the square post, the story and the link
// preview over the photo, the portrait post over the dark design) shows the logo on that plate,
// under it, reaching past it; on a laptop and a phone. Screenshots go to E2E_SCREENSHOTS_DIR when it is set.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { launchBrowser, VIEWPORTS } from '../support/browser.js';
import { apiData, apiUrl, siteUrl, type OrganiserData } from '../support/stack.js';
import { cli, screenshotter } from '../support/operator.js';
import { publishOnSite } from '../support/site-cache.js';

const STAMP = Date.now().toString(36);
const HOST = `plate-${STAMP}.localhost`;
const NAME = `Night Harbour Club ${STAMP}`;
const NAVY = '#1B2A6B';
const dataDir = process.env.E2E_DATA_DIR ?? '';
const shot = screenshotter('promo-logo-plate-');

let browser: Browser;
let token = '';
let event: { id: number; slug: string };
let plate = '';

/** An admin API call with this organiser's own token. */
async function adminCall<T>(method: string, pathname: string, body: BodyInit, type?: string): Promise<T> {
  const res = await fetch(`${apiUrl}/api/v1/admin${pathname}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(type ? { 'content-type': type } : {}) },
    body,
  });
  const json = (await res.json()) as { data: T; message: string };
  assert.ok(res.ok, `${method} ${pathname}: ${res.status} ${json.message}`);
  return json.data;
}

/** A dark night photo: deep blue sky, a few street lights. */
async function nightPhoto(): Promise<Buffer> {
  const lights = [200, 520, 900, 1300]
    .map((x) => `<circle cx="${x}" cy="${700 + (x % 3) * 40}" r="14" fill="#FFD27A"/>`)
    .join('');
  return sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1067"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#070B1A"/><stop offset="1" stop-color="#1A2236"/></linearGradient></defs><rect width="1600" height="1067" fill="url(#s)"/>${lights}</svg>`,
    ),
  )
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function jobsDone() {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const res = await fetch(`${apiUrl}/api/v1/admin/events/${event.id}/jobs`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const jobs = ((await res.json()) as { data: { counts: { queued: number; running: number; failed: number } } }).data;
    assert.equal(jobs.counts.failed, 0, 'no job failed');
    if (jobs.counts.queued === 0 && jobs.counts.running === 0) return;
    assert.ok(Date.now() < deadline, 'jobs finished in time');
    await new Promise((r) => setTimeout(r, 300));
  }
}

before(async () => {
  assert.ok(dataDir, 'E2E_DATA_DIR is set by e2e/run.ts');
  const folder = mkdtempSync(path.join(tmpdir(), 'plate-e2e-'));
  const file = path.join(folder, 'organiser.json');
  writeFileSync(file, JSON.stringify({ name: NAME, domains: [HOST], extra_config: { themeColor: '#1E3A8A' } }));
  const applied = cli(['organiser', 'apply', file]);
  assert.equal(applied.code, 0, applied.err);
  const issued = cli(['token', 'create', HOST, '--label', 'e2e-plate']);
  assert.equal(issued.code, 0, issued.err);
  token = issued.out.trim().split('\n').pop() ?? '';

  // A dark logo on a transparent canvas: the mark and the word, both navy.
  const logo = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="760" height="160"><rect width="160" height="160" rx="30" fill="${NAVY}"/><text x="180" y="112" font-size="92" font-weight="700" font-family="sans-serif" fill="${NAVY}">HARBOUR</text></svg>`,
    ),
  )
    .png()
    .toBuffer();
  await adminCall('POST', '/organiser/logo', new Uint8Array(logo), 'image/png');

  const made = await adminCall<{ id: number; slug: string }>(
    'POST',
    '/events',
    JSON.stringify({ name: `Harbour Night 10K ${STAMP}`, event_date: '2026-10-03', city: 'Porto', published: true }),
    'application/json',
  );
  event = { id: made.id, slug: made.slug };
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await nightPhoto())], { type: 'image/jpeg' }), 'night.jpg');
  await adminCall('POST', `/events/${event.id}/photos`, form);
  await jobsDone();
  await publishOnSite(HOST, event.id);

  const organiser = await apiData<OrganiserData>(`/api/v1/client/events/organiser/data?app_domain=${HOST}`);
  plate = (organiser.extra_config as { logoPlate?: string }).logoPlate ?? '';
  assert.match(plate, /^#[0-9A-F]{6}$/, 'the API chose a plate for the logo');
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

type KonvaNode = {
  getAbsoluteZIndex(): number;
  getClientRect(): { x: number; y: number; width: number; height: number };
  findOne(sel: string): (KonvaNode & { fill(): unknown }) | undefined;
};
type KonvaWindow = { Konva: { stages: { findOne(sel: string): KonvaNode | undefined }[] } };

/** The logo's plate as drawn: its colour, whether it lies under the logo, and both boxes. */
function drawnPlate(page: Page) {
  return page.evaluate(() => {
    const stage = (window as unknown as KonvaWindow).Konva.stages[0]!;
    const plate = stage.findOne('#logo-plate');
    const logo = stage.findOne('#logo')!;
    if (!plate) return null;
    return {
      fill: String(plate.findOne('Rect')?.fill() ?? ''),
      under: plate.getAbsoluteZIndex() < logo.getAbsoluteZIndex(),
      plate: plate.getClientRect(),
      logo: logo.getClientRect(),
    };
  });
}

async function openTemplate(page: Page, label: RegExp) {
  await page.getByRole('button', { name: label }).click();
  await page.waitForFunction(() => Boolean((window as unknown as KonvaWindow).Konva?.stages[0]?.findOne('#logo')));
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  describe(`the posters' logo plate, ${name}`, () => {
    test('a dark logo sits on its plate over the dark photo and the dark design', async () => {
      const context = await browser.newContext({ ...viewport, reducedMotion: 'reduce' });
      const page = await context.newPage();
      await page.goto(siteUrl(HOST, `/events/${event.slug}/promo`), { waitUntil: 'networkidle' });
      await page.getByTestId('promo-editor').waitFor();
      await page.locator('.pe-canvas canvas').first().waitFor();
      for (const [template, label] of [
        ['square', /^Square post/],
        ['portrait', /^Portrait post/],
        ['story', /^Story/],
        ['link-preview', /^Link preview/],
      ] as const) {
        await openTemplate(page, label);
        const drawn = await drawnPlate(page);
        assert.ok(drawn, `${template}: the logo has its plate`);
        assert.equal(drawn.fill.toUpperCase(), plate, `${template}: in the plate's colour`);
        assert.ok(drawn.under, `${template}: the plate is under the logo`);
        assert.ok(
          drawn.plate.x < drawn.logo.x && drawn.plate.y < drawn.logo.y &&
            drawn.plate.x + drawn.plate.width > drawn.logo.x + drawn.logo.width &&
            drawn.plate.y + drawn.plate.height > drawn.logo.y + drawn.logo.height,
          `${template}: the plate reaches past the logo`,
        );
        await page.locator('.pe-canvas').scrollIntoViewIfNeeded();
        await page.waitForTimeout(400);
        await shot(page, `${name}-${template}`);
      }
      await context.close();
    });
  });
}
