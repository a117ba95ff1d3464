/**
 * Race day, end to end through the API as photographers and visitors use it, on a fresh store
 * (no other event's backlog), with bib OCR and faces on:
 *
 * - race-day indexing: a burst of photos uploaded as fast as the admin API takes them; photos a
 *   minute from the first upload until every job of the event is done (variants, placeholder,
 *   bib OCR, faces).
 * - time to findable: one photo a second (60 a minute) for a few minutes; for each photo, the
 *   seconds from its upload until a bib search for one of its bibs returns it (p50, p95); photos
 *   whose bib was never read are counted apart (that is reading quality, not speed).
 * - meanwhile, the organiser data call every 250 ms: its p99 is what a visitor opening the site
 *   sees while the platform indexes.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { adminToken, cli, startApi, type Store, waitForJobs } from '../lib/api.js';
import type { Context } from '../lib/context.js';
import { tempDir } from '../lib/proc.js';
import { addRow, failedRow, fmt, verdict } from '../lib/table.js';
import { renderer } from './photos.js';

interface Shot {
  name: string;
  jpeg: Buffer;
  /** Bibs fully visible on it (a search for them should find it). */
  bibs: string[];
}

export async function shots(count: number, seed: number): Promise<Shot[]> {
  const render = await renderer();
  const out: Shot[] = [];
  for (let i = 0; i < count; i++) {
    const scene = (await render({ seed: seed + i })) as Awaited<ReturnType<typeof render>> & {
      bibs?: Array<{ bib: string; occluded: boolean }>;
    };
    out.push({
      name: `race-${seed + i}.jpg`,
      jpeg: scene.jpeg,
      bibs: (scene.bibs ?? []).filter((b) => !b.occluded).map((b) => b.bib),
    });
  }
  return out;
}

export async function uploadOne(url: string, token: string, eventId: number, shot: Shot): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(shot.jpeg)], { type: 'image/jpeg' }), shot.name);
  const res = await fetch(`${url}/api/v1/admin/events/${eventId}/photos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (res.status !== 202) throw new Error(`upload ${shot.name}: HTTP ${res.status} ${(await res.text()).slice(0, 200)}`);
  const body = (await res.json()) as { data: { accepted: Array<{ uuid: string }> } };
  return body.data.accepted[0]!.uuid;
}

/** Uploads the shots in order, two in flight, as a photographer's uploader keeps them. */
export async function uploadBurst(url: string, token: string, eventId: number, burst: readonly Shot[]): Promise<void> {
  let next = 0;
  await Promise.all(
    [0, 1].map(async () => {
      while (next < burst.length) await uploadOne(url, token, eventId, burst[next++]!);
    }),
  );
}

export async function bibSearch(url: string, eventId: number, bib: string): Promise<string[]> {
  const res = await fetch(`${url}/api/v1/client/events/${eventId}/photos?bib=${encodeURIComponent(bib)}&limit=100`);
  if (!res.ok) return [];
  const body = (await res.json()) as { data: { photos: Array<{ uuid: string }> } };
  return body.data.photos.map((p) => p.uuid);
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;

/** The organiser data call every `everyMs` until stopped: its latencies, ms. */
function sampleOrganiserData(url: string, everyMs: number) {
  const latencies: number[] = [];
  let errors = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      const t = performance.now();
      try {
        const res = await fetch(`${url}/api/v1/client/events/organiser/data?app_domain=localhost`);
        await res.arrayBuffer();
        if (res.ok) latencies.push(performance.now() - t);
        else errors++;
      } catch {
        errors++;
      }
      await new Promise((r) => setTimeout(r, Math.max(0, everyMs - (performance.now() - t))));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      const sorted = [...latencies].sort((a, b) => a - b);
      return { samples: sorted.length, errors, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
    },
  };
}

/** A fresh store with one organiser (localhost) and one published event with bib and selfie search. */
export async function raceStore(): Promise<{ store: Store; eventId: number; token: string }> {
  const dir = tempDir('race-day');
  const store: Store = { dataDir: path.join(dir, 'data') };
  const organiser = path.join(dir, 'organiser.json');
  writeFileSync(organiser, JSON.stringify({ name: 'Race Day Photos', domains: ['localhost'] }));
  await cli(store, ['organiser', 'apply', organiser]);
  const config = path.join(dir, 'event-config.json');
  writeFileSync(config, JSON.stringify({ feature_flag: { bib_search: true, selfie_search: true } }));
  const created = await cli(store, ['event', 'create', '--organiser', 'localhost', '--name', 'Race Day', '--date', '2026-11-25', '--published', '--config', config]);
  const id = /Created event (\d+)/.exec(created.stdout)?.[1];
  if (!id) throw new Error(`cannot read the new event's id from: ${created.stdout.trim()}`);
  return { store, eventId: Number(id), token: await adminToken(store) };
}

