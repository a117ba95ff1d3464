/**
 * Faces: the product's face engine (`detectFaces` from apps/api/dist/faces, the function the
 * `faces` job calls) measured in its own processes. Throughput with one process per core beside
 * one process alone, on generated race photos and on photos with real faces; and identification
 * on the labelled faces available (the sample images inside @vladmandic/human/assets, read from
 * node_modules at run time).
 */
import { once } from 'node:events';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Context } from '../lib/context.js';
import { BENCH, ROOT, runNodeJson, start, type Started } from '../lib/proc.js';
import { addRow, failedRow, fmt, notAvailable } from '../lib/table.js';
import { renderer } from './photos.js';

const FACES = path.join(ROOT, 'apps/api/dist/faces/index.js');
const THROUGHPUT = path.join(BENCH, 'workers/faces-throughput.mjs');
const ACCURACY = path.join(BENCH, 'workers/faces-accuracy.mjs');

/** The sample images with real faces; the full run adds the heavier ones (the wall has 33 faces). */
const REAL_QUICK = ['screenshot-faceid.jpg', 'screenshot-facedetect.jpg'];
const REAL_FULL = [...REAL_QUICK, 'screenshot-vrm.jpg', 'samples.jpg', 'screenshot-facematch.jpg'];

type Kind = 'generated' | 'real';
interface Photo {
  file: string;
  kind: Kind;
}
interface PassResult {
  loadMs: number;
  wallMs: number;
  results: Array<{ kind: Kind; ms: number; faces: number }>;
}
interface Pass {
  processes: number;
  perMinute: number;
  byKind: Record<Kind, number>;
  wallMs: number;
  loadMs: number[];
  photos: number;
  perProcess: PassResult[];
}

function humanAssets(): string {
  const require = createRequire(path.join(ROOT, 'apps/api/package.json'));
  return path.join(path.dirname(require.resolve('@vladmandic/human')), '..', 'assets');
}

async function photoList(ctx: Context): Promise<{ list: string; photos: Photo[] }> {
  const dir = path.join(ctx.tmp, 'faces-photos');
  mkdirSync(dir, { recursive: true });
  const render = await renderer();
  const generated = ctx.quick ? 2 : 12;
  const photos: Photo[] = [];
  for (let i = 0; i < generated; i++) {
    const file = path.join(dir, `race-${String(i).padStart(2, '0')}.jpg`);
    writeFileSync(file, (await render({ seed: 515_000 + i })).jpeg);
    photos.push({ file, kind: 'generated' });
  }
  const assets = humanAssets();
  for (const name of ctx.quick ? REAL_QUICK : REAL_FULL) {
    const file = path.join(assets, name);
    if (!existsSync(file)) throw new Error(`${file} is missing (is @vladmandic/human installed?)`);
    photos.push({ file, kind: 'real' });
  }
  const list = path.join(dir, 'list.json');
  writeFileSync(list, JSON.stringify(photos));
  return { list, photos };
}

