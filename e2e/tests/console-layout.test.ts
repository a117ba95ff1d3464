// The console's own layout in Chromium, on a phone (390×844) and a laptop: its top bar instead of
// the public site's header and footer, the screens as a side navigation on a laptop and as one row
// of tabs that scrolls sideways on a phone (never a second row), an event's seven screens the
// same; the Photos screen's counts in photos and its photos named by their files; the Analytics
// screen's charts and its words when nothing was counted. Screenshots go to E2E_SCREENSHOTS_DIR.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations, launchBrowser } from '../support/browser.js';
import { siteUrl } from '../support/stack.js';
import { admin, cli, screenshotter } from '../support/operator.js';

const HOST = 'localhost';
const EMAIL = `layout-${Date.now()}@localhost.example`;
const PASSWORD = 'a good long password';
const token = process.env.E2E_ADMIN_TOKEN ?? '';
const dataDir = process.env.E2E_DATA_DIR ?? '';
const SIZES = {
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
  phone: {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  },
} as const;

let browser: Browser;
let eventId: number;
const shot = screenshotter('console-layout-');

async function signIn(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(siteUrl(HOST, '/console'));
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Events' }).waitFor();
  return page;
}

/** The tops of a navigation's tabs: one value when they sit on one row. */
const rowsOf = (page: Page, name: RegExp) =>
  page
    .getByRole('navigation', { name })
    .locator('li')
    .evaluateAll((items) => [...new Set(items.map((li) => li.getBoundingClientRect().top))]);

before(async () => {
  assert.ok(dataDir && token, 'E2E_DATA_DIR and E2E_ADMIN_TOKEN are set by e2e/run.ts');
  const created = cli(['user', 'create', HOST, EMAIL, '--role', 'owner'], `${PASSWORD}\n`);
  assert.equal(created.code, 0, created.err);
  const event = await admin<{ id: number }>('POST', '/events', {
    name: `Layout Check Run ${Date.now()}`,
    event_date: '2025-06-01',
    city: 'Testville',
    published: true,
  });
  eventId = event.id;
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  if (dataDir) cli(['user', 'remove', HOST, EMAIL]);
});

describe('the console’s own layout', () => {
  for (const [size, options] of Object.entries(SIZES)) {
    test(`on a ${size}: its own top bar, navigation that never wraps, the work first`, async () => {
      const context = await browser.newContext(options);
      const page = await signIn(context);
      // Not the public site's header and footer: the console's bar, and a way to the site.
      assert.equal(await page.locator('.site-header').count(), 0);
      assert.equal(await page.locator('.site-footer, footer').count(), 0);
      await page.getByRole('link', { name: 'View the public site' }).waitFor();
      assert.equal(await page.locator('.console-brand-label').innerText(), 'Console');
      await shot(page, `${size}-events`);

      // An event's screens: both navigations are one row each.
      await page.goto(siteUrl(HOST, `/console/events/${eventId}/analytics`));
      await page.getByRole('heading', { name: 'Nothing counted yet in this span' }).waitFor();
      const eventNav = page.getByRole('navigation', { name: /: screens$/ });
      assert.equal((await eventNav.locator('li').count()) >= 7, true, 'seven screens');
      assert.equal((await rowsOf(page, /: screens$/)).length, 1, 'the event tabs on one row');
      const main = await page.locator('.console-main').boundingBox();
      const side = await page.getByRole('navigation', { name: /^Console$/ }).boundingBox();
      assert.ok(main && side);
      if (size === 'phone') {
        assert.equal((await rowsOf(page, /^Console$/)).length, 1, 'the tabs on one row');
        // The event's tabs are wider than the phone: they scroll sideways, the page does not.
        const list = eventNav.locator('ul');
        const [scroll, client] = await list.evaluate((ul) => [ul.scrollWidth, ul.clientWidth]);
        assert.ok(scroll > client, `the tabs scroll (${scroll} > ${client})`);
        const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(pageWidth <= 390, `no sideways scroll of the page (${pageWidth})`);
        await eventNav.getByRole('link', { name: 'Watermark and frames' }).scrollIntoViewIfNeeded();
        await eventNav
          .getByRole('link', { name: 'Watermark and frames' })
          .waitFor({ state: 'visible' });
        // The account comes after the work on a phone.
        const account = await page.getByRole('region', { name: 'Your account' }).boundingBox();
        assert.ok(account && account.y > main.y);
      } else {
        // On a laptop the console's screens are a side navigation, left of the work.
        assert.ok(side.x + side.width <= main.x, 'the navigation is beside the work');
        const rows = await rowsOf(page, /^Console$/);
        assert.equal(rows.length, 4, 'a column of screens: each on a row of its own');
      }
      assert.deepEqual(await axeViolations(page), []);
      await shot(page, `${size}-analytics-empty`);

      await page.goto(siteUrl(HOST, `/console/events/${eventId}/photos`));
      await page.getByTestId('photo-counts').waitFor();
      assert.equal(
        await page.getByTestId('photo-counts').innerText(),
        'Photos ready\n0\nPhotos still being read\n0\nPhotos that failed\n0',
      );
      assert.deepEqual(await axeViolations(page), []);
      await shot(page, `${size}-photos`);
      await context.close();
    });
  }
});
