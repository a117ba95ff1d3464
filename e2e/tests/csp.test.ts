// The site's Content-Security-Policy in Chromium, and the visitor's address on the site's calls
// to the API. This suite starts its own API (fresh embedded database; TRUST_PROXY naming the
// site's server, a small search budget) and its own site: two organisers, one of them with a
// Google Tag Manager container.
// Longer than 400 lines: one browser suite with its own API and site, started once for all its
// checks (starting them costs more than the checks).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, copyFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, VIEWPORTS } from '../support/browser.js';
import { freePort, repoRoot, startService, startSite, type Service } from '../support/processes.js';

const require = createRequire(import.meta.url);
const assets = path.join(path.dirname(require.resolve('@vladmandic/human')), '..', 'assets');
const PORTRAIT = path.join(assets, 'screenshot-faceid.jpg');
const GTM_ID = 'GTM-E2ECSP1';
const SEARCHES_PER_MINUTE = 3;

let dataDir: string;
let api: Service;
let site: Service;
let sitePort: number;
let browser: Browser;
let slug: string;
let eventId: number;

function cli(...args: string[]): string {
  const run = spawnSync(process.execPath, ['apps/api/dist/cli/main.js', ...args], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      OCR_ENABLED: 'false',
      FACES_ENABLED: 'false',
    },
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, `cli ${args.join(' ')}: ${run.stderr}`);
  return run.stdout;
}

/** A GET of the site from a given loopback address (a visitor of its own), status and headers. */
function get(
  pathname: string,
  from = '127.0.0.1',
  port = sitePort,
  host = `localhost:${sitePort}`,
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: pathname, localAddress: from, headers: { host } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

before(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'eventsite-e2e-csp-'));
  writeFileSync(
    path.join(dataDir, 'local.json'),
    JSON.stringify({ name: 'Local Runs', domains: ['localhost'] }),
  );
  writeFileSync(
    path.join(dataDir, 'gtm.json'),
    JSON.stringify({
      name: 'Tagged Runs',
      domains: ['gtm.localhost'],
      extra_config: { googleTagManagerId: GTM_ID },
    }),
  );
  writeFileSync(
    path.join(dataDir, 'event.json'),
    JSON.stringify({
      feature_flag: { bib_search: true, selfie_search: true, show_all_images: true },
    }),
  );
  cli('organiser', 'apply', path.join(dataDir, 'local.json'));
  cli('organiser', 'apply', path.join(dataDir, 'gtm.json'));
  const created = cli(
    'event',
    'create',
    '--organiser',
    'localhost',
    '--name',
    'Policy Run',
    '--date',
    '2026-05-01',
    '--published',
    '--config',
    path.join(dataDir, 'event.json'),
  );
  const m = /Created event (\d+) '[^']*' \(([^)]+)\)/.exec(created);
  assert.ok(m, created);
  eventId = Number(m[1]);
  slug = m[2]!;
  cli(
    'event',
    'create',
    '--organiser',
    'gtm.localhost',
    '--name',
    'Tagged Run',
    '--date',
    '2026-05-02',
    '--published',
  );
  const photos = path.join(dataDir, 'to-import');
  mkdirSync(photos);
  for (const f of ['screenshot-facedetect.jpg', 'screenshot-vrm.jpg', 'screenshot-faceid.jpg'])
    copyFileSync(path.join(assets, f), path.join(photos, f));
  cli('import', String(eventId), photos);

  const apiPort = await freePort();
  api = await startService(
    'The API',
    ['apps/api/dist/server.js'],
    {
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      OCR_ENABLED: 'false',
      // On: an API that recognises no faces offers no selfie search, and the Selfie option's
      // WebAssembly is what this suite checks the policy against.
      FACES_ENABLED: 'true',
      JOB_CONCURRENCY: '1',
      // The site's server is the proxy in front of the API: its X-Forwarded-For names the visitor.
      TRUST_PROXY: '127.0.0.1',
      SEARCHES_PER_MINUTE: String(SEARCHES_PER_MINUTE),
    },
    `http://127.0.0.1:${apiPort}/api/v1/client/events/organiser/data?app_domain=localhost`,
  );
  sitePort = await freePort();
  // No SITE_KEY: this API knows the visitor from the site's X-Forwarded-For (TRUST_PROXY).
  site = await startSite(api.url, sitePort, 'localhost', '');
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.stop();
  await api?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A proxy in front of the site that adds `tag` after <body> in every HTML answer. */
