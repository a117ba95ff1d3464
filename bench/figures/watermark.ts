/**
 * A watermarked first variant beside an unwatermarked one, measured in the same run on the same
 * files (docs/watermarks.md): two events get the same 24-megapixel JPEGs, one of them a text
 * watermark, and the first `?w=1600` of each photo is timed through the API, alternating between
 * the events. Goal: the mark costs at most 30 % more. And what a gallery page costs right after
 * a change, before the background job has made the stored variants again (reported).
 */
import { adminToken, cli, mainEvent, startApi } from '../lib/api.js';
import type { Context } from '../lib/context.js';
import { median, percentiles } from '../lib/load.js';
import { addRow, failedRow, fmt, verdict } from '../lib/table.js';
import { createEvent } from './features.js';
import { makePhotoFolder } from './photos.js';

const MARK = {
  enabled: true,
  kind: 'text',
  text: '© Bench Photos 2026',
  position: 'bottom-right',
  opacity: 0.6,
  size: 0.3,
};

async function photoIds(url: string, eventId: number): Promise<string[]> {
  const res = await fetch(`${url}/api/v1/client/events/${eventId}/photos?limit=100`);
  const body = (await res.json()) as { data: { photos: Array<{ uuid: string }> } };
  return body.data.photos.map((p) => p.uuid);
}

async function firstVariant(
  url: string,
  uuid: string,
): Promise<{ ms: number; bytes: number; etag: string }> {
  const t = performance.now();
  const response = await fetch(`${url}/events/photos/${uuid}?w=1600`, {
    headers: { accept: 'image/avif,image/webp,*/*' },
  });
  const body = await response.arrayBuffer();
  const ms = performance.now() - t;
  if (response.status !== 200) throw new Error(`first variant: HTTP ${response.status}`);
  return { ms, bytes: body.byteLength, etag: response.headers.get('etag') ?? '' };
}

export async function watermarkedFirstVariant(ctx: Context) {
  const figure = 'watermarked first variant of a 24-megapixel JPEG (w=1600, WebP)';
  const goal = '≤ 1.3 x unwatermarked';
  try {
    const reps = ctx.quick ? 5 : 9;
    // One more photo per event than measured: its first variant warms the event (the mark's
    // artwork and overlay are prepared once per event, version and width).
    const folder = await makePhotoFolder(ctx, '24mp-marks', reps + 1, {
      distinct: 1,
      width: 6000,
      height: 4000,
      seed: 24_000_001,
    });
    const plainId = await createEvent(ctx, 'Bench 24 MP plain');
    const markedId = await createEvent(ctx, 'Bench 24 MP watermarked');
    await cli(ctx.pglite.store, ['import', String(plainId), folder, '--concurrency', '1']);
    await cli(ctx.pglite.store, ['import', String(markedId), folder, '--concurrency', '1']);
    const token = await adminToken(ctx.pglite.store);
    // No background jobs: the watermark job would otherwise make the variants being timed.
    const api = await startApi(ctx.pglite.store);
    const plain: number[] = [];
    const marked: number[] = [];
    let warmMarked = 0;
    let bytes = { plain: 0, marked: 0 };
    try {
      const set = await fetch(`${api.url}/api/v1/admin/events/${markedId}/watermark`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(MARK),
      });
      if (!set.ok) throw new Error(`PUT …/watermark: HTTP ${set.status} ${await set.text()}`);
      // Warm the API (JIT, database, libvips) on demo photos, as the first-variant row does.
      for (const demo of ctx.pglite.truth.photos.slice(0, 3))
        await fetch(`${api.url}/events/photos/${demo.uuid}?w=1600`, {
          headers: { accept: 'image/webp' },
        }).then((r) => r.arrayBuffer());
      const plainIds = await photoIds(api.url, plainId);
      const markedIds = await photoIds(api.url, markedId);
      await firstVariant(api.url, plainIds[0]!);
      const warm = await firstVariant(api.url, markedIds[0]!);
      if (!/-m\d+"$/.test(warm.etag))
        throw new Error(`the variant is not watermarked: ${warm.etag}`);
      warmMarked = warm.ms;
      // Alternating, so that a drift of the machine's speed weighs on both alike.
      for (let i = 1; i <= reps; i++) {
        const p = await firstVariant(api.url, plainIds[i]!);
        const m = await firstVariant(api.url, markedIds[i]!);
        plain.push(p.ms);
        marked.push(m.ms);
        bytes = { plain: p.bytes, marked: m.bytes };
      }
    } finally {
      await api.stop();
    }
    const product = median(marked);
    const baseline = median(plain);
    const ratio = product / baseline;
    addRow({
      figure,
      value: `${fmt(product)} ms (median of ${marked.length})`,
      baseline: `unwatermarked: ${fmt(baseline)} ms`,
      ratio,
      ratioUnit: 'x',
      goal,
      status: verdict(ratio <= 1.3),
      notes:
        `6000×4000 generated JPEGs imported into two events, one with a text mark (30 % of the width, opacity 0.6); ` +
        `first GET ?w=1600 of ${marked.length} distinct photos each, alternating; the event's first marked variant ` +
        `(mark drawn and its overlay made) ${fmt(warmMarked)} ms, not counted; ${fmt(bytes.marked / 1024)} KB vs ${fmt(bytes.plain / 1024)} KB`,
      data: { marked, plain, warmMarked, bytes },
    });
  } catch (error) {
    failedRow(figure, goal, error);
  }
}

