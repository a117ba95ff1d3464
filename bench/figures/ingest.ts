/**
 * Ingest: the operator's `import <eventId> <folder>` (CLI start-up subtracted) beside sharp alone
 * doing the same image work; and the first variant of a 24-megapixel JPEG through the API
 * beside sharp alone making the same variant.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { adminToken, cli, listFiles, startApi, waitForJobs } from '../lib/api.js';
import type { Context } from '../lib/context.js';
import { autocannon, type LoadResult, median } from '../lib/load.js';
import { BENCH, ROOT, runNodeJson } from '../lib/proc.js';
import { addRow, failedRow, fmt, notAvailable, verdict } from '../lib/table.js';
import { createEvent } from './features.js';
import { makePhotoFolder } from './photos.js';

const CONCURRENCY = 3;
/** Sample images of @vladmandic/human with real faces (1 and 5 + thumbnails). */
const REAL_FACES = ['screenshot-faceid.jpg', 'screenshot-facedetect.jpg'];

/** Variants the import wrote, per photo: [{width, format}] of the first photo. */
function variantsMade(
  before: Set<string>,
  dataDir: string,
): Array<{ width: number; format: string }> {
  const made = listFiles(path.join(dataDir, 'variants')).filter((f) => !before.has(f));
  const first = made[0]?.split('/')[0];
  return made
    .filter((f) => f.split('/')[0] === first)
    .map((f) => {
      const m = /(\d+)[^/]*\.(webp|avif|jpg|jpeg)$/.exec(f);
      return m ? { width: Number(m[1]), format: m[2] === 'jpg' ? 'jpeg' : m[2]! } : null;
    })
    .filter((v): v is { width: number; format: string } => v !== null);
}

/** Wall time of the CLI `import` when it has nothing to do (its file already imported): start-up. */
async function importStartupMs(ctx: Context, env: Record<string, string>): Promise<number> {
  const one = path.join(ctx.tmp, 'photos-one');
  mkdirSync(one, { recursive: true });
  copyFileSync(
    path.join(ctx.tmp, 'photos-ingest', 'photo-00000.jpg'),
    path.join(one, 'photo-00000.jpg'),
  );
  const eventId = await createEvent(ctx, 'Bench start-up');
  await cli(ctx.pglite.store, ['import', String(eventId), one], undefined, env);
  const times: number[] = [];
  for (let i = 0; i < 3; i++)
    times.push((await cli(ctx.pglite.store, ['import', String(eventId), one], undefined, env)).ms);
  return Math.min(...times);
}

export async function ingest(ctx: Context) {
  const figure = 'ingest (variants + placeholder + EXIF): photos per minute';
  const goal = '≥ 80 % of sharp alone';
  try {
    const count = ctx.quick ? 60 : 240;
    const folder = await makePhotoFolder(ctx, 'ingest', count, { seed: 777_000 });
    const env = { OCR_ENABLED: 'false' };
    const startup = await importStartupMs(ctx, env);
    const eventId = await createEvent(ctx, 'Bench ingest');
    const before = new Set(listFiles(path.join(ctx.pglite.store.dataDir, 'variants')));
    const run = await cli(
      ctx.pglite.store,
      ['import', String(eventId), folder, '--concurrency', String(CONCURRENCY)],
      undefined,
      env,
    );
    const importMs = Math.max(1, run.ms - startup);
    const perMinute = count / (importMs / 60_000);
    const variants = variantsMade(before, ctx.pglite.store.dataDir);
    // The import service called directly (no job queue, no CLI), for comparison.
    let direct: { ms: number; imported: number } | null = null;
    try {
      const directEvent = await createEvent(ctx, 'Bench ingest direct');
      direct = await runNodeJson<{ ms: number; imported: number }>(
        path.join(BENCH, 'workers/import.mjs'),
        [ctx.pglite.store.dataDir, String(directEvent), folder, String(CONCURRENCY)],
        { env: { ...process.env, ...env, LOG_LEVEL: 'warn' } },
      );
    } catch {
      direct = null;
    }
    const baseline = await runNodeJson<{ perMinute: number; ms: number }>(
      path.join(BENCH, 'baselines/sharp-ingest.mjs'),
      [
        folder,
        path.join(ctx.tmp, 'sharp-ingest-out'),
        String(CONCURRENCY),
        JSON.stringify(variants),
      ],
    );
    const ratio = perMinute / baseline.perMinute;
    addRow({
      figure,
      value: `${fmt(perMinute)} photos/min`,
      baseline: `sharp alone: ${fmt(baseline.perMinute)} photos/min`,
      ratio,
      goal,
      status: verdict(ratio >= 0.8),
      notes:
        `${count} generated 1600×1067 JPEGs; CLI import --concurrency ${CONCURRENCY}, OCR_ENABLED=false, ` +
        `start-up (${fmt(startup)} ms, an import with nothing to do) subtracted; ` +
        (direct && direct.imported === count
          ? `ImportService.importAll called directly: ${fmt(count / (direct.ms / 60_000))} photos/min; `
          : '') +
        (variants.length
          ? `variants made at import: ${variants.map((v) => `${v.width} ${v.format}`).join(', ')} (baseline makes the same)`
          : 'the import makes no variants (made on first request), so the baseline makes none: metadata + 100 px decode only'),
      data: { count, importMs, startupMs: startup, perMinute, direct, baseline, variants },
    });
  } catch (error) {
    failedRow(figure, goal, error);
  }
}

