/**
 * Soak: the public API under a mixed load for a long while (10 minutes by default) while an
 * import runs, as on a race day: the site's calls (organiser data, the events list, an event's
 * config), photo variants, gallery pages, bib and name searches and a zip download now and then,
 * while an operator imports batches of photos (CLI `import`, worked by the running API). Passes
 * with no error and the API's memory (RSS) growing less than 10 % from the end of the warm-up to
 * the end. Baseline: the same mix on the same API before the import starts.
 *
 * `BENCH_SOAK_SECONDS=<n>` (or `--soak-seconds <n>`) sets the soak's length for a quick look;
 * without it the row runs 10 minutes, `--quick` 1 minute.
 */
import { mkdirSync, readdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { type Api, cli, type GroundTruth, mainEvent, startApi } from '../lib/api.js';
import type { Context } from '../lib/context.js';
import { percentiles } from '../lib/load.js';
import { memoryOf } from '../lib/mem.js';
import { sleep } from '../lib/proc.js';
import { addRow, failedRow, fmt, verdict } from '../lib/table.js';
import { createEvent } from './features.js';
import { makePhotoFolder } from './photos.js';

const FIGURE = 'soak: mixed public load during an import (errors, p99, API RSS)';
const GOAL = '0 errors; RSS growth < 10 % from the end of the warm-up to the end';
/** Requests in flight at once (closed loop), each client waiting THINK_MS between requests. */
const CLIENTS = 8;
const THINK_MS = 20;
/** One photo batch imported every IMPORT_EVERY_MS; a zip downloaded every ZIP_EVERY_MS. */
const BATCH = 10;
const IMPORT_EVERY_MS = 15_000;
const ZIP_EVERY_MS = 15_000;
const ZIP_PHOTOS = 30;
const MB = 2 ** 20;

/** The soak's length in seconds: BENCH_SOAK_SECONDS, `--soak-seconds`, else 600 (60 with --quick). */
export function soakSeconds(quick: boolean, args = process.argv.slice(2)): number {
  const flag = args.indexOf('--soak-seconds');
  const raw =
    (process.env.BENCH_SOAK_SECONDS || undefined) ??
    (flag >= 0 ? args[flag + 1] : args.find((a) => a.startsWith('--soak-seconds='))?.split('=')[1]);
  const seconds = Number(raw);
  if (raw !== undefined && (!Number.isFinite(seconds) || seconds < 20))
    throw new Error(`the soak's length must be at least 20 seconds, not ${raw}`);
  return raw !== undefined ? seconds : quick ? 60 : 600;
}

interface Sample {
  at: number;
  ms: number;
  kind: string;
  ok: boolean;
}

type Kind = { name: string; weight: number; url: () => string; headers?: Record<string, string> };

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;

export async function soak(ctx: Context) {
  const seconds = soakSeconds(ctx.quick);
  try {
    const truth: GroundTruth = ctx.pglite.truth;
    const main = mainEvent(truth);
    const mainPhotos = truth.photos.filter((p) => p.event_id === main.id);
    const bibs = [...new Set(mainPhotos.flatMap((p) => p.bibs.map((b) => b.bib)))];
    const eventId = await createEvent(ctx, 'Bench soak', {
      feature_flag: {
        bib_search: true,
        name_search: true,
        bulk_download: true,
        show_all_images: true,
      },
    });
    const batches = Math.ceil((seconds * 1000) / IMPORT_EVERY_MS) + 1;
    const all = await makePhotoFolder(ctx, 'soak', (batches + 3) * BATCH, {
      distinct: 12,
      seed: 515_000,
    });
    // One folder per batch: the first (three batches) imported before the soak, one each 15 s.
    const files = readdirSync(all).sort();
    const folders: string[] = [];
    for (let b = 0; b <= batches; b++) {
      const from = b === 0 ? 0 : (b + 2) * BATCH;
      const slice = files.slice(from, b === 0 ? 3 * BATCH : from + BATCH);
      if (slice.length === 0) break;
      const folder = path.join(ctx.tmp, `soak-batch-${b}`);
      mkdirSync(folder, { recursive: true });
      for (const f of slice) renameSync(path.join(all, f), path.join(folder, f));
      folders.push(folder);
    }
    const env = { OCR_ENABLED: 'false', FACES_ENABLED: 'false' };
    await cli(ctx.pglite.store, ['import', String(eventId), folders[0]!], undefined, env);
    const api = await startApi(ctx.pglite.store, {
      jobs: true,
      // Searches from one bench address would otherwise be held at 30 a minute.
      env: { ...env, JOB_CONCURRENCY: '1', SEARCHES_PER_MINUTE: '100000' },
    });
    try {
      const soakPhotos = await listUuids(api, eventId, 100);
      // Bib searches where the demo's photos have bibs, when that event allows them.
      const probe = await fetch(
        `${api.url}/api/v1/client/events/${main.id}/photos?bib=${encodeURIComponent(bibs[0] ?? '1')}`,
      );
      await probe.arrayBuffer();
      const bibEvent = probe.status === 200 ? main.id : eventId;
      const kinds = requestMix(
        api,
        main.id,
        eventId,
        bibEvent,
        mainPhotos.map((p) => p.uuid),
        soakPhotos,
        bibs,
      );
      for (const kind of kinds) {
        const response = await fetch(kind.url(), { headers: kind.headers });
        await response.arrayBuffer();
        if (response.status !== 200)
          throw new Error(`${kind.name}: HTTP ${response.status} before the soak`);
      }
      // Warm-up (JIT, caches, the first variants), then the baseline: the same mix, no import.
      await runMix(api, kinds, Math.min(10, seconds / 10) * 1000, { zip: null });
      const baselineMs = Math.min(30, Math.max(10, seconds / 20)) * 1000;
      const baseline = await runMix(api, kinds, baselineMs, { zip: null });

      // The soak: the mix, a zip now and then, and the import, with the API's RSS every second.
      const started = performance.now();
      const rss: Array<{ at: number; rss: number }> = [];
      const sampler = setInterval(() => {
        const m = memoryOf(api.proc.pid);
        if (m) rss.push({ at: performance.now() - started, rss: m.rss });
      }, 1000);
      let imported = 0;
      let importErrors = 0;
      const importing = (async () => {
        for (let b = 1; b < folders.length && performance.now() - started < seconds * 1000; b++) {
          const t = performance.now();
          try {
            await cli(ctx.pglite.store, ['import', String(eventId), folders[b]!], undefined, env);
            imported += readdirSync(folders[b]!).length;
          } catch {
            importErrors++;
          }
          const rest = IMPORT_EVERY_MS - (performance.now() - t);
          const left = seconds * 1000 - (performance.now() - started);
          if (rest > 0) await sleep(Math.min(rest, Math.max(0, left)));
        }
      })();
      const zipIds = soakPhotos.slice(0, ZIP_PHOTOS);
      const result = await runMix(api, kinds, seconds * 1000, {
        zip: { url: `${api.url}/api/v1/client/events/${eventId}/downloads`, ids: zipIds },
      });
      await importing;
      clearInterval(sampler);

      const warmUpMs = Math.min(60_000, seconds * 100);
      const windowMs = Math.max(10_000, Math.min(30_000, seconds * 50));
      const endMs = seconds * 1000;
      const midMs = (warmUpMs + endMs) / 2;
      const around = (from: number, to: number) =>
        percentiles(rss.filter((s) => s.at >= from && s.at <= to).map((s) => s.rss)).p50;
      const memory = {
        start: around(warmUpMs, warmUpMs + windowMs),
        middle: around(midMs - windowMs / 2, midMs + windowMs / 2),
        end: around(endMs - windowMs, endMs + 5000),
        peak: Math.max(...rss.map((s) => s.rss)),
      };
      const growth = (memory.end - memory.start) / memory.start;
      const measured = result.samples.filter((s) => s.at >= warmUpMs);
      const p99 = percentiles(measured.map((s) => s.ms)).p99;
      const errors = result.samples.filter((s) => !s.ok).length + result.zipErrors + importErrors;
      const baseP99 = percentiles(baseline.samples.map((s) => s.ms)).p99;
      const ratio = p99 / baseP99;
      const byKind = Object.fromEntries(
        [...new Set(result.samples.map((s) => s.kind))].map((k) => {
          const of = result.samples.filter((s) => s.kind === k && s.at >= warmUpMs);
          return [k, { n: of.length, p99: percentiles(of.map((s) => s.ms)).p99 }];
        }),
      );
      addRow({
        figure: FIGURE,
        value:
          `${fmt(seconds / 60, 1)} min: ${fmt(result.samples.length + result.zips)} requests, ${errors} errors; ` +
          `p99 ${fmt(p99)} ms; RSS ${fmt(memory.start / MB)} → ${fmt(memory.middle / MB)} → ${fmt(memory.end / MB)} MB (${growth >= 0 ? '+' : ''}${fmt(growth * 100, 1)} %)`,
        baseline: `the same mix before the import, ${fmt(baselineMs / 1000)} s: p99 ${fmt(baseP99)} ms`,
        ratio,
        ratioUnit: 'x',
        goal: GOAL,
        status: verdict(errors === 0 && growth < 0.1),
        notes:
          `${CLIENTS} clients (closed loop, ${THINK_MS} ms apart): organiser data, all-events, event config, variants (w=480, 1280), gallery pages, bib and name searches (SEARCHES_PER_MINUTE=100000: one bench address); ` +
          `${result.zips} zips of ${zipIds.length} photos (every ${ZIP_EVERY_MS / 1000} s); ${imported} photos imported meanwhile in batches of ${BATCH} every ${IMPORT_EVERY_MS / 1000} s (CLI import worked by the API, OCR and faces off); ` +
          `RSS start, middle, end: medians of 1 s samples over ${fmt(windowMs / 1000)} s windows, start after a ${fmt(warmUpMs / 1000)} s warm-up (peak ${fmt(memory.peak / MB)} MB); p99 over requests after the warm-up; ` +
          `p99 by kind: ${Object.entries(byKind)
            .map(([k, v]) => `${k} ${fmt(v.p99)} ms`)
            .join(', ')}; embedded database`,
        data: {
          seconds,
          requests: result.samples.length + result.zips,
          errors,
          errorSamples: result.errorSamples,
          p99,
          baselineP99: baseP99,
          memory,
          growth,
          imported,
          zips: result.zips,
          byKind,
          rss,
        },
      });
    } finally {
      await api.stop();
    }
  } catch (error) {
    failedRow(FIGURE, GOAL, error);
  }
}

async function listUuids(api: Api, eventId: number, limit: number): Promise<string[]> {
  const response = await fetch(`${api.url}/api/v1/client/events/${eventId}/photos?limit=${limit}`);
  if (!response.ok) throw new Error(`the soak event's photos: HTTP ${response.status}`);
  const body = (await response.json()) as { data: { photos: Array<{ uuid: string }> } };
  return body.data.photos.map((p) => p.uuid);
}

function requestMix(
  api: Api,
  mainId: number,
  soakId: number,
  bibEvent: number,
  mainPhotos: string[],
  soakPhotos: string[],
  bibs: string[],
): Kind[] {
  const photos = [...mainPhotos, ...soakPhotos];
  const events = [mainId, soakId];
  const client = `${api.url}/api/v1/client`;
  return [
    {
      name: 'organiser data',
      weight: 12,
      url: () => `${client}/events/organiser/data?app_domain=localhost`,
    },
    {
      name: 'all-events',
      weight: 8,
      url: () => `${client}/events/organiser/all-events?app_domain=localhost&page=1`,
    },
    { name: 'event config', weight: 12, url: () => `${client}/events/${pick(events)}/config` },
    {
      name: 'variant',
      weight: 35,
      url: () => `${api.url}/events/photos/${pick(photos)}?w=${pick([480, 1280])}`,
      headers: { accept: 'image/avif,image/webp,*/*' },
    },
    {
      name: 'gallery page',
      weight: 15,
      url: () => `${client}/events/${pick(events)}/photos?limit=${pick([24, 50, 100])}`,
    },
    {
      name: 'bib search',
      weight: 10,
      url: () =>
        `${client}/events/${bibEvent}/photos?bib=${encodeURIComponent(bibs.length ? pick(bibs) : '101')}`,
    },
    {
      name: 'name search',
      weight: 8,
      url: () => `${client}/events/${soakId}/photos?name=${pick(['Anna', 'Smith', 'Lee', 'Jo'])}`,
    },
  ];
}

async function runMix(
  api: Api,
  kinds: Kind[],
  durationMs: number,
  options: { zip: { url: string; ids: string[] } | null },
): Promise<{
  samples: Sample[];
  zips: number;
  zipErrors: number;
  errorSamples: string[];
}> {
  const total = kinds.reduce((n, k) => n + k.weight, 0);
  const choose = () => {
    let r = Math.random() * total;
    for (const k of kinds) if ((r -= k.weight) < 0) return k;
    return kinds[0]!;
  };
  const started = performance.now();
  const samples: Sample[] = [];
  const errorSamples: string[] = [];
  const over = () => performance.now() - started >= durationMs;
  const fail = (what: string) => {
    if (errorSamples.length < 20) errorSamples.push(what);
  };
  const clients = Array.from({ length: CLIENTS }, async () => {
    while (!over()) {
      const kind = choose();
      const url = kind.url();
      const t = performance.now();
      let ok = false;
      try {
        const response = await fetch(url, { headers: kind.headers });
        await response.arrayBuffer();
        ok = response.status === 200;
        if (!ok) fail(`${kind.name}: HTTP ${response.status} ${url}`);
      } catch (error) {
        fail(`${kind.name}: ${(error as Error).message} ${url}`);
      }
      samples.push({ at: t - started, ms: performance.now() - t, kind: kind.name, ok });
      await sleep(THINK_MS);
    }
  });
  let zips = 0;
  let zipErrors = 0;
  const zipping = (async () => {
    if (!options.zip) return;
    while (!over()) {
      await sleep(Math.min(ZIP_EVERY_MS, Math.max(0, durationMs - (performance.now() - started))));
      if (over()) break;
      try {
        const response = await fetch(options.zip.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ photo_ids: options.zip.ids }),
        });
        const bytes = (await response.arrayBuffer()).byteLength;
        if (response.status !== 200 || bytes !== Number(response.headers.get('content-length'))) {
          zipErrors++;
          fail(`zip: HTTP ${response.status}, ${bytes} bytes`);
        }
      } catch (error) {
        zipErrors++;
        fail(`zip: ${(error as Error).message}`);
      }
      zips++;
    }
  })();
  await Promise.all([...clients, zipping]);
  return { samples, zips, zipErrors, errorSamples };
}
