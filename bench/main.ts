/**
 * `npm run bench [-- --quick] [-- --only a,b]`: measures the product on this machine, each figure
 * beside a baseline measured in the same run. Started by bench/run.mjs (which builds what is
 * missing) with tsx. Rows print as they fill; bench/results/latest.{json,md} at the end.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDemo, openApi, startApi } from './lib/api.js';
import type { Context } from './lib/context.js';
import { cleanupAll, ROOT, tempDir } from './lib/proc.js';
import { addRow, loadAverage, type Meta, rows, writeResults } from './lib/table.js';
import { apiJson } from './figures/api-json.js';
import { photoCached } from './figures/photo-cached.js';
import { firstVariant, ingest, ingestWithOcr } from './figures/ingest.js';
import { probeFeatures, search, selfie } from './figures/features.js';
import { zip } from './figures/zip.js';
import { bibQuality } from './figures/bib-quality.js';
import { bibHeldOut } from './figures/bib-heldout.js';
import { bibRealRace } from './figures/bib-real.js';
import { faceAccuracy, faceThroughput } from './figures/faces.js';
import { realFaces } from './figures/faces-real.js';
import { site } from './figures/site.js';
import { video } from './figures/video.js';
import { postgres } from './figures/postgres.js';
import { scaleOut } from './figures/scale-out.js';
import { soak } from './figures/soak.js';
import { findableBesideImport, raceDayIndexing, timeToFindable } from './figures/race-day.js';
import { galleryAfterMarkChange, watermarkedFirstVariant } from './figures/watermark.js';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const onlyArg = args.find((a) => a.startsWith('--only'));
const only = onlyArg
  ? (onlyArg.includes('=')
      ? onlyArg.split('=')[1]!
      : (args[args.indexOf(onlyArg) + 1] ?? '')
    ).split(',')
  : null;
const wants = (id: string) => !only || only.includes(id);

// 'features' is zip, search and selfie; each can also be asked for alone.
const FIGURES = [
  'api',
  'photo',
  'features',
  'zip',
  'search',
  'selfie',
  'site',
  'video',
  'ingest',
  'bibs',
  'heldout',
  'realbibs',
  'faces',
  'realfaces',
  'postgres',
  'scale',
  'soak',
  'raceday',
  'fairness',
  'watermark',
];

const started = new Date();
const loadStart = loadAverage();
let written = false;

function finish(): void {
  if (written) return;
  written = true;
  const finished = new Date();
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: ROOT }).toString().trim();
    if (dirty) commit += ' + uncommitted changes';
  } catch {
    // not a git checkout
  }
  const meta: Meta = {
    mode: quick ? 'quick' : 'full',
    started: started.toISOString(),
    finished: finished.toISOString(),
    seconds: (finished.getTime() - started.getTime()) / 1000,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    loadStart,
    loadEnd: loadAverage(),
    node: process.version,
    commit,
  };
  const files = writeResults(meta);
  console.log(
    `\n${rows.length} rows; ${rows.filter((r) => r.status === 'pass').length} pass, ${rows.filter((r) => r.status === 'fail').length} fail, ${rows.filter((r) => r.status === 'n/a').length} not available.`,
  );
  console.log(`Written: ${path.relative(ROOT, files.json)}, ${path.relative(ROOT, files.md)}\n`);
  console.log(readFileSync(files.md, 'utf8'));
}

async function main() {
  if (only && only.some((o) => !FIGURES.includes(o))) {
    throw new Error(`--only takes a comma-separated list of: ${FIGURES.join(', ')}`);
  }
  console.log(
    `eventsite bench (${quick ? 'quick' : 'full'}) on ${os.cpus().length} CPUs, load average ${loadStart}. ` +
      'Every figure is beside a baseline measured in this run: read the ratios, not the absolute numbers.\n',
  );
  const tmp = tempDir('run');
  const store = { dataDir: path.join(tmp, 'data') };
  const ctx: Context = {
    quick,
    seconds: quick ? 5 : 15,
    tmp,
    pglite: { store, truth: { organisers: [], events: [], photos: [] }, api: null, openApi: null },
    features: {},
  };

  const needsDemo = [
    'api',
    'photo',
    'features',
    'zip',
    'search',
    'selfie',
    'site',
    'video',
    'ingest',
    'soak',
    'watermark',
  ].some(wants);
  if (needsDemo) {
    const scale = quick ? 0.05 : 0.2;
    const t = Date.now();
    console.log(
      `Creating the demo data (scale ${scale}) on the embedded database in ${store.dataDir}...`,
    );
    ctx.pglite.truth = await createDemo(store, scale);
    console.log(
      `  ${ctx.pglite.truth.photos.length} photos in ${((Date.now() - t) / 1000).toFixed(1)} s\n`,
    );
    const api = await startApi(store);
    ctx.pglite.api = api;
    ctx.pglite.openApi = await openApi(api);
    ctx.features = probeFeatures(ctx.pglite.openApi);
    try {
      if (wants('api')) await apiJson(ctx, api, ctx.pglite.truth, 'embedded');
      if (wants('photo')) await photoCached(ctx, api, ctx.pglite.truth);
      if (wants('site')) await site(ctx, api, ctx.pglite.truth);
      if (wants('video')) await video(ctx, api, ctx.pglite.truth);
    } finally {
      await api.stop();
      ctx.pglite.api = null;
    }
    // These import or seed with the CLI, which needs the embedded database to itself.
    if (wants('features') || wants('zip')) await zip(ctx);
    if (wants('features') || wants('search')) await search(ctx);
    if (wants('features') || wants('selfie')) await selfie(ctx);
    if (wants('ingest')) {
      await ingest(ctx);
      await ingestWithOcr(ctx);
      await firstVariant(ctx);
    }
    if (wants('watermark')) {
      await watermarkedFirstVariant(ctx);
      await galleryAfterMarkChange(ctx);
    }
    if (wants('soak')) await soak(ctx);
  }
  if (wants('bibs')) await bibQuality(ctx);
  if (wants('bibs') || wants('realbibs')) await bibRealRace(ctx);
  if (wants('bibs') || wants('heldout')) await bibHeldOut(ctx);
  if (wants('faces')) {
    await faceThroughput(ctx);
    await faceAccuracy(ctx);
  }
  if (wants('realfaces')) await realFaces(ctx);
  if (wants('postgres')) await postgres(ctx);
  if (wants('scale')) await scaleOut(ctx);
  if (wants('raceday')) {
    await raceDayIndexing(ctx);
    await timeToFindable(ctx);
  }
  if (wants('raceday') || wants('fairness')) await findableBesideImport(ctx);

  finish();
}

main()
  .catch((error: unknown) => {
    console.error(`\nThe bench failed: ${(error as Error).stack ?? error}`);
    addRow({
      figure: 'bench',
      value: `failed: ${(error as Error).message}`,
      baseline: '–',
      ratio: null,
      goal: '–',
      status: 'n/a',
      notes: '',
    });
    process.exitCode = 1;
    finish();
  })
  .finally(() => cleanupAll());
