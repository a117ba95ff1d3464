/**
 * Selfie search and "more photos of you" on real race photos, through the API's own path: the
 * photos of the real set (`../shared/data/rbnr-set1/`, read where they are, never copied: the
 * import reads them through links, or copies, in the run's temporary folder) are imported into an event with bib and
 * selfie search on, the API's `faces` and `bibs` jobs work them, and then
 *
 * - each labelled runner seen on two or more photos gives a selfie per photo (their face cut
 *   from it) sent to the selfie route as an image; the photos it answers as `match`, other than
 *   the selfie's own, are right when the runner is labelled on them;
 * - each such runner's bib is asked "more photos of you" (the bib read by the API's own reader):
 *   right when the runner is labelled on the photo answered.
 *
 * The held-out runners (eval-sets/race-faces.ts) are reported apart from the tuning ones.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, linkSync, mkdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import type Sharp from 'sharp';
import { cli, startApi, waitForJobs } from '../lib/api.js';
import type { Context } from '../lib/context.js';
import { BENCH, ROOT, runNodeJson } from '../lib/proc.js';
import { addRow, failedRow, fmt, notAvailable, verdict } from '../lib/table.js';
import { loadRaceFaces, raceFacesAvailable, selfieRegion, type RaceFaces } from '../eval-sets/race-faces.js';
import { readRealRace } from '../eval-sets/real-race.js';
import { RACE_ENV, raceStore } from './race-day.js';

const require = createRequire(path.join(ROOT, 'apps/api/package.json'));
const sharp = require('sharp') as typeof Sharp;

interface Answer {
  status: number;
  photos: Array<{ uuid: string; tier: string; similarity: number; found_by?: 'bib' }>;
  message?: string;
}

interface Tally {
  /** Similarities of the wrong answers, to see how near the bar strangers come. */
  wrongAt?: number[];
  right: number;
  wrong: number;
  /** Of the wrong answers, those the visitor's bib added (`found_by: 'bib'`); the rest matched by face. */
  wrongByBib?: number;
  /** Answers on a photo where the runner's number is visible but not labelled: neither right nor wrong (the set's README). */
  unlabelled?: number;
  relevant: number;
  refused: number;
  asked: number;
}

const empty = (): Tally => ({ right: 0, wrong: 0, relevant: 0, refused: 0, asked: 0 });
const pct = (x: number) => `${fmt(100 * x, 1)} %`;
const precisionOf = (t: Tally) => (t.right + t.wrong === 0 ? 1 : t.right / (t.right + t.wrong));
const recallOf = (t: Tally) => (t.relevant === 0 ? 1 : t.right / t.relevant);

let sent = 0;
/** A new loopback source address every few requests: the searches' per-client budget. */
function agent(): http.Agent {
  sent++;
  return new http.Agent({ localAddress: `127.0.${Math.floor(sent / 5 / 250)}.${2 + (Math.floor(sent / 5) % 250)}` });
}

function request(url: string, body?: { type: string; bytes: Buffer }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: body ? 'POST' : 'GET',
        agent: agent(),
        headers: body ? { 'content-type': body.type, 'content-length': body.bytes.length } : {},
      },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          const json = JSON.parse(text || '{}') as {
            data?: { photos?: Answer['photos'] };
            message?: string;
          };
          resolve({ status: res.statusCode ?? 0, photos: json.data?.photos ?? [], message: json.message });
        });
      },
    );
    req.on('error', reject);
    req.end(body?.bytes);
  });
}

function partOf(set: RaceFaces, runner: string): 'heldOut' | 'tuning' {
  return set.heldOut.has(runner) ? 'heldOut' : 'tuning';
}