/** `processes` workers load the models, then start together and each works the whole list once. */
async function pass(list: string, photos: Photo[], processes: number): Promise<Pass> {
  const workers: Started[] = [];
  try {
    for (let i = 0; i < processes; i++) {
      workers.push(
        start(
          process.execPath,
          [THROUGHPUT, list, String(i * Math.ceil(photos.length / processes))],
          {
            name: `faces-${i}`,
            stdio: ['pipe', 'pipe', 'pipe'],
            env: { ...process.env, LOG_LEVEL: 'warn' },
          },
        ),
      );
    }
    const deadline = Date.now() + 10 * 60_000;
    for (const w of workers) {
      while (!w.output().includes('ready')) {
        if (w.child.exitCode !== null)
          throw new Error(`a face worker exited: ${w.output().slice(-600)}`);
        if (Date.now() > deadline)
          throw new Error('the face workers did not load their models in 10 min');
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const exits = workers.map((w) => once(w.child, 'exit'));
    for (const w of workers) w.child.stdin!.write('go\n');
    await Promise.all(exits);
    const perProcess = workers.map((w) => {
      const last = w.output().trim().split('\n').pop() ?? '';
      const parsed = JSON.parse(last) as PassResult & { missing?: string };
      if (parsed.missing) throw new Error(parsed.missing);
      return parsed;
    });
    const total = perProcess.reduce((n, p) => n + p.results.length, 0);
    const wallMs = Math.max(...perProcess.map((p) => p.wallMs));
    const byKind = { generated: 0, real: 0 };
    for (const kind of ['generated', 'real'] as const) {
      // Each process's own rate on the kind (photos over the time it spent on them), summed.
      for (const p of perProcess) {
        const mine = p.results.filter((r) => r.kind === kind);
        const ms = mine.reduce((s, r) => s + r.ms, 0);
        if (ms > 0) byKind[kind] += mine.length / (ms / 60_000);
      }
    }
    return {
      processes,
      perMinute: total / (wallMs / 60_000),
      byKind,
      wallMs,
      loadMs: perProcess.map((p) => p.loadMs),
      photos: total,
      perProcess,
    };
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
  }
}

export async function faceThroughput(ctx: Context) {
  const cores = os.availableParallelism();
  const figure = `face embedding throughput, ${cores} processes (one per core): photos per minute`;
  const goal = 'report';
  if (!existsSync(FACES)) {
    notAvailable(figure, goal, 'apps/api/dist/faces/index.js is not built');
    return;
  }
  try {
    const { list, photos } = await photoList(ctx);
    const one = await pass(list, photos, 1);
    const many = await pass(list, photos, cores);
    const facesOf = (kind: Kind) =>
      one.perProcess[0]!.results.filter((r) => r.kind === kind).reduce((n, r) => n + r.faces, 0);
    const countOf = (kind: Kind) => photos.filter((p) => p.kind === kind).length;
    const ratio = many.perMinute / one.perMinute;
    addRow({
      figure,
      value:
        `${fmt(many.perMinute, 1)} photos/min (generated ${fmt(many.byKind.generated, 1)}, ` +
        `real faces ${fmt(many.byKind.real, 1)})`,
      baseline:
        `1 process: ${fmt(one.perMinute, 1)} photos/min (generated ${fmt(one.byKind.generated, 1)}, ` +
        `real faces ${fmt(one.byKind.real, 1)})`,
      ratio,
      goal,
      status: 'report',
      notes:
        `detectFaces (apps/api/dist/faces, engine worker thread) in ${cores} node processes started together, ` +
        `each over the same ${photos.length} photos once (${countOf('generated')} generated 1600×1067 race photos: ` +
        `${facesOf('generated')} faces found; ${countOf('real')} sample images of @vladmandic/human with real faces ` +
        `(${photos
          .filter((p) => p.kind === 'real')
          .map((p) => path.basename(p.file))
          .join(', ')}): ${facesOf('real')} faces); ` +
        `per kind = each process's photos over its time on them, summed; wall ${fmt(many.wallMs / 1000, 1)} s ` +
        `vs ${fmt(one.wallMs / 1000, 1)} s alone; model load + first photo (not counted) ` +
        `${many.loadMs.map((ms) => fmt(ms / 1000, 1)).join(', ')} s; ${os.cpus().length} CPUs shared with the rest of the machine`,
      data: {
        cores,
        photos: photos.map((p) => ({ file: path.basename(p.file), kind: p.kind })),
        one,
        many,
      },
    });
  } catch (error) {
    failedRow(figure, goal, error);
  }
}

interface Spread {
  n: number;
  min: number;
  p10: number;
  median: number;
  p90: number;
  max: number;
}
interface Accuracy {
  missing?: string;
  images: string[];
  galleryFaces: number;
  identities: number;
  manFaces: number;
  ambiguous: number;
  augmentsPerFace: number;
  queries: number;
  queriesFound: number;
  rank1: number;
  rank1Self: number;
  rank1Found: number | null;
  misses: Array<{ id: string; best: string | null }>;
  portrait: {
    rowManRank: number;
    rowManSimilarity: number;
    nearestIsMan: boolean;
    bestOtherId: string;
    bestOtherSimilarity: number;
  };
  thresholds: { match: number; maybe: number };
  same: Spread;
  sameTwoPhotos: Spread | null;
  sameAugmented: Spread | null;
  different: Spread;
  sameTwoPhotosAtMatch: number | null;
  sameTwoPhotosAtMaybe: number | null;
  differentAtMatch: number;
  differentAtMaybe: number;
  galleryMs: number;
  queryMs: number;
}

const spreadText = (s: Spread | null) =>
  s
    ? `n ${s.n}: ${[s.min, s.p10, s.median, s.p90, s.max].map((v) => fmt(v, 3)).join(' / ')}`
    : 'none';
const pct = (v: number | null) => (v === null ? '–' : `${fmt(v * 100)} %`);

export async function faceAccuracy(ctx: Context) {
  const figure = 'face identification on the labelled sample faces: rank-1, similarity margins';
  const goal = 'report';
  if (!existsSync(FACES)) {
    notAvailable(figure, goal, 'apps/api/dist/faces/index.js is not built');
    return;
  }
  try {
    const seed = 7;
    const r = await runNodeJson<Accuracy>(ACCURACY, [ctx.quick ? 'quick' : 'full', String(seed)], {
      env: { ...process.env, LOG_LEVEL: 'warn' },
      timeoutMs: 20 * 60_000,
    });
    if (r.missing) {
      notAvailable(figure, goal, r.missing);
      return;
    }
    const margin = r.same.min - r.different.max;
    const twoPhotoMargin = r.sameTwoPhotos ? r.sameTwoPhotos.min - r.different.max : null;
    addRow({
      figure,
      value:
        `rank-1 ${fmt(r.rank1 * 100, 1)} % of ${r.queries} queries` +
        (r.rank1Found !== null && r.queriesFound < r.queries
          ? ` (${fmt(r.rank1Found * 100, 1)} % of the ${r.queriesFound} where a face was found)`
          : '') +
        `; portrait → his face on the five-face row: ${fmt(r.portrait.rowManSimilarity, 3)}, rank ${r.portrait.rowManRank} among other people's faces ` +
        `(best other person ${fmt(r.portrait.bestOtherSimilarity, 3)}; nearest face ${r.portrait.nearestIsMan ? 'his' : "someone else's"}); ` +
        `same person min ${fmt(r.same.min, 3)} vs different people max ${fmt(r.different.max, 3)} (margin ${fmt(margin, 3)})`,
      baseline: '–',
      ratio: null,
      goal,
      status: 'report',
      notes:
        `${r.images.join(', ')} from @vladmandic/human/assets (node_modules): gallery ${r.galleryFaces} faces, ${r.identities} identities ` +
        `(the portrait's man: ${r.manFaces} faces; the rest one identity each${r.ambiguous ? `; ${r.ambiguous} unsure face left out` : ''}), ` +
        `labelled by eye (docs/selfie-search.md, "Measured by the bench"); queries: ${r.augmentsPerFace} seeded (seed ${seed}) augmented copies of each gallery face ` +
        `(re-crop, mirror half the time, 70 %, rotation ±6°, brightness 0.8–1.2, JPEG q20), ${r.queriesFound} with a face found, ranked against the whole gallery ` +
        `(its own face included), right when the first is the same person (its own face first: ${fmt(r.rank1Self * 100, 1)} %)` +
        `${r.misses.length ? `; misses ${r.misses.map((m) => `${m.id}→${m.best ?? 'no face'}`).join(', ')}` : ''}. ` +
        `Similarity min / p10 / median / p90 / max: same person, two photos ${spreadText(r.sameTwoPhotos)}; ` +
        `augmented copy vs original ${spreadText(r.sameAugmented)}; different people ${spreadText(r.different)}. ` +
        `At the event threshold ${fmt(r.thresholds.match, 2)}: ${pct(r.sameTwoPhotosAtMatch)} of same-person two-photo pairs, ` +
        `${pct(r.differentAtMatch)} of different-person pairs; at the "maybe" floor ${fmt(r.thresholds.maybe, 2)}: ` +
        `${pct(r.sameTwoPhotosAtMaybe)} and ${pct(r.differentAtMaybe)}` +
        (twoPhotoMargin !== null ? `; two-photo margin ${fmt(twoPhotoMargin, 3)}` : '') +
        `; ${fmt((r.galleryMs + r.queryMs) / 1000, 1)} s`,
      data: { ...r, seed, margin, twoPhotoMargin },
    });
  } catch (error) {
    failedRow(figure, goal, error);
  }
}
