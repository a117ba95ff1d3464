// The site against a provider that speaks the public contract and nothing more
// (support/spec-provider.ts): every route, loading state, message and fallback a visitor can
// meet, in Chromium. The site is bound to the literal 127.0.0.1, so this suite also runs the site
// the way that used to hang every page.
// Longer than 400 lines: every page and state of the site against the contract-only provider,
// which this suite starts once with its own site.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page, Response } from 'playwright-core';
import { launchBrowser, VIEWPORTS } from '../support/browser.js';
import { freePort, startSite, type Service } from '../support/processes.js';
import { REFUSED_MESSAGE, SPEC_ORGANISERS, startSpecProvider, type SpecProvider } from '../support/spec-provider.js';

let browser: Browser;
let provider: SpecProvider;
let site: Service;
let port: number;

before(async () => {
  provider = await startSpecProvider();
  port = await freePort();
  site = await startSite(provider.url, port, '127.0.0.1');
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await site?.stop();
  await provider?.stop();
});

const url = (host: string, pathname = '/') => `http://${host}:${port}${pathname}`;

interface Visit {
  page: Page;
  response: Response | null;
  /** Every status the site answered this page with (documents, data, scripts). */
  siteStatuses: number[];
  errors: string[];
  dialogs: string[];
}

/** Chromium resolves *.localhost to 127.0.0.1 itself, so each organiser is its own host name. */
async function open(host: string, pathname: string, options: { viewport?: keyof typeof VIEWPORTS; waitUntil?: 'load' | 'commit' | 'networkidle' } = {}): Promise<Visit> {
  const context = await browser.newContext({ ...VIEWPORTS[options.viewport ?? 'desktop'], reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.setDefaultTimeout(45_000);
  const visit: Visit = { page, response: null, siteStatuses: [], errors: [], dialogs: [] };
  page.on('pageerror', (e) => visit.errors.push(e.message));
  page.on('dialog', (d) => {
    visit.dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('response', (r) => {
    if (new URL(r.url()).port === String(port)) visit.siteStatuses.push(r.status());
  });
  visit.response = await page.goto(url(host, pathname), { waitUntil: options.waitUntil ?? 'load', timeout: 60_000 });
  return visit;
}

async function close(visit: Visit) {
  assert.deepEqual(visit.siteStatuses.filter((s) => s >= 500), [], 'the site answered with a 5xx');
  assert.deepEqual(visit.dialogs, [], 'a script of the provider’s ran');
  await visit.page.context().close();
}

/** The server's answer to a request with this Host header, as any HTTP client sends it. */
function get(host: string, pathname = '/'): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: pathname, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.setTimeout(60_000, () => req.destroy(new Error(`no answer for ${host}${pathname}`)));
    req.on('error', reject);
    req.end();
  });
}

const themeOf = (page: Page) => page.locator('.site').evaluate((el) => getComputedStyle(el).getPropertyValue('--theme').trim());
const text = (page: Page, value: string | RegExp) => page.getByText(value, { exact: typeof value === 'string' }).first();
const poweredBy = (page: Page) => page.locator('footer').getByText(/Powered by/).count();
const headerCta = (page: Page) => page.locator('header a.header-cta');
/** What the site's server wrote to its log so far. */
const log = () => site.output();

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 100));
  assert.ok(check(), what);
}