export async function realFaces(ctx: Context) {
  const selfieFigure = 'selfie search on real race faces, held-out runners: precision, recall';
  const moreFigure = '"more photos of you" on real race faces, held-out runners: right';
  const goal = 'precision ≥ 95 %, recall ≥ 90 %';
  if (!raceFacesAvailable()) {
    notAvailable(selfieFigure, goal, 'the real race set (../shared/data/rbnr-set1) is not on this machine');
    return;
  }
  try {
    const set = loadRaceFaces();
    const folder = path.join(ctx.tmp, 'race-faces');
    mkdirSync(folder, { recursive: true });
    const fileOf = new Map<string, string>();
    for (const photo of set.photos) {
      // A hard link where the file system allows (no second copy), else a copy in the run's temp folder.
      try {
        linkSync(path.join(set.dir, photo), path.join(folder, photo));
      } catch {
        copyFileSync(path.join(set.dir, photo), path.join(folder, photo));
      }
      fileOf.set(createHash('sha256').update(readFileSync(path.join(set.dir, photo))).digest('hex'), photo);
    }
    // A fresh store: one organiser, one published event with bib and selfie search.
    const { store, eventId, token } = await raceStore();
    await cli(store, ['import', String(eventId), folder], undefined, RACE_ENV);
    const stored = await runNodeJson<Array<{ uuid: string; checksum: string }>>(
      path.join(BENCH, 'workers/race-faces-photos.mjs'),
      [store.dataDir, String(eventId)],
    );
    const photoOf = new Map(stored.map((p) => [p.uuid, fileOf.get(p.checksum)!]));
    const started = performance.now();
    const api = await startApi(store, { jobs: true, env: RACE_ENV });
    try {
      const jobs = await waitForJobs(api, token, eventId, 30 * 60_000);
      const jobsMs = performance.now() - started;
      const photosOf = new Map<string, Set<string>>();
      for (const a of set.appearances)
        photosOf.set(a.runner, (photosOf.get(a.runner) ?? new Set()).add(a.photo));
      const base = `${api.url}/api/v1/client/events/${eventId}/photos`;
      const unlabelledOn = new Map(readRealRace(set.dir).map((p) => [p.file, new Set(p.unlabelled)]));

      const selfies = { tuning: empty(), heldOut: empty() };
      const messages = new Map<string, number>();
      for (const a of set.appearances) {
        const mine = photosOf.get(a.runner)!;
        if (mine.size < 2) continue;
        const tally = selfies[partOf(set, a.runner)];
        tally.asked++;
        tally.relevant += mine.size - 1;
        const image = sharp(path.join(set.dir, a.photo));
        const { width, height } = await image.metadata();
        const region = selfieRegion(a, { width: width!, height: height! });
        const bytes = await image
          .extract({ left: region.x, top: region.y, width: region.width, height: region.height })
          .jpeg({ quality: 92 })
          .toBuffer();
        const answer = await request(`${base}/selfie-search/image`, { type: 'image/jpeg', bytes });
        if (answer.status === 400) {
          tally.refused++;
          messages.set(answer.message ?? '?', (messages.get(answer.message ?? '?') ?? 0) + 1);
          continue;
        }
        if (answer.status !== 200) throw new Error(`selfie search: HTTP ${answer.status} ${answer.message}`);
        for (const p of answer.photos) {
          const photo = photoOf.get(p.uuid);
          if (p.tier !== 'match' || photo === a.photo) continue;
          if (mine.has(photo!)) tally.right++;
          else if (unlabelledOn.get(photo!)?.has(a.runner)) tally.unlabelled = (tally.unlabelled ?? 0) + 1;
          else {
            tally.wrong++;
            if (p.found_by === 'bib') tally.wrongByBib = (tally.wrongByBib ?? 0) + 1;
            (tally.wrongAt ??= []).push(p.similarity);
          }
        }
      }

      const more = { tuning: empty(), heldOut: empty() };
      for (const [runner, mine] of photosOf) {
        if (mine.size < 2) continue;
        const tally = more[partOf(set, runner)];
        tally.asked++;
        const byBib = await request(`${base}?bib=${encodeURIComponent(runner)}&limit=100`);
        const found = new Set(byBib.photos.map((p) => photoOf.get(p.uuid)));
        const answer = await request(`${base}/more-of-bib?bib=${encodeURIComponent(runner)}`);
        if (answer.status !== 200) throw new Error(`more photos of you: HTTP ${answer.status} ${answer.message}`);
        tally.relevant += [...mine].filter((p) => !found.has(p)).length;
        for (const p of answer.photos) {
          if (mine.has(photoOf.get(p.uuid)!)) tally.right++;
          else tally.wrong++;
        }
      }

      const line = (t: Tally) =>
        `precision ${pct(precisionOf(t))}, recall ${pct(recallOf(t))} (${t.right} right, ${t.wrong} wrong of which ${t.wrongByBib ?? 0} added by the bib, ${t.unlabelled ?? 0} on photos where the number is visible unlabelled, ${t.refused} of ${t.asked} selfies refused)`;
      const all: Tally = {
        right: selfies.tuning.right + selfies.heldOut.right,
        wrong: selfies.tuning.wrong + selfies.heldOut.wrong,
        wrongByBib: (selfies.tuning.wrongByBib ?? 0) + (selfies.heldOut.wrongByBib ?? 0),
        unlabelled: (selfies.tuning.unlabelled ?? 0) + (selfies.heldOut.unlabelled ?? 0),
        relevant: selfies.tuning.relevant + selfies.heldOut.relevant,
        refused: selfies.tuning.refused + selfies.heldOut.refused,
        asked: selfies.tuning.asked + selfies.heldOut.asked,
      };
      const held = selfies.heldOut;
      addRow({
        figure: selfieFigure,
        value: `${pct(precisionOf(held))}, ${pct(recallOf(held))}`,
        baseline: '–',
        ratio: null,
        goal,
        status: verdict(precisionOf(held) >= 0.95 && recallOf(held) >= 0.9),
        notes:
          `held out: ${line(held)}; tuning: ${line(selfies.tuning)}; whole set: ${line(all)}. ` +
          `${set.photos.length} real photos imported with bibs and faces on, jobs done in ${fmt(jobsMs / 1000)} s ` +
          `(${jobs ? `${jobs.done} done, ${jobs.failed} failed` : 'no jobs route'}); selfies sent as images to the selfie route` +
          (messages.size ? `; refused with: ${[...messages].map(([m, n]) => `${n}× "${m}"`).join(', ')}` : ''),
        data: { selfies, messages: Object.fromEntries(messages) },
      });
      const rightOf = (t: Tally) => (t.right + t.wrong === 0 ? 1 : t.right / (t.right + t.wrong));
      const moreLine = (t: Tally) =>
        `${t.right} right, ${t.wrong} wrong (${pct(rightOf(t))}), found ${t.right} of ${t.relevant} photos the bib search missed, ${t.asked} bibs asked`;
      addRow({
        figure: moreFigure,
        value: pct(rightOf(more.heldOut)),
        baseline: '–',
        ratio: null,
        goal: '≥ 95 % right',
        status: verdict(rightOf(more.heldOut) >= 0.95),
        notes: `held out: ${moreLine(more.heldOut)}; tuning: ${moreLine(more.tuning)}; bibs read by the API's own reader`,
        data: { more },
      });
    } finally {
      await api.stop();
    }
  } catch (error) {
    failedRow(selfieFigure, goal, error);
  }
}