/** A page of grid images fetched as a browser does (6 at a time): wall time and each request's. */
async function fetchPage(url: string, uuids: string[], width: number) {
  const times: number[] = [];
  const queue = [...uuids];
  const t = performance.now();
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      for (let uuid = queue.shift(); uuid; uuid = queue.shift()) {
        const s = performance.now();
        const r = await fetch(`${url}/events/photos/${uuid}?w=${width}`, {
          headers: { accept: 'image/avif,image/webp,*/*' },
        });
        await r.arrayBuffer();
        if (r.status !== 200) throw new Error(`w=${width}: HTTP ${r.status}`);
        times.push(performance.now() - s);
      }
    }),
  );
  return { wall: performance.now() - t, ...percentiles(times), p95: percentile(times, 0.95) };
}

function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/**
 * The demo's main event: its first gallery page (30 grid images at w=480, stored at ingest) before
 * a watermark is set, right after (every variant made on request: the background job is off, as
 * if it had not reached these photos yet), and once more (memory).
 */
export async function galleryAfterMarkChange(ctx: Context) {
  const figure = 'gallery page (30 × w=480) right after a watermark change';
  const goal = 'report';
  try {
    const event = mainEvent(ctx.pglite.truth);
    const token = await adminToken(ctx.pglite.store);
    const api = await startApi(ctx.pglite.store);
    try {
      const uuids = (await photoIds(api.url, event.id)).slice(0, 30);
      // Warm the process (JIT, libvips) on photos of another event.
      for (const demo of ctx.pglite.truth.photos.filter((p) => p.event_id !== event.id).slice(0, 3))
        await fetch(`${api.url}/events/photos/${demo.uuid}?w=480`).then((r) => r.arrayBuffer());
      const stored = await fetchPage(api.url, uuids, 480);
      const set = await fetch(`${api.url}/api/v1/admin/events/${event.id}/watermark`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(MARK),
      });
      if (!set.ok) throw new Error(`PUT …/watermark: HTTP ${set.status}`);
      const changed = await fetchPage(api.url, uuids, 480);
      const again = await fetchPage(api.url, uuids, 480);
      addRow({
        figure,
        value: `${fmt(changed.wall)} ms for the page; per image p50 ${fmt(changed.p50)} ms, p95 ${fmt(changed.p95)} ms`,
        baseline: `stored, before the change: ${fmt(stored.wall)} ms; p95 ${fmt(stored.p95)} ms`,
        ratio: changed.wall / stored.wall,
        ratioUnit: 'x',
        goal,
        status: 'report',
        notes:
          `${uuids.length} demo photos (1600×1067) of ${event.name}, 6 requests at a time; every marked variant made on request ` +
          `(background job off); the same page again from memory: ${fmt(again.wall)} ms`,
        data: { stored, changed, again },
      });
    } finally {
      await api.stop();
    }
  } catch (error) {
    failedRow(figure, goal, error);
  }
}
