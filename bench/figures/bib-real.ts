/**
 * Bib search on real race photos, through the path a visitor's search takes: the photos uploaded
 * through the admin API to one event with the default bib settings (threshold 0.8, no format, no
 * race results), the `bibs` jobs run by the API's worker, then a public bib search for every
 * number the event knows. Scored as (photo, number) pairs on the tuning part and on the held-out
 * part of the real set (bench/eval-sets/real-race.ts), each its own row. The photos are read from
 * the shared data folder at run time; the row says so and is skipped when it is not there.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { adminToken, cli, startApi, waitForJobs, type Store } from '../lib/api.js';
import type { Context } from '../lib/context.js';
import { tempDir } from '../lib/proc.js';
import { addRow, failedRow, fmt, verdict } from '../lib/table.js';
import {
  loadRealRace,
  realRaceAvailable,
  REAL_RACE_DIR,
  scorePairs,
  type PairScore,
  type RealPhoto,
} from '../eval-sets/real-race.js';
import { bibSearch, uploadOne } from './race-day.js';

const GOAL = 'precision ≥ 97 %, recall ≥ 90 %';

export interface RealRaceSearch {
  tuning: PairScore;
  heldOut: PairScore;
  whole: PairScore;
  photos: number;
  /** Wall time from the first upload until every job was done. */
  indexingMs: number;
  /** Per photo of each part: the numbers a search finds it by, and its readings under the threshold. */
  found: Record<string, string[]>;
  below: Record<string, Array<{ bib: string; confidence: number }>>;
}

interface AdminPhotoPage {
  data: {
    photos: Array<{ uuid: string; bibs: Array<{ bib: string; source: string; confidence: number }> }>;
    pagination: { total_pages: number };
  };
}

/** Uploads the real set to a fresh event and searches it as a visitor. */
export async function realRaceSearch(threshold = 0.8): Promise<RealRaceSearch> {
  const { tuning, heldOut } = loadRealRace();
  const photos: RealPhoto[] = [...tuning, ...heldOut].sort((a, b) => a.file.localeCompare(b.file));
  const dir = tempDir('bib-real');
  const store: Store = { dataDir: path.join(dir, 'data') };
  const organiser = path.join(dir, 'organiser.json');
  writeFileSync(organiser, JSON.stringify({ name: 'Real Race Photos', domains: ['localhost'] }));
  await cli(store, ['organiser', 'apply', organiser]);
  const config = path.join(dir, 'event-config.json');
  writeFileSync(
    config,
    JSON.stringify({
      feature_flag: { bib_search: true },
      ...(threshold !== 0.8 ? { bib_config: { global_confidence_threshold: threshold } } : {}),
    }),
  );
  const created = await cli(store, [
    'event', 'create', '--organiser', 'localhost', '--name', 'Real Race', '--date', '2026-11-28',
    '--published', '--config', config,
  ]);
  const eventId = Number(/Created event (\d+)/.exec(created.stdout)?.[1]);
  if (!eventId) throw new Error(`cannot read the new event's id from: ${created.stdout.trim()}`);
  const token = await adminToken(store);
  const api = await startApi(store, {
    jobs: true,
    // The product's defaults: face detection on, so the bib reader knows where the heads are
    // (the event's selfie search stays off: no face is described or stored).
    env: { OCR_ENABLED: 'true', FACES_ENABLED: 'true', SEARCHES_PER_MINUTE: '100000' },
  });
  try {
    const fileOf = new Map<string, string>();
    const t0 = performance.now();
    // In the photographer's order, two in flight, as the console's uploader sends them.
    let next = 0;
    await Promise.all(
      [0, 1].map(async () => {
        while (next < photos.length) {
          const photo = photos[next++]!;
          const uuid = await uploadOne(api.url, token, eventId, {
            name: photo.file,
            jpeg: readFileSync(photo.path),
            bibs: [],
          });
          fileOf.set(uuid, photo.file);
        }
      }),
    );
    const counts = await waitForJobs(api, token, eventId, 30 * 60_000);
    const indexingMs = performance.now() - t0;
    if (!counts || counts.queued + counts.running > 0 || counts.failed > 0)
      throw new Error(`the event's jobs did not all finish: ${JSON.stringify(counts)}`);
    // Every number the event read, at any confidence, and every labelled one: each searched.
    const numbers = new Set(photos.flatMap((p) => p.bibs.map((b) => b.number)));
    const below: Record<string, Array<{ bib: string; confidence: number }>> = {};
    for (let page = 1, pages = 1; page <= pages; page++) {
      const res = await fetch(
        `${api.url}/api/v1/admin/events/${eventId}/photos?page=${page}&page_size=200`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      if (!res.ok) throw new Error(`admin photos: HTTP ${res.status}`);
      const body = (await res.json()) as AdminPhotoPage;
      pages = body.data.pagination.total_pages;
      for (const photo of body.data.photos) {
        for (const b of photo.bibs) numbers.add(b.bib);
        below[fileOf.get(photo.uuid)!] = photo.bibs
          .filter((b) => b.confidence < threshold)
          .map((b) => ({ bib: b.bib, confidence: b.confidence }));
      }
    }
    const found: Record<string, string[]> = {};
    for (const number of numbers)
      for (const uuid of await bibSearch(api.url, eventId, number))
        (found[fileOf.get(uuid)!] ??= []).push(number);
    const foundMap = new Map(Object.entries(found));
    return {
      tuning: scorePairs(tuning, foundMap),
      heldOut: scorePairs(heldOut, foundMap),
      whole: scorePairs(photos, foundMap),
      photos: photos.length,
      indexingMs,
      found,
      below,
    };
  } finally {
    await api.stop();
  }
}

const pct = (x: number) => `${fmt(x * 100, 1)} %`;
const scoreText = (s: PairScore) =>
  `precision ${pct(s.precision)}, recall ${pct(s.recall)} (${s.right} right, ${s.wrong} wrong of ${s.labelled} labelled)`;

export async function bibRealRace(_ctx: Context): Promise<void> {
  const figures = [
    'bib search on real race photos, held-out third (visitor path, default settings)',
    'bib search on real race photos, tuning part (visitor path, default settings)',
  ];
  if (!realRaceAvailable()) {
    for (const figure of figures)
      addRow({
        figure,
        value: `not measured: the real photos are not at ${REAL_RACE_DIR} (REAL_RACE_DIR)`,
        baseline: '–',
        ratio: null,
        goal: GOAL,
        status: 'n/a',
        notes: '',
      });
    return;
  }
  try {
    const r = await realRaceSearch();
    const notes =
      `${r.photos} photos uploaded through the admin API to one event (bib search on, threshold 0.8, no format, no results), ` +
      `all jobs done in ${fmt(r.indexingMs / 1000, 1)} s; every number read and every labelled number searched through the public bib search; ` +
      `pairs (photo, number); a number really on the photo but not labelled counts neither way; whole set: ${scoreText(r.whole)}`;
    for (const [figure, score] of [
      [figures[0]!, r.heldOut],
      [figures[1]!, r.tuning],
    ] as const)
      addRow({
        figure,
        value: scoreText(score),
        baseline: '–',
        ratio: null,
        goal: GOAL,
        status: verdict(score.precision >= 0.97 && score.recall >= 0.9),
        notes,
        data: { ...score },
      });
  } catch (error) {
    for (const figure of figures) failedRow(figure, GOAL, error);
  }
}
