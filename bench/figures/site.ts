/**
 * The public site, as built (`next start` of apps/site's production build) against the bench's
 * API on the embedded database: SSR req/s of Home and All events for a cached tenant beside a
 * static page of the same size in a bare Next.js app (built here, in a temp folder, with the
 * installed next), and Home again under 100 connections (a race morning: what happens to p99);
 * first-load JavaScript per route (gzip) beside the bare page; Lighthouse mobile scores.
 */
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Api, type GroundTruth, mainEvent } from '../lib/api.js';
import type { Context } from '../lib/context.js';
import { autocannon, type LoadResult, median, warm } from '../lib/load.js';
import {
  BENCH,
  freePort,
  killByCommandLine,
  onCleanup,
  ROOT,
  runNodeJson,
  runOk,
  sleep,
  start,
  type Started,
  waitForHttp,
} from '../lib/proc.js';
import { addRow, failedRow, fmt, notAvailable, rows, verdict } from '../lib/table.js';

const NEXT = path.join(ROOT, 'node_modules/next/dist/bin/next');

export interface Site {
  base: string;
  proc: Started;
}

/** `next start` on host name localhost (not 127.0.0.1: tenant rewrites must stay local). */
export async function startNext(dir: string, env: Record<string, string> = {}): Promise<Site> {
  const port = await freePort();
  const proc = start(
    process.execPath,
    [NEXT, 'start', dir, '-H', 'localhost', '-p', String(port)],
    {
      name: 'next',
      env: { ...process.env, NODE_ENV: 'production', PORT: String(port), ...env },
    },
  );
  const base = `http://localhost:${port}`;
  await waitForHttp(`${base}/`, { proc, timeoutMs: 60_000 });
  return { base, proc };
}

/** A bare Next.js app with one static page of about `htmlBytes` bytes of HTML. */
async function buildBare(ctx: Context, htmlBytes: number): Promise<string> {
  const dir = path.join(ctx.tmp, 'bare-next');
  mkdirSync(path.join(dir, 'app'), { recursive: true });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  writeFileSync(
    path.join(dir, 'package.json'),
    '{"name":"bare-next","private":true,"type":"module"}\n',
  );
  writeFileSync(
    path.join(dir, 'next.config.mjs'),
    "export default { turbopack: { root: '/' }, poweredByHeader: false };\n",
  );
  writeFileSync(
    path.join(dir, 'app/layout.jsx'),
    'export const metadata = { title: "Bare", description: "A bare Next.js page" };\n' +
      'export default function RootLayout({ children }) { return <html lang="en"><body>{children}</body></html>; }\n',
  );
  // Paragraphs of text; React's flight payload repeats the text, so aim at about half the bytes.
  const paragraph =
    'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor. ';
  const count = Math.max(1, Math.round(htmlBytes / 2.6 / (paragraph.length + 7)));
  writeFileSync(
    path.join(dir, 'app/page.jsx'),
    `const P = ${JSON.stringify(paragraph)};\nconst N = ${count};\n` +
      'export default function Page() { return <main><h1>Bare page</h1>{Array.from({ length: N }, (_, i) => <p key={i}>{P}</p>)}</main>; }\n',
  );
  await runOk(process.execPath, [NEXT, 'build', dir], {
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    timeoutMs: 10 * 60_000,
  });
  return dir;
}

/** gzip bytes of the JavaScript a route's HTML loads (script src, not nomodule). */
async function firstLoadJs(
  base: string,
  route: string,
): Promise<{
  gzip: number;
  files: number;
  html: number;
  scripts: Array<{ src: string; gzip: number; zod: boolean }>;
}> {
  const html = await (await fetch(`${base}${route}`)).text();
  const srcs = [...html.matchAll(/<script\b([^>]*)>/g)]
    .map((m) => m[1]!)
    .filter((attrs) => !/\bnomodule\b/i.test(attrs))
    .map((attrs) => /\bsrc="([^"]+)"/.exec(attrs)?.[1])
    .filter((s): s is string => !!s);
  let gzip = 0;
  const scripts: Array<{ src: string; gzip: number; zod: boolean }> = [];
  for (const src of new Set(srcs)) {
    const body = Buffer.from(
      await (await fetch(new URL(src.replaceAll('&amp;', '&'), base))).arrayBuffer(),
    );
    const size = gzipSync(body).length;
    gzip += size;
    scripts.push({
      src: src.split('/').pop()!,
      gzip: size,
      zod: /ZodError|\$ZodType/.test(body.toString('latin1')),
    });
  }
  scripts.sort((a, b) => b.gzip - a.gzip);
  return { gzip, files: new Set(srcs).size, html: Buffer.byteLength(html), scripts };
}

const ssrFigure = (name: string, connections: number) =>
  `site: SSR req/s, ${name} (cached tenant, ${connections} connections)`;