describe('an organiser with only what the contract describes (minimal)', () => {
  const host = 'minimal.localhost';
  const events = SPEC_ORGANISERS[host]!.events;

  test('home: title, heading, two hero slides, cards with a 20-tile mosaic, long dates, the brand', async () => {
    const v = await open(host, '/', { waitUntil: 'networkidle' });
    assert.equal(v.response?.status(), 200);
    assert.equal(await v.page.title(), 'Harbour Swims');
    await v.page.getByRole('heading', { name: 'Recent Events' }).waitFor();
    assert.equal(await v.page.locator('.hero-slide').count(), 2, 'the carousel shows the first 2 recent events');
    const cards = v.page.locator('article.event-card');
    assert.equal(await cards.count(), 4);
    for (const e of events.slice(0, 4)) await cards.getByText(e.event_name, { exact: true }).waitFor();
    assert.equal(await cards.first().locator('.mosaic-tile').count(), 20, '5x4 tiles');
    await cards.first().getByText('October 10, 2026').waitFor();
    const link = cards.first().getByRole('link');
    assert.match(await link.innerText(), /View Photos[\s\S]*Browse event gallery/);
    assert.equal(await link.getAttribute('href'), `/events/${events[0]!.event_slug}/photos`);
    assert.equal(await themeOf(v.page), '#1D4ED8');
    const nav = v.page.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [['Home', '/'], ['Events', '/events'], ['Contact', '/contact-us']] as const) {
      assert.equal(await nav.getByRole('link', { name, exact: true }).getAttribute('href'), href);
    }
    assert.ok((await poweredBy(v.page)) > 0, "'Powered by' shows when footer_config is missing");
    assert.deepEqual(v.errors, []);
    await close(v);
  });

  test('a call-to-action without a position sits on the right and opens in a new tab', async () => {
    const v = await open(host, '/');
    const cta = headerCta(v.page);
    assert.equal(await cta.count(), 1);
    assert.equal(await cta.getAttribute('data-position'), 'right');
    assert.equal(await v.page.locator('header .header-end a.header-cta').count(), 1);
    assert.equal(await cta.getAttribute('target'), '_blank');
    assert.equal(await cta.getAttribute('href'), 'https://example.org/enter');
    await close(v);
  });

  test('on a phone the navigation is a side menu with the call-to-action', async () => {
    const v = await open(host, '/', { viewport: 'phone' });
    const menu = v.page.getByRole('button', { name: 'Menu', exact: true });
    await menu.click();
    assert.equal(await menu.getAttribute('aria-expanded'), 'true');
    await v.page.getByRole('link', { name: /Enter/ }).last().waitFor();
    await v.page.getByRole('link', { name: 'Events', exact: true }).last().click();
    await v.page.waitForURL(/\/events$/);
    await v.page.getByRole('heading', { name: 'All Events' }).waitFor();
    await close(v);
  });

  test('all events: 12 a page, Page X of Y, Previous and Next only where a page exists', async () => {
    const v = await open(host, '/events');
    assert.equal(await v.page.title(), 'All Events | Harbour Swims');
    await v.page.getByRole('heading', { name: 'All Events' }).waitFor();
    assert.equal(await v.page.locator('article.event-card').count(), 12);
    await text(v.page, 'Page 1 of 2').waitFor();
    const previous = v.page.getByRole('link', { name: /Previous/ });
    const next = v.page.getByRole('link', { name: /Next/ });
    assert.equal(await previous.count(), 0);
    await next.click();
    await v.page.waitForURL(/page=2/);
    await text(v.page, 'Page 2 of 2').waitFor();
    assert.equal(await v.page.locator('article.event-card').count(), 2);
    assert.equal(await next.count(), 0);
    await previous.click();
    await text(v.page, 'Page 1 of 2').waitFor();
    assert.ok(
      provider.requests.some((r) => r.includes('/organiser/all-events?') && r.includes('app_domain=minimal.localhost') && r.includes('page_size=12')),
      'the lists ask for 12 a page',
    );
    await close(v);
  });

  test('a page past the last one is a 404 with the organiser’s not-found page, not "Page 3 of 2"', async () => {
    const v = await open(host, '/events?page=3');
    assert.equal(v.response?.status(), 404);
    await text(v.page, 'Page not found').waitFor();
    assert.equal(await v.page.getByText(/Page 3 of/).count(), 0);
    await v.page.locator('header').getByText('Harbour Swims').first().waitFor();
    await close(v);
  });

  test('promo events: heading, intro, cards that link to the promo editor', async () => {
    const v = await open(host, '/promo');
    assert.equal(await v.page.title(), 'Promo Events | Harbour Swims');
    await v.page.getByRole('heading', { name: 'Promo Events' }).waitFor();
    await text(v.page, 'Discover and create promotional materials for amazing events. Design custom certificates and promotional content.').waitFor();
    const link = v.page.locator('article.event-card').first().getByRole('link');
    assert.match(await link.innerText(), /Create Promo[\s\S]*Design promotional materials/);
    assert.equal(await link.getAttribute('href'), `/events/${events[0]!.event_slug}/promo`);
    await text(v.page, 'Page 1 of 2').waitFor();
    await close(v);
  });

  test('contact: the domain parameter is added by a replace, the form is embedded at height 600', async () => {
    const v = await open(host, '/contact-us');
    await v.page.waitForURL((u) => u.searchParams.get('domain') === host);
    // The tab's blank page and this one: a push would have made it 3.
    assert.equal(await v.page.evaluate(() => history.length), 2, 'a replace, not a new history entry');
    // Pages are rendered per request, and Next.js streams their <title> in after the first bytes.
    await v.page.waitForFunction((t) => document.title === t, 'Contact Us - Harbour Swims', { timeout: 10_000 });
    const iframe = v.page.locator('iframe');
    assert.equal(await iframe.getAttribute('height'), '600');
    assert.equal(await iframe.getAttribute('src'), 'https://forms.example.org/harbour');
    await close(v);
  });

  test('the gallery shows the event’s header and title, and says so where the provider lists no photos', async () => {
    const e = events[0]!;
    const v = await open(host, `/events/${e.event_slug}/photos`);
    assert.equal(await v.page.title(), `${e.event_name} | Photos`);
    await v.page.getByRole('heading', { level: 1, name: e.event_name }).waitFor();
    await text(v.page, 'October 10, 2026').waitFor();
    await v.page.getByRole('heading', { name: 'Photos can’t be browsed here' }).waitFor();
    assert.equal(await v.page.getByText('Failed to load event data').count(), 0);
    await close(v);
  });

  test('an event config whose event_photos_config is empty shows; one without it cannot be mapped', async () => {
    // An event whose config has its details and an empty event_photos_config: every part of it
    // takes its default. Set here, on the double's data, for this suite.
    const bare = events[5]!;
    SPEC_ORGANISERS[host]!.config![bare.event_id] = { event_details: { id: bare.event_id, name: bare.event_name }, event_photos_config: {} };
    let v = await open(host, `/events/${bare.event_slug}/photos`);
    assert.equal(await v.page.title(), `${bare.event_name} | Photos`);
    await v.page.getByRole('heading', { level: 1, name: bare.event_name }).waitFor();
    await close(v);
    // Only the event's details (events[1]), or event_photos_config: null (events[2]).
    for (const e of [events[1]!, events[2]!]) {
      v = await open(host, `/events/${e.event_slug}/photos`);
      await v.page.getByRole('heading', { level: 1, name: 'Error Loading Event' }).waitFor();
      assert.equal(await v.page.getByText(e.event_name).count(), 0);
      await close(v);
    }
  });

  test("an event without a name is titled 'Event Photos': the page, <title>, og:title, twitter:title", async () => {
    const nameless = events[6]!;
    SPEC_ORGANISERS[host]!.config![nameless.event_id] = { event_details: { id: nameless.event_id }, event_photos_config: {} };
    const { status, body } = await get(`${host}:${port}`, `/events/${nameless.event_slug}/photos`);
    assert.equal(status, 200);
    assert.match(body, /<title>Event Photos<\/title>/);
    assert.match(body, /<meta property="og:title" content="Event Photos"/);
    assert.match(body, /<meta name="twitter:title" content="Event Photos"/);
    const v = await open(host, `/events/${nameless.event_slug}/photos`);
    assert.equal(await v.page.title(), 'Event Photos');
    await v.page.getByRole('heading', { level: 1, name: 'Event Photos' }).waitFor();
    assert.equal(await v.page.locator('h1').filter({ hasText: 'Harbour Swims' }).count(), 0, 'titled with the organiser’s name');
    await close(v);
  });

  test("the gallery's errors: 'Event ID is required', 'Error Loading Event', 'Failed to load event data'", async () => {
    let v = await open(host, '/events/no-id-here/photos');
    assert.equal(v.response?.status(), 404, "'Event ID is required' is an error: a 4xx");
    await v.page.getByRole('heading', { name: 'Event ID is required' }).waitFor();
    assert.equal(await v.page.title(), 'Event Photos');
    await close(v);
    v = await open(host, `/events/${events[3]!.event_slug}/photos`);
    await v.page.getByRole('heading', { name: 'Error Loading Event' }).waitFor();
    await close(v);
    v = await open(host, `/events/${events[4]!.event_slug}/photos`);
    assert.equal(v.response?.status(), 200);
    await v.page.getByRole('heading', { name: 'Failed to load event data' }).waitFor();
    await until(() => log().includes('Failed to fetch event data: Internal Server Error'), 'the event config failure is logged with its status text');
    await close(v);
  });

  test('the promo editor opens for an event the provider serves only the contract for', async () => {
    const e = events[0]!;
    const v = await open(host, `/events/${e.event_slug}/promo`);
    assert.equal(await v.page.title(), `${e.event_name} | Promo`);
    await v.page.getByRole('heading', { level: 1, name: e.event_name }).waitFor();
    await v.page.locator('canvas').first().waitFor();
    assert.equal(await v.page.getByText('Failed to load event data').count(), 0);
    await close(v);
  });

  test("the promo editor's errors: 'Event slug is required', 'Failed to load event data'", async () => {
    let v = await open(host, '/events/no-id-here/promo');
    assert.equal(v.response?.status(), 404, "'Event slug is required' is an error: a 4xx");
    await v.page.getByRole('heading', { name: 'Event slug is required' }).waitFor();
    await close(v);
    v = await open(host, `/events/${events[4]!.event_slug}/promo`);
    await v.page.getByRole('heading', { name: 'Failed to load event data' }).waitFor();
    await close(v);
  });

  test('an event on the second page of the list opens, and every list call asks for 12 a page', async () => {
    // Not among the recent events (the first 4): found by walking the events list, 12 a page.
    const late = events[13]!;
    const v = await open(host, `/events/${late.event_slug}/photos`);
    assert.equal(v.response?.status(), 200);
    await v.page.getByRole('heading', { level: 1, name: late.event_name }).waitFor();
    await close(v);
    const lists = provider.requests.filter((r) => r.includes('/organiser/all-events?'));
    assert.ok(lists.some((r) => /[?&]page=2(&|$)/.test(r)), 'the walk reached page 2');
    assert.deepEqual(lists.filter((r) => !/[?&]page_size=12(&|$)/.test(r)), [], 'a list call asked for another page size');
  });

  test("an event whose config call answers 404: 'Failed to load event data' in the organiser’s page, HTTP 404", async () => {
    for (const [pathname, title] of [
      ['/events/unknown-event-999999/photos', 'Event Photos'],
      ['/events/unknown-event-999999/promo', 'Event Promo'],
      ['/events/unknown-event-999999/photos?bib=12', 'Event Photos'],
    ] as const) {
      const v = await open(host, pathname);
      assert.equal(v.response?.status(), 404, pathname);
      await v.page.getByRole('heading', { level: 1, name: 'Failed to load event data' }).waitFor();
      assert.equal(await v.page.getByText('Page not found').count(), 0, pathname);
      assert.equal(await v.page.title(), title, pathname);
      await v.page.locator('header').getByText('Harbour Swims').first().waitFor();
      await close(v);
    }
    await until(() => log().includes('Failed to fetch event data: Not Found'), 'the config’s 404 is logged with its status text');
  });
});

