import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startApi, startSite, type Service } from '../support/processes.js';

// A site whose provider API is not running: every page must say so clearly, not crash.
let browser: Browser;
let site: Service;
let apiPort: number;
let api: Service | undefined;
const emptyDataDir = mkdtempSync(path.join(tmpdir(), 'eventsite-e2e-empty-'));
before(async () => {
  apiPort = await freePort();
  site = await startSite(`http://127.0.0.1:${apiPort}`, await freePort());
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await site?.stop();
  await api?.stop();
  rmSync(emptyDataDir, { recursive: true, force: true });
});

describe('with the API stopped', () => {
  test('home shows the error with Try Again, which reloads the page', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.url.replace('127.0.0.1', 'localhost')}/`);
    await page.getByText('Oops! Something went wrong').waitFor();
    const tryAgain = page.getByRole('button', { name: 'Try Again' });
    const reloaded = page.waitForEvent('load');
    await tryAgain.click();
    await reloaded;
    await page.getByText('Oops! Something went wrong').waitFor();
    await page.close();
  });

  test('all events says it failed to load the list', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.url.replace('127.0.0.1', 'localhost')}/events`);
    await page.getByText('Failed to load events list').waitFor();
    await page.close();
  });

  test('the gallery says it failed to load the event', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.url.replace('127.0.0.1', 'localhost')}/events/city-run-2026-42/photos`);
    await page.getByText('Failed to load event data').waitFor();
    await page.close();
  });

  test('the page still carries the fallback theme colour #FF5733', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.url.replace('127.0.0.1', 'localhost')}/`);
    const html = await page.content();
    assert.match(html, /#FF5733/i);
    await page.close();
  });

  test('contact says the form could not be loaded, and frames nothing of the dead server', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.url.replace('127.0.0.1', 'localhost')}/contact-us`);
    await page.getByRole('heading', { name: 'Unable to load contact form' }).waitFor();
    await page.getByText('Failed to load contact form. Please try again later.').waitFor();
    assert.equal(await page.locator('iframe').count(), 0, 'no frame of the API that is down');
    assert.ok(!(await page.content()).includes(`:${apiPort}/forms/contact`), 'the fallback form of the API that is down');
    await page.close();
  });

  test('no error page is kept: once the API answers, the next visit shows what it says', async () => {
    // A host of its own: this site shares its build, and so its page cache, with the other
    // tests' site, which must never see what this API answers.
    const home = site.url.replace('127.0.0.1', 'recovery.localhost') + '/';
    const page = await browser.newPage();
    const down = await page.goto(home);
    // A page that could not reach the API is never kept (its render fails on purpose, Home is
    // a kept page): its answer says so to any cache in front, and the next visit renders anew.
    assert.ok([200, 500].includes(down?.status() ?? 0), `status ${down?.status()}`);
    assert.match((await down?.allHeaders())?.['cache-control'] ?? '', /no-store/);
    await page.getByText('Oops! Something went wrong').waitFor();
    // An API on the same address, with no organiser yet: the site now says the host is unknown.
    api = await startApi(emptyDataDir, apiPort);
    const up = await page.goto(home);
    assert.equal(up?.status(), 404);
    assert.equal(await page.getByText('Oops! Something went wrong').count(), 0);
    await page.close();
  });
});