/** Home and All events at 20 connections (judged), and Home at 100: a race morning's p99. */
function loadRuns(routes: Array<{ name: string; path: string }>) {
  const [home, events] = routes as [{ name: string; path: string }, { name: string; path: string }];
  return [
    { route: home, connections: 20, goal: '≥ 50 % of a static page' },
    { route: events, connections: 20, goal: '≥ 50 % of a static page' },
    { route: home, connections: 100, goal: 'report' },
  ];
}

const showLoad = (r: LoadResult) =>
  `${fmt(r.rps)} req/s; p99 ${fmt(r.p99)} ms${r.non2xx + r.errors ? `; ${r.non2xx} non-2xx, ${r.errors} errors` : ''}`;

export async function site(ctx: Context, api: Api, truth: GroundTruth) {
  const event = mainEvent(truth);
  const routes = [
    { name: 'Home', path: '/' },
    { name: 'All events', path: '/events' },
    { name: 'gallery', path: `/events/${event.slug}/photos` },
  ];
  let product: Site | null = null;
  let bare: Site | null = null;
  try {
    // Another engineer's `next build` may be replacing .next right now: retry a few times.
    for (let attempt = 1; ; attempt++) {
      try {
        product = await startNext(path.join(ROOT, 'apps/site'), { API_URL: api.url });
        break;
      } catch (error) {
        if (attempt >= 4) throw error;
        console.log(
          `next start failed (${String((error as Error).message).slice(0, 80)}...); retrying in 30 s`,
        );
        await sleep(30_000);
      }
    }
    const homeHtml = (await (await fetch(`${product.base}/`)).text()).length;
    console.log(
      `Building a bare Next.js app (one static page of ~${fmt(homeHtml / 1024)} KB HTML)...`,
    );
    bare = await startNext(await buildBare(ctx, homeHtml));

    // First-load JavaScript.
    const bareJs = await firstLoadJs(bare.base, '/');
    for (const route of routes) {
      const figure = `site: first-load JavaScript (gzip), ${route.name}`;
      const judged = route.name !== 'All events';
      const goal = judged ? `${route.name} ≤ bare + 30 KB` : 'report';
      try {
        const js = await firstLoadJs(product.base, route.path);
        const over = js.gzip - bareJs.gzip;
        addRow({
          figure,
          value: `${fmt(js.gzip / 1024, 1)} KB (${js.files} scripts)`,
          baseline: `bare Next.js page: ${fmt(bareJs.gzip / 1024, 1)} KB (${bareJs.files} scripts)`,
          ratio: js.gzip / bareJs.gzip,
          goal,
          status: judged ? verdict(over <= 30 * 1024) : 'report',
          notes:
            `bare + ${fmt(over / 1024, 1)} KB; scripts in the SSR HTML of ${route.path}, gzip level 6; largest: ` +
            js.scripts
              .slice(0, 3)
              .map((x) => `${x.src} ${fmt(x.gzip / 1024, 1)} KB${x.zod ? ' (contains zod)' : ''}`)
              .join(', ') +
            (js.scripts.some((x) => x.zod) ? '; zod is shipped to the browser' : ''),
          data: { product: js, bare: bareJs },
        });
      } catch (error) {
        failedRow(figure, goal, error);
      }
    }

    // SSR throughput of a cached tenant.
    const bareHtml = (await (await fetch(`${bare.base}/`)).text()).length;
    for (const { route, connections, goal } of loadRuns(routes)) {
      const figure = ssrFigure(route.name, connections);
      try {
        const url = `${product.base}${route.path}`;
        await warm(url, {}, 3);
        const p = await autocannon({ url, connections, seconds: ctx.seconds });
        await warm(`${bare.base}/`, {}, 3);
        const b = await autocannon({ url: `${bare.base}/`, connections, seconds: ctx.seconds });
        const html = (await (await fetch(url)).text()).length;
        const ratio = p.rps / b.rps;
        addRow({
          figure,
          value: showLoad(p),
          baseline: `bare static page: ${showLoad(b)}`,
          ratio,
          goal,
          status:
            goal === 'report'
              ? p.non2xx + p.errors === 0
                ? 'report'
                : 'fail'
              : verdict(ratio >= 0.5 && p.non2xx + p.errors === 0),
          notes: `${connections} connections; HTML ${fmt(html / 1024)} KB vs bare ${fmt(bareHtml / 1024)} KB; host localhost; autocannon ${ctx.seconds} s`,
          data: { product: p, bare: b, html, bareHtml },
        });
      } catch (error) {
        failedRow(figure, goal, error);
      }
    }
    // Lighthouse, mobile; the bare page in the same rounds shows what the machine allows.
    await lighthouseRows(ctx, product.base, routes, bare.base);
    await bare.proc.stop();
    bare = null;
  } catch (error) {
    const done = new Set(rows.map((r) => r.figure));
    const all = [
      ...routes.map((r) => [
        `site: first-load JavaScript (gzip), ${r.name}`,
        r.name !== 'All events' ? `${r.name} ≤ bare + 30 KB` : 'report',
      ]),
      ...loadRuns(routes).map((r) => [ssrFigure(r.route.name, r.connections), r.goal]),
      ...routes.map((r) => [
        `site: Lighthouse mobile (perf, a11y, best practices, SEO), ${r.name}`,
        '≥ 95, 100, 100, 100',
      ]),
    ];
    for (const [figure, goal] of all) if (!done.has(figure!)) failedRow(figure!, goal!, error);
  } finally {
    await bare?.proc.stop();
    await product?.proc.stop();
  }
}