/** One more published event of the race store's organiser, with bib search. */
export async function anotherRaceEvent(store: Store, name: string): Promise<number> {
  const config = path.join(path.dirname(store.dataDir), `event-config-${name.replace(/\W+/g, '-')}.json`);
  writeFileSync(config, JSON.stringify({ feature_flag: { bib_search: true, selfie_search: true } }));
  const created = await cli(store, ['event', 'create', '--organiser', 'localhost', '--name', name, '--date', '2026-11-26', '--published', '--config', config]);
  const id = /Created event (\d+)/.exec(created.stdout)?.[1];
  if (!id) throw new Error(`cannot read the new event's id from: ${created.stdout.trim()}`);
  return Number(id);
}

export const RACE_ENV = { OCR_ENABLED: 'true', FACES_ENABLED: 'true', SEARCHES_PER_MINUTE: '100000' };

export async function raceDayIndexing(ctx: Context) {
  const figure = 'race-day indexing: photos a minute from upload to findable (OCR and faces on)';
  const goal = '≥ 90 photos/min';
  try {
    const count = ctx.quick ? 30 : 180;
    const burst = await shots(count, 5_100_000);
    const [warmUp] = await shots(1, 5_099_999);
    const { store, eventId, token } = await raceStore();
    const api = await startApi(store, { jobs: true, env: RACE_ENV });
    try {
      // On race day the platform is already running: its engines have loaded their models. One
      // photo before the burst loads them here, and is not counted.
      await uploadOne(api.url, token, eventId, warmUp!);
      await waitForJobs(api, token, eventId, 10 * 60_000);
      const sampler = sampleOrganiserData(api.url, 250);
      const t0 = performance.now();
      await uploadBurst(api.url, token, eventId, burst);
      const uploadedMs = performance.now() - t0;
      const counts = await waitForJobs(api, token, eventId, 60 * 60_000);
      const totalMs = performance.now() - t0;
      const during = await sampler.stop();
      const perMinute = count / (totalMs / 60_000);
      addRow({
        figure,
        value: `${fmt(perMinute)} photos/min`,
        baseline: '–',
        ratio: null,
        goal,
        status: verdict(perMinute >= 90),
        notes:
          `${count} generated 1600×1067 race photos uploaded through the admin API (2 at a time) in ${fmt(uploadedMs / 1000, 1)} s, all jobs done after ${fmt(totalMs / 1000, 1)} s (${JSON.stringify(counts)}, with one warm-up photo's before the burst); ` +
          `one API process with its default job worker, OCR_ENABLED and FACES_ENABLED on, event with bib and selfie search; ` +
          `organiser data meanwhile (every 250 ms): p50 ${fmt(during.p50)} ms, p99 ${fmt(during.p99)} ms, ${during.errors} errors`,
        data: { count, uploadedMs, totalMs, perMinute, counts, during },
      });
    } finally {
      await api.stop();
    }
  } catch (error) {
    failedRow(figure, goal, error);
  }
}

export async function timeToFindable(ctx: Context) {
  const figure = 'time to findable at 60 uploads a minute: p50 / p95 s from upload to a bib search returning the photo';
  const goal = 'p95 ≤ 60 s; organiser data p99 < 50 ms meanwhile';
  try {
    const seconds = ctx.quick ? 60 : Number(process.env.BENCH_RACE_SECONDS ?? 300);
    const steady = await shots(seconds, 5_200_000);
    const { store, eventId, token } = await raceStore();
    const api = await startApi(store, { jobs: true, env: RACE_ENV });
    try {
      const pending = new Map<string, { at: number; bibs: string[] }>();
      const latencies: number[] = [];
      const withoutBib: string[] = [];
      let uploading = true;
      let lastUpload = performance.now();
      const sampler = sampleOrganiserData(api.url, 250);
      // The visitor side: every second, a bib search for each photo not yet found.
      const poller = (async () => {
        for (;;) {
          const now = performance.now();
          for (const [uuid, p] of pending) {
            for (const bib of p.bibs) {
              if ((await bibSearch(api.url, eventId, bib)).includes(uuid)) {
                latencies.push((performance.now() - p.at) / 1000);
                pending.delete(uuid);
                break;
              }
            }
          }
          // Once uploads stop: the rest are waited for up to 3 minutes after the last upload.
          if (!uploading && (pending.size === 0 || performance.now() - lastUpload > 180_000)) break;
          await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (performance.now() - now))));
        }
      })();
      const start = performance.now();
      for (let i = 0; i < steady.length; i++) {
        const due = start + i * 1000;
        await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
        const shot = steady[i]!;
        const at = performance.now();
        const uuid = await uploadOne(api.url, token, eventId, shot);
        lastUpload = performance.now();
        if (shot.bibs.length) pending.set(uuid, { at, bibs: shot.bibs });
        else withoutBib.push(uuid);
      }
      uploading = false;
      await poller;
      const during = await sampler.stop();
      const never = pending.size;
      const sorted = [...latencies].sort((a, b) => a - b);
      const p50 = quantile(sorted, 0.5);
      const p95 = quantile(sorted, 0.95);
      addRow({
        figure,
        value: `p50 ${fmt(p50, 1)} s, p95 ${fmt(p95, 1)} s; organiser data p99 ${fmt(during.p99)} ms`,
        baseline: '–',
        ratio: null,
        goal,
        status: verdict(p95 <= 60 && during.p99 < 50),
        notes:
          `${steady.length} photos, one a second for ${seconds} s, through the admin API; ${latencies.length} found by a bib search of a visible bib, ` +
          `${never} never found within 3 minutes of the last upload (the bib was not read: reading quality, not speed), ${withoutBib.length} without a visible bib; ` +
          `a visitor's search every second per pending photo; organiser data every 250 ms: p50 ${fmt(during.p50)} ms, p99 ${fmt(during.p99)} ms (${during.samples} calls, ${during.errors} errors); ` +
          `one API process with its default job worker, OCR and faces on` +
          (ctx.quick ? '; quick run: 60 s (full run 300 s, BENCH_RACE_SECONDS)' : ''),
        data: { seconds, found: latencies.length, never, withoutBib: withoutBib.length, p50, p95, latencies: sorted, during },
      });
    } finally {
      await api.stop();
    }
  } catch (error) {
    failedRow(figure, goal, error);
  }
}