describe('one organiser never shows another’s event', () => {
  const theirs = SPEC_ORGANISERS['branded.localhost']!.events[0]!;

  test('the gallery and the promo editor of another organiser’s event are a 404 that names nothing of it', async () => {
    for (const pathname of [`/events/${theirs.event_slug}/photos`, `/events/${theirs.event_slug}/promo`]) {
      const { status, body } = await get(`minimal.localhost:${port}`, pathname);
      assert.equal(status, 404, pathname);
      assert.ok(!body.includes(theirs.event_name), `${pathname} names the other organiser’s event`);
      assert.ok(!body.includes('Branded'), `${pathname} names the other organiser`);
    }
  });

  test('a shared photo of another organiser’s event previews nothing of it', async () => {
    const photo = `5bec0000-0000-4000-8000-${(theirs.event_id * 1000).toString(16).padStart(12, '0')}`;
    const { status, body } = await get(`minimal.localhost:${port}`, `/events/${theirs.event_slug}/photos?photo=${photo}`);
    assert.equal(status, 404);
    assert.ok(!body.includes(theirs.event_name), 'the title or description names the other organiser’s event');
    assert.ok(!new RegExp(`<meta[^>]+content="[^"]*${photo}`).test(body), 'its photo is the preview');
    assert.ok(!body.includes('Branded'), 'the other organiser is named');
  });
});

