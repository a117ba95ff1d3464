// 'Make my race video' on the runner's page, in a real browser against the real API with demo
// data: a runner of the Harbour City Marathon with photos and a result makes their video on a
// phone profile with the CPU slowed 4× (the time is printed), the file is checked (an MP4's boxes,
// a WebM in a <video>), and the preview plays. Where this Chromium has no H.264 encoder the
// WebM path runs instead, and says so. E2E_VIDEO_SHOTS=<dir> saves screenshots and the video.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, downloadedBytes, launchBrowser, VIEWPORTS } from '../support/browser.js';
import { tagPhoto, tagPhotos } from '../support/demo-tags.js';
import { apiData, apiUrl, siteUrl, type AllEvents } from '../support/stack.js';

interface GroundTruth {
  photos: { uuid: string; event_id: number; bibs: { bib: string; occluded: boolean }[] }[];
}

const HOST = 'localhost';
const EVENT_NAME = 'Harbour City Marathon 2026';
/** The speed goal is for a 20-photo video. */
const PHOTOS = 20;
const shots = process.env.E2E_VIDEO_SHOTS;

let browser: Browser;
let event: { id: number; slug: string };
let runner: { bib: string; name: string };

before(async () => {
  browser = await launchBrowser();
  const all = await apiData<AllEvents>(`/api/v1/client/events/organiser/all-events?app_domain=${HOST}&page=1&page_size=100`);
  const found = all.events.find((e) => e.event_name === EVENT_NAME);
  assert.ok(found, `the demo has "${EVENT_NAME}" on ${HOST}`);
  event = { id: found.event_id, slug: found.event_slug };
  // As in runner-page.test.ts: OCR is off in the browser tests, so the organiser's manual tags
  // make the runner's photos findable; the runner is the most photographed bib with a result.
  const truth = JSON.parse(readFileSync(path.join(process.env.E2E_DATA_DIR ?? '', 'demo-ground-truth.json'), 'utf8')) as GroundTruth;
  const mine = truth.photos.filter((p) => p.event_id === event.id);
  const counts = new Map<string, number>();
  for (const p of mine) for (const b of p.bibs) if (!b.occluded) counts.set(b.bib, (counts.get(b.bib) ?? 0) + 1);
  for (const [bib] of [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
    const res = await fetch(`${apiUrl}/api/v1/client/events/${event.id}/results/${bib}`);
    if (res.status !== 200) continue;
    runner = ((await res.json()) as { data: { bib: string; name: string } }).data;
    break;
  }
  assert.ok(runner, 'one of the most photographed bibs has a result');
  // Their photos, and (for a 20-photo video) more of the event's photos tagged with their bib too.
  const theirs = mine.filter((p) => p.bibs.some((b) => b.bib === runner.bib));
  const others = mine.filter((p) => !p.bibs.some((b) => b.bib === runner.bib)).slice(0, Math.max(0, PHOTOS - theirs.length));
  await tagPhotos(theirs);
  for (const p of others) await tagPhoto(p.uuid, [...p.bibs.map((b) => b.bib), runner.bib]);
  assert.ok(theirs.length + others.length >= PHOTOS, `the event has ${PHOTOS} photos to tag`);
});
after(async () => {
  await browser?.close();
});

const runnerPath = () => `/events/${event.slug}/runners/${encodeURIComponent(runner.bib)}`;

async function open(viewport: keyof typeof VIEWPORTS, init?: () => void): Promise<Page & { errors: string[] }> {
  const context = await browser.newContext({ ...VIEWPORTS[viewport], acceptDownloads: true });
  const page = (await context.newPage()) as Page & { errors: string[] };
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  if (init) await page.addInitScript(init);
  await page.goto(siteUrl(HOST, runnerPath()), { waitUntil: 'networkidle' });
  return page;
}

/** An MP4's duration (moov/mvhd) and frame size (the video track's tkhd), read from its boxes. */
function mp4Facts(bytes: Buffer): { seconds: number; width: number; height: number } {
  const boxes = (start: number, end: number) => {
    const out: { type: string; start: number; end: number }[] = [];
    for (let at = start; at + 8 <= end; ) {
      let size = bytes.readUInt32BE(at);
      const type = bytes.toString('latin1', at + 4, at + 8);
      let header = 8;
      if (size === 1) {
        size = Number(bytes.readBigUInt64BE(at + 8));
        header = 16;
      } else if (size === 0) size = end - at;
      out.push({ type, start: at + header, end: at + size });
      at += size;
    }
    return out;
  };
  const moov = boxes(0, bytes.length).find((b) => b.type === 'moov');
  assert.ok(moov, 'the file has a moov box');
  const inMoov = boxes(moov.start, moov.end);
  const mvhd = inMoov.find((b) => b.type === 'mvhd');
  assert.ok(mvhd);
  const v1 = bytes[mvhd.start] === 1;
  const timescale = bytes.readUInt32BE(mvhd.start + (v1 ? 20 : 12));
  const duration = v1 ? Number(bytes.readBigUInt64BE(mvhd.start + 24)) : bytes.readUInt32BE(mvhd.start + 16);
  let width = 0;
  let height = 0;
  for (const trak of inMoov.filter((b) => b.type === 'trak')) {
    const tkhd = boxes(trak.start, trak.end).find((b) => b.type === 'tkhd');
    if (!tkhd) continue;
    const at = tkhd.start + (bytes[tkhd.start] === 1 ? 88 : 76);
    width = Math.max(width, bytes.readUInt32BE(at) / 65536);
    height = Math.max(height, bytes.readUInt32BE(at + 4) / 65536);
  }
  return { seconds: duration / timescale, width, height };
}

/** Waits for the video, then downloads it: the file's name and bytes. */
async function result(page: Page, timeout: number) {
  await page.getByText(/^Your video is ready/).waitFor({ timeout });
  const box = page.locator('.runner-video-result');
  const made = {
    path: await box.getAttribute('data-path'),
    took: Number(await box.getAttribute('data-took')),
    photosTook: Number(await box.getAttribute('data-photos-took')),
    drawTook: Number(await box.getAttribute('data-draw-took')),
  };
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the video' }).click();
  const file = await download;
  const bytes = await downloadedBytes(file);
  return { ...made, name: file.suggestedFilename(), bytes };
}

/** The preview's duration (a MediaRecorder WebM may say Infinity until seeked to its end) and size, and whether it plays. */
async function preview(page: Page) {
  return page.locator('video.runner-video-preview').evaluate(async (v: HTMLVideoElement) => {
    if (v.readyState < 1) await new Promise((r) => v.addEventListener('loadedmetadata', r, { once: true }));
    if (!Number.isFinite(v.duration)) {
      const known = new Promise((r) => v.addEventListener('durationchange', () => Number.isFinite(v.duration) && r(null)));
      v.currentTime = 1e9;
      await known;
      v.currentTime = 0;
      await new Promise((r) => v.addEventListener('seeked', r, { once: true }));
    }
    v.muted = true;
    await v.play();
    const from = v.currentTime;
    // Until it has played 0.3 s, or 1.5 s have gone by without that.
    // (No named function here: the test's compiler would wrap it in a helper the page lacks.)
    await new Promise((r) => {
      const stop = new AbortController();
      const timer = setTimeout(() => (stop.abort(), r(null)), 1500);
      v.addEventListener(
        'timeupdate',
        () => {
          if (v.currentTime - from <= 0.3) return;
          stop.abort();
          clearTimeout(timer);
          r(null);
        },
        { signal: stop.signal },
      );
    });
    const played = v.currentTime - from;
    v.pause();
    return { duration: v.duration, width: v.videoWidth, height: v.videoHeight, played };
  });
}

describe("the runner's race video", () => {
  test('a 20-photo video on a phone with the CPU slowed 4×: checked, played, axe-clean', async () => {
    const page = await open('phone');
    const make = page.getByRole('button', { name: 'Make my race video' });
    await make.waitFor();
    assert.ok(await make.isEnabled(), 'this Chromium can make a video');
    const webm = await page.getByText(/cannot make an MP4 video/).isVisible();
    if (shots) await page.screenshot({ path: path.join(shots, 'runner-video-phone-before.png'), fullPage: true });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const started = Date.now();
    await make.click();
    await page.getByRole('progressbar', { name: 'Video progress' }).waitFor();
    await page.getByText('Making your video…').waitFor({ timeout: 60_000 });
    if (shots) await page.screenshot({ path: path.join(shots, 'runner-video-phone-progress.png') });
    const made = await result(page, 180_000);
    const wall = Date.now() - started;
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    console.log(`race video: ${made.path?.toUpperCase()} path, ${PHOTOS} photos, 720×1280, CPU slowed 4×: made in ${(made.took / 1000).toFixed(1)} s (photos fetched ${(made.photosTook / 1000).toFixed(1)} s, drawing ${(made.drawTook / 1000).toFixed(1)} s; click to ready ${(wall / 1000).toFixed(1)} s), ${(made.bytes.length / 1e6).toFixed(1)} MB`);
    assert.equal(made.path, webm ? 'webm' : 'mp4');
    if (made.path === 'mp4') {
      assert.equal(made.name, `${runner.name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')}-race.mp4`);
      assert.equal(made.bytes.toString('latin1', 4, 8), 'ftyp');
      const facts = mp4Facts(made.bytes);
      if (shots) writeFileSync(path.join(shots, 'runner-video.mp4'), made.bytes);
      assert.ok(facts.seconds >= 15 && facts.seconds <= 30, `duration ${facts.seconds} s`);
      assert.deepEqual([facts.width, facts.height], [720, 1280]);
    }
    const shown = await preview(page);
    assert.ok(shown.duration >= 15 && shown.duration <= 30.5, `the preview lasts ${shown.duration} s`);
    assert.deepEqual([shown.width, shown.height], [720, 1280]);
    assert.ok(shown.played > 0.3, `the preview plays (${shown.played} s in 1.5 s)`);
    if (shots) await page.screenshot({ path: path.join(shots, 'runner-video-phone-ready.png'), fullPage: true });
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test('without WebCodecs: a WebM recorded from the canvas, said plainly; Cancel stops it', async () => {
    const page = await open('desktop', () => {
      delete (window as { VideoEncoder?: unknown }).VideoEncoder;
    });
    await page.getByText(/cannot make an MP4 video, so it records a WebM video/).waitFor();
    await page.getByLabel('Wide (16:9)').check();
    const make = page.getByRole('button', { name: 'Make my race video' });
    await make.click();
    await page.getByRole('progressbar', { name: 'Video progress' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('progressbar').waitFor({ state: 'detached' });
    assert.ok(await make.isEnabled());
    await make.click();
    const made = await result(page, 120_000);
    console.log(`race video, fallback: ${made.path?.toUpperCase()} path, 1280×720, recorded in ${(made.took / 1000).toFixed(1)} s, ${(made.bytes.length / 1e6).toFixed(1)} MB`);
    assert.equal(made.path, 'webm');
    assert.match(made.name, /-race\.webm$/);
    assert.equal(made.bytes.readUInt32BE(0), 0x1a45dfa3, 'an EBML (WebM) file');
    const shown = await preview(page);
    assert.ok(shown.duration >= 14 && shown.duration <= 31, `the WebM lasts ${shown.duration} s`);
    assert.deepEqual([shown.width, shown.height], [1280, 720]);
    assert.ok(shown.played > 0.3, `the preview plays (${shown.played} s in 1.5 s)`);
    if (shots) await page.screenshot({ path: path.join(shots, 'runner-video-desktop-webm.png'), fullPage: true });
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test('a browser with neither says it cannot make videos', async () => {
    const page = await open('phone', () => {
      delete (window as { VideoEncoder?: unknown }).VideoEncoder;
      delete (window as { MediaRecorder?: unknown }).MediaRecorder;
    });
    const cannot = page.getByRole('button', { name: 'This browser cannot make videos' });
    await cannot.waitFor();
    assert.ok(await cannot.isDisabled());
    assert.equal(await page.getByRole('button', { name: 'Make my race video' }).count(), 0);
    await page.context().close();
  });
});