async function injectingProxy(tag: string): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    const headers = { ...req.headers };
    delete headers['accept-encoding'];
    const upstream = request(
      { host: '127.0.0.1', port: sitePort, path: req.url, method: req.method, headers },
      (answer) => {
        if (!String(answer.headers['content-type'] ?? '').includes('text/html')) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        let html = '';
        answer.setEncoding('utf8');
        answer.on('data', (c: string) => (html += c));
        answer.on('end', () => {
          const out = { ...answer.headers };
          delete out['content-length'];
          delete out['transfer-encoding'];
          res.writeHead(answer.statusCode ?? 502, out);
          res.end(html.replace('<body>', `<body>${tag}`));
        });
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, port };
}

const nonceOf = (policy: string) => /'nonce-([^']+)'/.exec(policy)?.[1];
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
/** The policies of an answer (a browser enforces each): one header each, or joined by commas. */
const policiesOf = (header: string | string[] | undefined) =>
  (Array.isArray(header) ? header : [header ?? ''])
    .flatMap((h) => String(h).split(/\n|,\s*(?=[a-z-]+ )/))
    .filter((p) => p.trim() !== '');
const scriptSrcOf = (policy: string) =>
  policy.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src')) ?? '';

/** A page in Chromium that records every CSP violation (from before the first script runs). */
async function openPage(
  host: string,
  pathname: string,
  routes?: (page: Page) => Promise<void>,
  port = sitePort,
) {
  const context = await browser.newContext({ ...VIEWPORTS.desktop, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const violations: string[] = [];
  const errors: string[] = [];
  await page.exposeFunction('__reportViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportViolation(v: string): void }).__reportViolation(
        `${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(m.text()))
      violations.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await routes?.(page);
  const response = await page.goto(`http://${host}:${port}${pathname}`, { waitUntil: 'load' });
  assert.equal(
    response?.status(),
    200,
    `${host}${pathname}; the site said:\n${site.output().slice(-3000)}`,
  );
  await page.waitForLoadState('networkidle');
  const policy = (await response!.allHeaders())['content-security-policy'] ?? '';
  return { page, violations, errors, policy };
}

/** Whether React took over the page (Next.js's own scripts ran, with the nonce). */
const hydrated = (page: Page) =>
  page.evaluate(
    () =>
      Array.isArray((self as unknown as { __next_f?: unknown[] }).__next_f) &&
      document.querySelectorAll('script[src*="/_next/"]').length > 0,
  );

describe('Content-Security-Policy', () => {
  test('a kept page is served to every visitor with a policy that names each of its scripts by hash, no nonce', async () => {
    for (const pathname of ['/', `/events/${slug}/photos`]) {
      const [a, b] = [await get(pathname), await get(pathname)];
      assert.equal(a.status, 200, site.output().slice(-3000));
      // Rendered once, served from the cache: the same page to both.
      assert.equal(b.headers['x-nextjs-cache'], 'HIT', pathname);
      assert.equal(a.body, b.body, pathname);
      assert.doesNotMatch(String(b.headers['cache-control']), /no-store/, pathname);
      const policies = policiesOf(b.headers['content-security-policy']);
      assert.ok(policies.every((p) => !nonceOf(p)), policies.join('\n'));
      assert.ok(policies.some((p) => /frame-ancestors 'none'/.test(p)));
      // The page's own policy: which scripts run, by hash; never inline code otherwise.
      const own = policies.find((p) => /script-src [^;]*'sha256-/.test(p));
      assert.ok(own, policies.join('\n'));
      const scripts = scriptSrcOf(own).split(' ');
      assert.ok(scripts.includes("'strict-dynamic'"));
      assert.ok(!scripts.includes("'unsafe-inline'") && !scripts.includes("'unsafe-eval'"), own);
      // Every script of the HTML is named: inline ones by their text, files by their integrity.
      const tags = [...b.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      assert.ok(tags.length > 0);
      for (const [tag, attributes, text] of tags) {
        assert.doesNotMatch(attributes!, /nonce=/, tag);
        if (/\bsrc=/.test(attributes!)) {
          const integrity = /integrity="([^"]+)"/.exec(attributes!)?.[1];
          assert.ok(integrity && scripts.includes(`'${integrity}'`), tag);
        } else assert.ok(scripts.includes(sha256(text!)), tag.slice(0, 120));
      }
    }
  });

  test("a kept page is one organiser's: another host's visitors get their own organiser's page", async () => {
    for (let round = 0; round < 2; round += 1) {
      const local = await get('/');
      const tagged = await get('/', '127.0.0.1', sitePort, `gtm.localhost:${sitePort}`);
      assert.equal(tagged.status, 200);
      assert.ok(local.body.includes('Local Runs') && !local.body.includes('Tagged Runs'));
      assert.ok(tagged.body.includes('Tagged Runs') && !tagged.body.includes('Local Runs'));
      assert.ok(tagged.body.includes(GTM_ID) && !local.body.includes(GTM_ID));
    }
  });

  test('a page rendered per request has a policy with a nonce of its own request, on every script Next.js writes', async () => {
    const [a, b] = [await get('/console'), await get('/console')];
    assert.equal(a.status, 200, site.output().slice(-3000));
    const policyA = String(a.headers['content-security-policy'] ?? '');
    const policyB = String(b.headers['content-security-policy'] ?? '');
    const [nonceA, nonceB] = [nonceOf(policyA), nonceOf(policyB)];
    assert.ok(nonceA && nonceB, policyA);
    assert.notEqual(nonceA, nonceB, 'a fresh nonce per request');
    assert.match(policyA, /script-src [^;]*'strict-dynamic'/);
    assert.doesNotMatch(scriptSrcOf(policyA), /'unsafe-inline'/);
    assert.match(policyA, /frame-ancestors 'none'/);
    const scripts = [...a.body.matchAll(/<script\b[^>]*>/g)].map((s) => s[0]);
    assert.ok(scripts.length > 0);
    for (const tag of scripts) assert.ok(tag.includes(`nonce="${nonceA}"`), tag);
    assert.match(String(a.headers['cache-control']), /no-store/);
  });

  for (const [name, pathname] of [
    ['home', '/'],
    ['gallery', '/__gallery__'],
    ['promo editor', '/__promo__'],
  ] as const) {
    test(`no violation on the ${name} page, and it works`, async () => {
      const where = pathname
        .replace('/__gallery__', `/events/${slug}/photos`)
        .replace('/__promo__', `/events/${slug}/promo`);
      const { page, violations, errors, policy } = await openPage('localhost', where);
      // A kept page names its scripts by hash; the promo editor (per request) has a nonce.
      assert.match(policy, name === 'promo editor' ? /'nonce-/ : /script-src [^;]*'sha256-/, policy);
      assert.ok(await hydrated(page), 'Next.js scripts ran');
      if (name === 'gallery') await page.locator('.jgrid img').first().waitFor();
      if (name === 'promo editor') {
        // The editor itself runs under the policy (Konva, its fonts and pictures), not only Next.js.
        await page.getByTestId('promo-editor').locator('.pe-canvas canvas').first().waitFor();
        await page.waitForFunction(() =>
          Boolean((window as unknown as { Konva?: { stages: { findOne(s: string): unknown }[] } }).Konva?.stages[0]?.findOne('.element')),
        );
      }
      assert.deepEqual(violations, []);
      assert.deepEqual(errors, []);
      await page.context().close();
    });
  }

  test('no violation on selfie search: the face models (WebAssembly) load and describe the selfie', async () => {
    const { page, violations, errors } = await openPage('localhost', `/events/${slug}/photos`);
    const wasm: string[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('.wasm') && r.ok()) wasm.push(r.url());
    });
    const searches: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/photos/selfie-search')) searches.push(r.url());
    });
    await page.getByRole('radio', { name: 'Selfie' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Choose a photo' }).click(),
    ]);
    await chooser.setFiles(PORTRAIT);
    // The descriptor was made in the browser and sent: the models ran under the policy.
    const deadline = Date.now() + 90_000;
    while (searches.length === 0 && Date.now() < deadline) await page.waitForTimeout(250);
    assert.ok(wasm.length > 0, 'the WebAssembly backend loaded');
    assert.equal(searches.length, 1, 'the selfie was described and searched');
    assert.ok(!searches.some((s) => s.includes('/selfie-search/image')), 'not the upload fallback');
    await page.waitForLoadState('networkidle');
    assert.deepEqual(violations, []);
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  test('a script injected into the page without the nonce does not run', async () => {
    // The site's pages as an attacker would have them: a script tag and an event handler of
    // theirs in the HTML, the site's own headers kept (a proxy in front of the site adds them).
    const injecting = await injectingProxy(
      '<script>window.__injected = true</script><img alt="" src="/missing.png" onerror="window.__handler = true">',
    );
    try {
      assert.ok(
        (await get('/', '127.0.0.1', injecting.port)).body.includes('window.__injected = true'),
        'the tags are in the HTML',
      );
      const { page, violations } = await openPage('localhost', '/', undefined, injecting.port);
      const ran = await page.evaluate(() => {
        const w = window as unknown as { __injected?: boolean; __handler?: boolean };
        return { script: w.__injected ?? false, handler: w.__handler ?? false };
      });
      assert.deepEqual(ran, { script: false, handler: false });
      assert.ok(await hydrated(page), "the site's own scripts still ran");
      assert.ok(
        violations.some((v) => v.includes('script-src')),
        violations.join('\n'),
      );
      await page.context().close();
    } finally {
      injecting.server.close();
    }
  });

  test("the organiser's Google Tag Manager runs: its snippet is named by hash, and the tags it loads run too", async () => {
    const { page, violations, errors, policy } = await openPage(`gtm.localhost`, '/', async (p) => {
      // No network here: GTM's own script is answered locally, as googletagmanager.com would.
      await p.route('https://www.googletagmanager.com/**', (route) =>
        route.fulfill({
          status: 200,
          contentType: 'text/javascript',
          body: 'window.__gtmLoaded = true;',
        }),
      );
    });
    await page.waitForFunction(
      () => (window as unknown as { __gtmLoaded?: boolean }).__gtmLoaded === true,
      undefined,
      { timeout: 15_000 },
    );
    const tag = await page.evaluate(() => {
      const el = document.getElementById('gtm') as HTMLScriptElement | null;
      const loader = document.querySelector<HTMLScriptElement>(
        'script[src^="https://www.googletagmanager.com/gtm.js"]',
      );
      return {
        text: el?.textContent ?? '',
        id: el?.getAttribute('data-gtm-id') ?? null,
        loader: loader?.src ?? null,
        dataLayer: JSON.stringify(
          (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? null,
        ),
      };
    });
    assert.equal(tag.id, GTM_ID);
    assert.ok(
      policiesOf(policy).some((p) => scriptSrcOf(p).split(' ').includes(sha256(tag.text))),
      "the GTM snippet's hash is in the page's policy",
    );
    assert.ok(tag.loader?.includes(`id=${GTM_ID}`), String(tag.loader));
    assert.match(tag.dataLayer, /gtm\.start/);
    assert.deepEqual(violations, []);
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  test("the organiser's Google Tag Manager never runs on the console, beside its password form", async () => {
    const asked: string[] = [];
    const { page, violations, errors } = await openPage(`gtm.localhost`, '/console', async (p) => {
      await p.route('https://www.googletagmanager.com/**', (route) => {
        asked.push(route.request().url());
        return route.fulfill({ status: 200, contentType: 'text/javascript', body: 'window.__gtmLoaded = true;' });
      });
    });
    await page.getByLabel('Password').waitFor();
    const tag = await page.evaluate(() => ({
      snippet: document.getElementById('gtm') !== null,
      loaded: (window as unknown as { __gtmLoaded?: boolean }).__gtmLoaded ?? false,
    }));
    assert.deepEqual(tag, { snippet: false, loaded: false });
    assert.deepEqual(asked, []);
    assert.deepEqual(violations, []);
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});

describe("the visitor's address on the site's calls to the API", () => {
  test("a search rendered by the site counts against the visitor's own budget at the API, not the site's", async () => {
    const apiPort = Number(new URL(api.url).port);
    const search = (bib: number) => `/events/${slug}/photos?bib=${bib}`;
    const apiSearch = (from: string) =>
      get(`/api/v1/client/events/${eventId}/photos?bib=1`, from, apiPort, `127.0.0.1:${apiPort}`);
    // Visitor A searches through the site as many times as the budget allows.
    for (let i = 0; i < SEARCHES_PER_MINUTE; i += 1)
      assert.equal((await get(search(100 + i), '127.0.0.2')).status, 200);
    // Their budget is spent at the API: the site's calls were counted as theirs.
    assert.equal((await apiSearch('127.0.0.2')).status, 429);
    // Visitor B's is whole, and so is the site's own.
    assert.equal((await apiSearch('127.0.0.3')).status, 200);
    assert.equal((await get(search(200), '127.0.0.3')).status, 200);
    assert.equal((await apiSearch('127.0.0.1')).status, 200);
  });
});