describe('an organiser whose every optional field is null', () => {
  const host = 'null.localhost';

  test('home: the provider’s name, the default colour #2E6F40, "Powered by", the empty state', async () => {
    const v = await open(host, '/');
    assert.equal(v.response?.status(), 200);
    assert.equal(await v.page.title(), 'eventsite');
    assert.equal(await themeOf(v.page), '#2E6F40');
    assert.ok((await poweredBy(v.page)) > 0);
    assert.equal(await headerCta(v.page).count(), 0);
    await text(v.page, 'No events yet').waitFor();
    await text(v.page, 'Check back soon for exciting events and photo memories. New events are added regularly!').waitFor();
    await close(v);
  });

  test("an empty list says 'No events found' and 'Check back later for upcoming events'", async () => {
    const v = await open(host, '/events');
    assert.equal(await v.page.title(), 'All Events | eventsite');
    await text(v.page, 'No events found').waitFor();
    await text(v.page, 'Check back later for upcoming events').waitFor();
    assert.equal(await v.page.getByText(/Page \d+ of \d+/).count(), 0, 'no pager for a single page');
    await close(v);
  });

  test('contact without a form falls back to the embedded form', async () => {
    const v = await open(host, '/contact-us');
    assert.equal(await v.page.title(), 'Contact Us - eventsite');
    assert.match((await v.page.locator('iframe').getAttribute('src')) ?? '', /^http:\/\/127\.0\.0\.1:\d+\/forms\/contact\?app_domain=null\.localhost$/);
    await close(v);
  });
});

