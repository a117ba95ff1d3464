import { chromium, type Browser, type BrowserServer, type Download, type Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const LAUNCH_OPTIONS = {
  executablePath: CHROMIUM_PATH,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
};

/** The run's one Chromium (e2e/run.ts), which each test file connects to with `launchBrowser`. */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(LAUNCH_OPTIONS);
}

/**
 * The browser of a test file: a connection to the run's Chromium when e2e/run.ts started one
 * (E2E_BROWSER_WS), else a Chromium of its own. `close()` closes the file's contexts and, on a
 * connection, leaves the run's Chromium to the next file.
 */
export function launchBrowser(): Promise<Browser> {
  const shared = process.env.E2E_BROWSER_WS;
  return shared ? chromium.connect(shared) : chromium.launch(LAUNCH_OPTIONS);
}

/** A download's bytes, read through the browser's connection (its file is the run's Chromium's). */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export const VIEWPORTS = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  desktop: { viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 },
} as const;

/** axe-core violations on the page, as readable lines (empty when the page passes). */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`,
  );
}