/**
 * A running event's new photos while another event's import drains: an old event's photos are
 * uploaded all at once (a backlog of every job kind), then the running event gets one photo
 * every two seconds; per photo of the running event, the seconds until a bib search finds it.
 * Events take turns in the job queue, so they should not wait for the import: the baseline is
 * how long the import's own jobs take to drain from the first live upload, what a first-come
 * first-served queue would have made the first live photo wait at least.
 */
export async function findableBesideImport(ctx: Context) {
  const figure = "a running event's photos findable while another event's import drains: p95 s from upload to a bib search returning the photo";
  const goal = 'p95 ≤ 60 s, well under the import’s drain time';
  try {
    const backlogCount = ctx.quick ? 40 : 150;
    const liveCount = ctx.quick ? 10 : 20;
    const backlog = await shots(backlogCount, 5_400_000);
    const live = await shots(liveCount, 5_500_000);
    const [warmUp] = await shots(1, 5_399_999);
    const { store, eventId: oldEvent, token } = await raceStore();
    const liveEvent = await anotherRaceEvent(store, 'Live 10K');
    const api = await startApi(store, { jobs: true, env: RACE_ENV });
    try {
      await uploadOne(api.url, token, liveEvent, warmUp!);
      await waitForJobs(api, token, liveEvent, 10 * 60_000);
      await uploadBurst(api.url, token, oldEvent, backlog);
      const liveStart = performance.now();
      const drained = waitForJobs(api, token, oldEvent, 60 * 60_000).then(() => (performance.now() - liveStart) / 1000);
      const pending = new Map<string, { at: number; bibs: string[] }>();
      const latencies: number[] = [];
      let uploading = true;
      let lastUpload = performance.now();
      const poller = (async () => {
        for (;;) {
          const now = performance.now();
          for (const [uuid, p] of pending) {
            for (const bib of p.bibs) {
              if ((await bibSearch(api.url, liveEvent, bib)).includes(uuid)) {
                latencies.push((performance.now() - p.at) / 1000);
                pending.delete(uuid);
                break;
              }
            }
          }
          if (!uploading && (pending.size === 0 || performance.now() - lastUpload > 300_000)) break;
          await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (performance.now() - now))));
        }
      })();
      for (let i = 0; i < live.length; i++) {
        await new Promise((r) => setTimeout(r, Math.max(0, liveStart + i * 2000 - performance.now())));
        const at = performance.now();
        const uuid = await uploadOne(api.url, token, liveEvent, live[i]!);
        lastUpload = performance.now();
        if (live[i]!.bibs.length) pending.set(uuid, { at, bibs: live[i]!.bibs });
      }
      uploading = false;
      await poller;
      const drainSeconds = await drained;
      const sorted = [...latencies].sort((a, b) => a - b);
      const p50 = quantile(sorted, 0.5);
      const p95 = quantile(sorted, 0.95);
      addRow({
        figure,
        value: `p50 ${fmt(p50, 1)} s, p95 ${fmt(p95, 1)} s`,
        baseline: `the import drained ${fmt(drainSeconds, 0)} s after the first live upload`,
        ratio: drainSeconds > 0 ? p95 / drainSeconds : null,
        goal,
        status: verdict(p95 <= 60 && p95 < drainSeconds / 2),
        notes:
          `${backlogCount} photos of an old event uploaded at once (2 in flight), then ${live.length} of a running event, one every 2 s; ` +
          `${latencies.length} of the running event's photos found by a bib search of a visible bib, ${pending.size} never (bib not read); ` +
          `one API process with its default job worker, OCR and faces on` +
          (ctx.quick ? `; quick run (full run: 150 and 20 photos)` : ''),
        data: { backlogCount, live: live.length, p50, p95, drainSeconds, latencies: sorted },
      });
    } finally {
      await api.stop();
    }
  } catch (error) {
    failedRow(figure, goal, error);
  }
}