describe('an organiser with odd values', () => {
  const host = 'odd.localhost';

  test('a colour that is not hex falls back to #2E6F40, an unknown design to default, a CTA at "right" shows', async () => {
    const v = await open(host, '/');
    assert.equal(await v.page.title(), 'Odd Runners');
    assert.equal(await themeOf(v.page), '#2E6F40');
    assert.equal(await v.page.locator('header').getAttribute('data-design'), 'default');
    assert.equal(await headerCta(v.page).getAttribute('data-position'), 'right');
    assert.equal(await headerCta(v.page).innerText().then((t) => t.startsWith('Register')), true);
    assert.equal(await v.page.locator('article.event-card').count(), 2, 'list entries that are not events are skipped');
    await v.page.locator('article.event-card').getByText('not a date').waitFor();
    assert.equal(await v.page.locator('img[src^="not"]').count(), 0, 'a logo that is not a URL is not used');
    await close(v);
  });
});

describe('an organiser whose values are hostile', () => {
  const host = 'hostile.localhost';

  test('nothing of it runs or links: the name is text, the link-like values fall back', async () => {
    const v = await open(host, '/', { waitUntil: 'networkidle' });
    assert.equal(await v.page.title(), '<img src=x onerror=alert(1)>Hostile & Co');
    assert.equal(await themeOf(v.page), '#2E6F40');
    assert.equal(await headerCta(v.page).count(), 0, 'a javascript: call-to-action is dropped');
    assert.equal(await v.page.locator('a[href^="javascript:"], iframe[src^="javascript:"], script[src^="javascript:"]').count(), 0);
    await text(v.page, '<script>alert(1)</script>Footer & text').waitFor();
    const social = v.page.locator('footer .social-link');
    assert.equal(await social.count(), 1);
    assert.equal(await social.getAttribute('href'), 'https://social.example.org/@hostile');
    assert.ok((await poweredBy(v.page)) > 0, 'hide9picBranding must be true itself to hide it');
    await text(v.page, '<script>alert(1)</script>Hostile Hill Climb').waitFor();
    assert.equal(await v.page.locator('script[src*="googletagmanager"]').count(), 0, 'an invalid container id loads no tag manager');
    assert.deepEqual(await v.page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name).filter((n) => n.includes('googletagmanager'))), []);
    await close(v);
  });

  test('a contact form that is not http(s) falls back to the embedded form', async () => {
    const v = await open(host, '/contact-us');
    assert.match((await v.page.locator('iframe').getAttribute('src')) ?? '', /^http:\/\/127\.0\.0\.1:\d+\/forms\/contact\?app_domain=hostile\.localhost$/);
    await close(v);
  });
});

