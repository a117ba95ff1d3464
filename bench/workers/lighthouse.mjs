// Lighthouse (mobile, the default form factor) of some URLs in Debian's Chromium; never downloads
// a browser. argv: userDataDir, url... Prints JSON [{url, scores, error?}]. With BENCH_LHR_DIR set,
// each full report is also written there (lhr-<n>.json), to read the LCP element and its phases.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const [userDataDir, ...urls] = process.argv.slice(2);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  userDataDir,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
});
const out = [];
try {
  for (const url of urls) {
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      const c = result.lhr.categories;
      if (process.env.BENCH_LHR_DIR) {
        mkdirSync(process.env.BENCH_LHR_DIR, { recursive: true });
        writeFileSync(
          path.join(process.env.BENCH_LHR_DIR, `lhr-${out.length}.json`),
          JSON.stringify(result.lhr),
        );
      }
      const failing = Object.values(result.lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id);
      out.push({
        url,
        scores: {
          performance: Math.round(c.performance.score * 100),
          accessibility: Math.round(c.accessibility.score * 100),
          bestPractices: Math.round(c['best-practices'].score * 100),
          seo: Math.round(c.seo.score * 100),
        },
        metrics: {
          fcp: result.lhr.audits['first-contentful-paint']?.numericValue,
          lcp: result.lhr.audits['largest-contentful-paint']?.numericValue,
          tbt: result.lhr.audits['total-blocking-time']?.numericValue,
          cls: result.lhr.audits['cumulative-layout-shift']?.numericValue,
        },
        failing,
        // Lighthouse's own CPU benchmark of this machine at that moment: how fast the page's
        // tasks ran, which the simulated throttling then scales.
        benchmarkIndex: result.lhr.environment?.benchmarkIndex,
        runtimeError: result.lhr.runtimeError?.message,
      });
    } catch (error) {
      out.push({ url, error: String(error?.message ?? error) });
    }
  }
} finally {
  await chrome.kill();
}
console.log(JSON.stringify(out));
process.exit(0);
