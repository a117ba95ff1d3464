import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { freePort, startSite, type Service } from '../support/processes.js';

// A site whose provider API is not running: every page must say so clearly, not crash.
let browser: Browser;
let site: Service;
before(async () => {
  const deadApi = `http://127.0.0.1:${await freePort()}`;
  site = await startSite(deadApi, await freePort());
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await site?.stop();
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
});