export async function firstVariant(ctx: Context) {
  const figure = 'first variant of a 24-megapixel JPEG (w=1600, WebP)';
  const goal = '≤ 1.2 x sharp alone';
  try {
    const reps = ctx.quick ? 5 : 9;
    const folder = await makePhotoFolder(ctx, '24mp', reps, {
      distinct: 1,
      width: 6000,
      height: 4000,
      seed: 24_000_000,
    });
    const eventId = await createEvent(ctx, 'Bench 24 MP');
    await cli(ctx.pglite.store, ['import', String(eventId), folder, '--concurrency', '1']);
    const api = await startApi(ctx.pglite.store);
    const times: number[] = [];
    let bytes = 0;
    let type = '';
    try {
      // Warm the API first (JIT, database, libvips start-up) on a demo photo: the figure is a first
      // variant in a running API, not the process's first image.
      for (const demo of ctx.pglite.truth.photos.slice(0, 3)) {
        await fetch(`${api.url}/events/photos/${demo.uuid}?w=1600`, {
          headers: { accept: 'image/webp' },
        }).then((r) => r.arrayBuffer());
      }
      const page = (await (
        await fetch(`${api.url}/api/v1/client/events/${eventId}/photos?limit=100`)
      ).json()) as {
        data: { photos: Array<{ uuid: string }> };
      };
      for (const photo of page.data.photos) {
        const t = performance.now();
        const response = await fetch(`${api.url}/events/photos/${photo.uuid}?w=1600`, {
          headers: { accept: 'image/avif,image/webp,*/*' },
        });
        const body = await response.arrayBuffer();
        times.push(performance.now() - t);
        if (response.status !== 200) throw new Error(`first variant: HTTP ${response.status}`);
        bytes = body.byteLength;
        type = response.headers.get('content-type') ?? '';
      }
    } finally {
      await api.stop();
    }
    const format = type.includes('avif') ? 'avif' : type.includes('webp') ? 'webp' : 'jpeg';
    const file = path.join(folder, 'photo-00000.jpg');
    const baseline = await runNodeJson<{ median: number; times: number[] }>(
      path.join(BENCH, 'baselines/sharp-variant.mjs'),
      [file, String(reps), '1600', format],
    );
    const product = median(times);
    const ratio = product / baseline.median;
    addRow({
      figure,
      value: `${fmt(product)} ms (median of ${times.length})`,
      baseline: `sharp alone: ${fmt(baseline.median)} ms`,
      ratio,
      ratioUnit: 'x',
      goal,
      status: verdict(ratio <= 1.2),
      notes: `6000×4000 generated JPEG; first GET /events/photos/{uuid}?w=1600 of ${times.length} distinct photos → ${fmt(bytes / 1024)} KB ${type}`,
      data: { times, baseline },
    });
  } catch (error) {
    failedRow(figure, goal, error);
  }
}

/**
 * Ingest with bib OCR and face detection: the CLI import (ingest) into an event with bib search
 * and selfie search on (face jobs store nothing otherwise), then the API's background worker until
 * the event's jobs are done (admin jobs status). Reported.
 */