describe('an organiser with every option set', () => {
  test('hidden branding, a fill header, a CTA on the left, footer text and social links', async () => {
    const v = await open('branded.localhost', '/');
    assert.equal(await poweredBy(v.page), 0, "hide9picBranding: true hides 'Powered by'");
    assert.equal(await v.page.locator('header').getAttribute('data-design'), 'fill');
    assert.equal(await themeOf(v.page), '#7C3AED');
    assert.equal(await headerCta(v.page).getAttribute('data-position'), 'left');
    assert.equal(await v.page.locator('header .header-start a.header-cta').count(), 1);
    await text(v.page, 'Branded Events Ltd, 2026').waitFor();
    assert.deepEqual(await v.page.locator('footer .social-link').evaluateAll((as) => as.map((a) => a.getAttribute('data-platform'))), ['instagram', 'strava']);
    await close(v);
  });
});

describe('a provider that fails', () => {
  test("HTTP 500 on the organiser call: 'Oops! Something went wrong', Try Again reloads, theme #FF5733, the provider's name", async () => {
    const v = await open('broken.localhost', '/');
    assert.equal(v.response?.status(), 200, 'what the provider answered is not a failure of the site');
    await text(v.page, 'Oops! Something went wrong').waitFor();
    assert.equal(await v.page.title(), 'eventsite');
    assert.equal(await themeOf(v.page), '#FF5733');
    const reloaded = v.page.waitForEvent('load');
    await v.page.getByRole('button', { name: 'Try Again' }).click();
    await reloaded;
    await text(v.page, 'Oops! Something went wrong').waitFor();
    await until(() => log().includes('Failed to fetch organizer data: HTTP error! status: 500'), 'logged as HTTP error! status: 500');
    await close(v);
  });

  test("a status 'error' envelope: the server's message; data that is no organiser: 'Invalid response from server'; no JSON: 'An unknown error occurred'", async () => {
    for (const [host, message] of [
      ['refused.localhost', REFUSED_MESSAGE],
      ['garbled.localhost', 'Invalid response from server'],
      ['html.localhost', 'An unknown error occurred'],
    ] as const) {
      const v = await open(host, '/');
      assert.equal(v.response?.status(), 200, host);
      await text(v.page, 'Oops! Something went wrong').waitFor();
      assert.equal(await themeOf(v.page), '#FF5733');
      await until(() => log().includes(`Failed to fetch organizer data: ${message}`), `${host} logs '${message}'`);
      await close(v);
    }
  });

  test('every list of a failed organiser says it failed, under the provider’s name', async () => {
    const v = await open('broken.localhost', '/events');
    assert.equal(await v.page.title(), 'All Events | eventsite');
    await text(v.page, 'Failed to load events list').waitFor();
    await close(v);
  });

  test("the events list failing: 'Failed to load events list' and 'Failed to load promo events list', titled with the organiser's name", async () => {
    let v = await open('listless.localhost', '/events');
    assert.equal(v.response?.status(), 200);
    assert.equal(await v.page.title(), 'All Events | Listless Club');
    await text(v.page, 'Failed to load events list').waitFor();
    await close(v);
    v = await open('listless.localhost', '/promo');
    assert.equal(await v.page.title(), 'Promo Events | Listless Club');
    await text(v.page, 'Failed to load promo events list').waitFor();
    await until(() => log().includes('Failed to fetch events data: HTTP error! status: 500'), 'logged as HTTP error! status: 500');
    await close(v);
  });

  test('the contact call failing falls back to the embedded form', async () => {
    const v = await open('broken.localhost', '/contact-us');
    assert.match((await v.page.locator('iframe').getAttribute('src')) ?? '', /\/forms\/contact\?app_domain=broken\.localhost$/);
    await until(() => log().includes('Failed to fetch contact form data: HTTP error! status: 500'), 'logged');
    await close(v);
  });

  test('a host the provider does not know is a 404', async () => {
    const { status, body } = await get(`nobody.localhost:${port}`, '/');
    assert.equal(status, 404);
    assert.match(body, /Site not found/);
  });
});