interface LighthouseResult {
  url: string;
  error?: string;
  runtimeError?: string;
  scores?: { performance: number; accessibility: number; bestPractices: number; seo: number };
  metrics?: { lcp?: number; tbt?: number; cls?: number };
  failing?: string[];
  benchmarkIndex?: number;
}

/** A Lighthouse run that produced scores. */
const finished = (run: LighthouseResult | undefined): run is LighthouseResult =>
  !!run?.scores && !run.runtimeError;

async function lighthouseRows(
  ctx: Context,
  base: string,
  routes: Array<{ name: string; path: string }>,
  bareBase: string,
) {
  const goal = '≥ 95, 100, 100, 100';
  const figureOf = (name: string) =>
    `site: Lighthouse mobile (perf, a11y, best practices, SEO), ${name}`;
  if (!existsSync(process.env.CHROME_PATH || '/usr/bin/chromium')) {
    for (const r of routes)
      notAvailable(
        figureOf(r.name),
        goal,
        'no Chromium at /usr/bin/chromium (apt-get install chromium; set CHROME_PATH)',
      );
    return;
  }
  const userDataDir = path.join(ctx.tmp, 'chrome');
  mkdirSync(userDataDir, { recursive: true });
  // chrome-launcher starts Chromium detached: make sure none outlives the run.
  onCleanup(() => void killByCommandLine(userDataDir));
  // Lighthouse's simulated throttling swings by several points from run to run; its authors
  // advise the median of several runs. The full run takes 3 rounds over the pages, the quick run
  // one.
  const rounds = ctx.quick ? 1 : 3;
  try {
    const results = await runNodeJson<LighthouseResult[]>(
      path.join(BENCH, 'workers/lighthouse.mjs'),
      [
        userDataDir,
        ...Array.from({ length: rounds }, () => [
          ...routes.map((r) => `${base}${r.path}`),
          `${bareBase}/`,
        ]).flat(),
      ],
      {
        timeoutMs: rounds * 6 * 60_000,
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH || '/usr/bin/chromium' },
      },
    );
    const perRound = routes.length + 1;
    const bareRuns = Array.from(
      { length: rounds },
      (_, round) => results[round * perRound + routes.length],
    ).filter(finished);
    const bareNote = bareRuns.length
      ? `; a bare Next.js page in the same rounds: ${median(bareRuns.map((x) => x.scores!.performance))} (TBT ${fmt(median(bareRuns.map((x) => x.metrics?.tbt ?? NaN)))} ms)`
      : '';
    const indexes = results.map((x) => x?.benchmarkIndex).filter((x): x is number => !!x);
    const indexNote = indexes.length
      ? `; Lighthouse CPU benchmark index ${fmt(Math.min(...indexes))}–${fmt(Math.max(...indexes))}`
      : '';
    for (const [i, route] of routes.entries()) {
      const figure = figureOf(route.name);
      const runs = Array.from({ length: rounds }, (_, round) => results[round * perRound + i]);
      const scored = runs
        .filter(finished)
        .sort((a, b) => a.scores!.performance - b.scores!.performance);
      // The median run (of those that finished); a failed run fails the row.
      const r =
        scored.length === rounds
          ? scored[Math.floor(rounds / 2)]
          : runs.find((x) => !x?.scores || x.runtimeError);
      if (!r?.scores || r.runtimeError) {
        notAvailable(
          figure,
          goal,
          `Lighthouse failed: ${r?.error ?? r?.runtimeError ?? 'no result'}`,
        );
        continue;
      }
      const s = r.scores;
      addRow({
        figure,
        value: `${s.performance}, ${s.accessibility}, ${s.bestPractices}, ${s.seo}`,
        baseline: '–',
        ratio: null,
        goal,
        status: verdict(
          s.performance >= 95 &&
            s.accessibility === 100 &&
            s.bestPractices === 100 &&
            s.seo === 100,
        ),
        notes:
          `LCP ${fmt(r.metrics?.lcp ?? NaN)} ms, TBT ${fmt(r.metrics?.tbt ?? NaN)} ms, CLS ${fmt(r.metrics?.cls ?? NaN, 3)}` +
          (r.failing?.length ? `; failing audits: ${r.failing.slice(0, 6).join(', ')}` : '') +
          (rounds > 1
            ? `; median of ${rounds} runs by performance (${scored.map((x) => x.scores!.performance).join(', ')})`
            : '') +
          bareNote +
          indexNote +
          '; simulated mobile throttling on a shared machine',
        data: { ...r, runs, bare: bareRuns },
      });
    }
  } catch (error) {
    for (const r of routes) failedRow(figureOf(r.name), goal, error);
  }
}