export async function ingestWithOcr(ctx: Context) {
  const figure = 'ingest with OCR and faces: photos per minute';
  const goal = 'report';
  const config = readFileSync(path.join(ROOT, 'apps/api/dist/config.js'), 'utf8');
  if (!config.includes('OCR_ENABLED')) {
    notAvailable(
      figure,
      goal,
      'this API build does not run OCR at import (no OCR_ENABLED setting); see the bib precision row for readBibs alone',
    );
    return;
  }
  try {
    const count = ctx.quick ? 12 : 60;
    const folder = path.join(ctx.tmp, 'photos-ingest');
    const files = readdirSync(folder).sort().slice(0, count);
    const subset = path.join(ctx.tmp, 'photos-ocr');
    mkdirSync(subset, { recursive: true });
    for (const f of files) copyFileSync(path.join(folder, f), path.join(subset, f));
    // Two photos with real faces (the face engine's samples, read from node_modules), so the
    // faces jobs describe real faces too, not only the generated runners' drawn ones.
    const assets = path.join(
      path.dirname(
        createRequire(path.join(ROOT, 'apps/api/package.json')).resolve('@vladmandic/human'),
      ),
      '..',
      'assets',
    );
    for (const f of REAL_FACES) copyFileSync(path.join(assets, f), path.join(subset, f));
    const photos = files.length + REAL_FACES.length;
    // Selfie search on, as an organiser sets it (the CLI's event config): without it the `faces`
    // jobs are not queued and would store nothing.
    const eventId = await createEvent(ctx, 'Bench ingest OCR', {
      feature_flag: { bib_search: true, selfie_search: true },
    });
    const token = await adminToken(ctx.pglite.store);
    const env = { OCR_ENABLED: 'true', FACES_ENABLED: 'true' };
    const run = await cli(
      ctx.pglite.store,
      ['import', String(eventId), subset, '--concurrency', String(CONCURRENCY)],
      undefined,
      env,
    );
    const api = await startApi(ctx.pglite.store, { jobs: true, env });
    let drainMs = 0;
    let counts: Awaited<ReturnType<typeof waitForJobs>> = null;
    // Meanwhile: what visitors see from the same API process (the worker runs in it).
    let during: LoadResult | null = null;
    let faces: { stored: number | null; note: string } = { stored: null, note: '' };
    try {
      const t = performance.now();
      const load = autocannon({
        url: `${api.url}/api/v1/client/events/organiser/data?app_domain=localhost`,
        connections: 10,
        seconds: Math.min(ctx.seconds, 5),
      }).catch(() => null);
      counts = await waitForJobs(api, token, eventId, 20 * 60_000);
      drainMs = performance.now() - t;
      during = await load;
      faces = await facesStored(api.url, token, eventId);
    } finally {
      await api.stop();
    }
    if (!counts) {
      notAvailable(figure, goal, 'no admin jobs status route to see when OCR is done');
      return;
    }
    const ocrPerMinute = photos / (drainMs / 60_000);
    const perMinute = photos / ((run.ms + drainMs) / 60_000);
    addRow({
      figure,
      value: `${fmt(perMinute)} photos/min (import + OCR + faces); OCR and faces alone ${fmt(ocrPerMinute)} photos/min`,
      baseline: '–',
      ratio: null,
      goal,
      status: 'report',
      notes:
        `${files.length} generated photos + ${REAL_FACES.length} with real faces (${REAL_FACES.join(', ')}): CLI import ${fmt(run.ms / 1000, 1)} s (start-up included), then the API's job worker ` +
        `(default JOB_CONCURRENCY) ${fmt(drainMs / 1000, 1)} s until no job is queued or running; jobs ${JSON.stringify(counts)} ` +
        (counts.done + counts.failed === photos * 3
          ? `(${photos} each of ingest, bibs and faces; the jobs status counts states, not kinds); `
          : `(ingest, bibs and faces; the jobs status counts states, not kinds); `) +
        `event with bib_search and selfie_search on, FACES_ENABLED=true; ` +
        `${faces.note}` +
        (during
          ? `; organiser data from the same API meanwhile (10 connections): ${fmt(during.rps)} req/s, p50 ${fmt(during.p50)} ms, p99 ${fmt(during.p99)} ms`
          : ''),
      data: {
        count: photos,
        importMs: run.ms,
        drainMs,
        counts,
        facesStored: faces.stored,
        perMinute,
        ocrPerMinute,
        during,
      },
    });
  } catch (error) {
    failedRow(figure, goal, error);
  }
}

/**
 * How many faces the event's `faces` jobs stored, read the one way the admin API tells it:
 * `DELETE …/faces` answers `{deleted}` (the bench's event is thrown away after this row).
 */
async function facesStored(
  url: string,
  token: string,
  eventId: number,
): Promise<{ stored: number | null; note: string }> {
  const response = await fetch(`${url}/api/v1/admin/events/${eventId}/faces`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.status === 404 && /Route \w+:/.test(await response.clone().text()))
    return { stored: null, note: 'no admin faces route in this API build: faces stored unknown' };
  if (!response.ok)
    throw new Error(
      `DELETE .../faces: HTTP ${response.status} ${(await response.text()).slice(0, 200)}`,
    );
  const body = (await response.json()) as { data: { deleted: number } };
  return {
    stored: body.data.deleted,
    note: `${fmt(body.data.deleted)} faces stored (counted by the admin DELETE …/faces afterwards)`,
  };
}