describe('host names', () => {
  test('local hosts (127.0.0.1, [::1], localhost, any case, with or without a port) are the organiser of "localhost"', async () => {
    for (const host of [`127.0.0.1:${port}`, '127.0.0.1', `[::1]:${port}`, '[::1]', `LOCALHOST:${port}`, `LocalHost`]) {
      const { status, body } = await get(host);
      assert.equal(status, 200, host);
      assert.match(body, /<title>Local Club<\/title>/, host);
    }
    assert.ok(provider.requests.some((r) => r.includes('app_domain=localhost')));
    assert.ok(!provider.requests.some((r) => /app_domain=(127|%5B|\[)/i.test(r)), 'an IP literal is never sent as app_domain');
  });

  test('a host name is case-insensitive', async () => {
    for (const host of [`MINIMAL.Localhost:${port}`, 'Minimal.LOCALHOST', `minimal.localhost.:${port}`]) {
      const { status, body } = await get(host);
      assert.equal(status, 200, host);
      assert.match(body, /<title>Harbour Swims<\/title>/, host);
    }
  });

  test('what is not a host name is a 400, never a 5xx', async () => {
    for (const host of ['bad_host', 'a b', 'x:99999999', '[::1', '[zz::1]:80', 'evil.localhost:80@x', '..']) {
      const { status } = await get(host);
      assert.equal(status, 400, JSON.stringify(host));
    }
  });

  test('a local visitor’s contact form gets domain=localhost', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${port}/contact-us`);
    await page.waitForURL((u) => u.searchParams.get('domain') === 'localhost');
    assert.equal(await page.locator('iframe').getAttribute('src'), 'https://forms.example.org/local');
    await context.close();
  });
});

describe('a slow provider', () => {
  test('home waits for it and shows its events, not the error state', async () => {
    const v = await open('slow.localhost', '/');
    await v.page.getByRole('heading', { name: 'Recent Events' }).waitFor();
    await text(v.page, 'Slow Marathon').waitFor();
    assert.equal(await v.page.getByText('Oops! Something went wrong').count(), 0);
    await close(v);
  });

  test("the full-page loader 'Loading event data...' shows while the organiser is on its way", async () => {
    const e = SPEC_ORGANISERS['sluggish.localhost']!.events[0]!;
    // A gallery with a query is rendered per request and streamed: the loader comes first.
    const v = await open('sluggish.localhost', `/events/${e.event_slug}/photos?bib=1`, { waitUntil: 'commit' });
    await text(v.page, 'Loading event data...').waitFor({ state: 'visible' });
    await v.page.getByRole('heading', { level: 1, name: e.event_name }).waitFor();
    assert.equal(await v.page.getByText('Loading event data...').count(), 0);
    await close(v);
  });

  test('the gallery’s 12-square skeleton shows while the event is on its way', async () => {
    const e = SPEC_ORGANISERS['slow.localhost']!.events[0]!;
    const v = await open('slow.localhost', '/');
    await v.page.locator(`a[href="/events/${e.event_slug}/photos"]`).first().click();
    // Seen while the page is on its way: twelve squares, in view.
    await v.page.waitForFunction(() => {
      const skeleton = document.querySelector('[data-testid="gallery-skeleton"]');
      return skeleton !== null && skeleton.getBoundingClientRect().height > 0 && skeleton.querySelectorAll('.skeleton-square').length === 12;
    });
    await v.page.getByRole('heading', { level: 1, name: e.event_name }).waitFor();
    assert.equal(await v.page.title(), `${e.event_name} | Photos`);
    await close(v);
  });

  test("'Loading promo editor...' shows while the promo editor’s event is on its way", async () => {
    const e = SPEC_ORGANISERS['slow.localhost']!.events[1]!;
    const v = await open('slow.localhost', '/promo');
    await v.page.locator(`a[href="/events/${e.event_slug}/promo"]`).first().click();
    await text(v.page, 'Loading promo editor...').waitFor({ state: 'visible' });
    await v.page.getByRole('heading', { level: 1, name: e.event_name }).waitFor();
    await close(v);
  });

});

describe('security headers', () => {
  test('every page forbids framing and sniffing and keeps full URLs to itself; HTTPS only outside local hosts', async () => {
    for (const [host, pathname] of [
      [`minimal.localhost:${port}`, '/'],
      [`minimal.localhost:${port}`, '/events/unknown-event-999999/photos'],
      [`127.0.0.1:${port}`, '/contact-us'],
      ['photos.example.org', '/'],
    ] as const) {
      const { headers } = await get(host, pathname);
      assert.match(String(headers['content-security-policy']), /frame-ancestors 'none'/, host + pathname);
      assert.equal(headers['x-frame-options'], 'DENY', host + pathname);
      assert.equal(headers['x-content-type-options'], 'nosniff', host + pathname);
      assert.equal(headers['referrer-policy'], 'strict-origin-when-cross-origin', host + pathname);
      const hsts = headers['strict-transport-security'];
      if (host.includes('localhost') || host.startsWith('127.')) assert.equal(hsts, undefined, host);
      else assert.match(String(hsts), /max-age=\d+/, host);
    }
  });

  test('another site cannot frame the site', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(url('branded.localhost', '/'));
    // A page of another origin that tries to show the minimal organiser's home in a frame.
    await page.setContent(`<iframe id="f" src="${url('minimal.localhost', '/')}"></iframe>`);
    await page.waitForTimeout(1500);
    const framed = page.frames().find((f) => f.url().includes('minimal.localhost'));
    const shown = framed ? await framed.evaluate(() => document.title).catch(() => '') : '';
    assert.notEqual(shown, 'Harbour Swims', 'the framed page rendered');
    await context.close();
  });

  test("the organiser's Google Tag Manager still runs under the policy", async () => {
    const context = await browser.newContext();
    const loaded: string[] = [];
    // No internet here: the tag manager's script is answered locally, and tells that it ran.
    await context.route('https://www.googletagmanager.com/**', (route) => {
      loaded.push(route.request().url());
      return route.fulfill({ contentType: 'application/javascript', body: 'window.__gtmRan = true;' });
    });
    const page = await context.newPage();
    await page.goto(url('branded.localhost', '/'));
    await page.waitForFunction(() => (window as unknown as { __gtmRan?: boolean }).__gtmRan === true);
    assert.ok(loaded.some((u) => u.includes('id=GTM-SPEC123')));
    await context.close();
  });
});
