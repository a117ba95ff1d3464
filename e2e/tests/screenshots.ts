// Writes docs/screenshots/{host}-{viewport}-{page}.png: every page on a phone and a desktop.
// Run with `npm run screenshots -w e2e` (not part of the test suite: it only takes pictures).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { launchBrowser, VIEWPORTS } from '../support/browser.js';
import { repoRoot } from '../support/processes.js';
import { apiData, HOSTS, siteUrl, type OrganiserData } from '../support/stack.js';

const out = path.join(repoRoot, 'docs/screenshots');

test('screenshots of every page', async () => {
  mkdirSync(out, { recursive: true });
  const browser = await launchBrowser();
  try {
    for (const host of HOSTS) {
      const organiser = await apiData<OrganiserData>(`/api/v1/client/events/organiser/data?app_domain=${host}`);
      const event = organiser.recent_events[0]!;
      const pages: [string, string][] = [
        ['home', '/'],
        ['events', '/events'],
        ['promo-events', '/promo'],
        ['contact', '/contact-us'],
        ['gallery', `/events/${event.event_slug}/photos`],
        ['editor', `/events/${event.event_slug}/promo`],
        ['not-found', '/events/no-id-here/photos'],
      ];
      for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
        const context = await browser.newContext({ ...viewport, deviceScaleFactor: 1, reducedMotion: 'reduce' });
        const page = await context.newPage();
        for (const [name, pathname] of pages) {
          await page.goto(siteUrl(host, pathname), { waitUntil: 'networkidle' });
          await page.waitForTimeout(800);
          await page.screenshot({
            path: path.join(out, `${host}-${viewportName}-${name}.png`),
            fullPage: name !== 'gallery' && name !== 'editor',
          });
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
});
