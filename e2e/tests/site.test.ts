import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, launchBrowser, VIEWPORTS } from '../support/browser.js';
import {
  apiData,
  HOSTS,
  metaContent,
  serverHtml,
  siteUrl,
  type AllEvents,
  type OrganiserData,
} from '../support/stack.js';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

async function open(host: string, pathname: string, viewport: keyof typeof VIEWPORTS = 'desktop'): Promise<Page> {
  const context = await browser.newContext({ ...VIEWPORTS[viewport], reducedMotion: 'reduce' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  (page as Page & { errors: string[] }).errors = errors;
  const response = await page.goto(siteUrl(host, pathname), { waitUntil: 'networkidle' });
  assert.ok(response, `no response for ${host}${pathname}`);
  return page;
}

async function close(page: Page) {
  await page.context().close();
}

async function assertAccessible(page: Page) {
  const violations = await axeViolations(page);
  assert.deepEqual(violations, [], `axe violations on ${page.url()}`);
}

for (const host of HOSTS) {
  describe(`the site on ${host}`, () => {
    let organiser: OrganiserData;
    let allEvents: AllEvents;
    before(async () => {
      organiser = await apiData<OrganiserData>(`/api/v1/client/events/organiser/data?app_domain=${host}`);
      allEvents = await apiData<AllEvents>(
        `/api/v1/client/events/organiser/all-events?app_domain=${host}&page=1&page_size=100`,
      );
    });

    test('home shows the organiser, its recent events and passes axe', async () => {
      const page = await open(host, '/');
      assert.equal(await page.title(), organiser.name);
      await page.getByRole('heading', { name: 'Recent Events' }).waitFor();
      for (const event of organiser.recent_events.slice(0, 3)) {
        assert.ok(
          (await page.getByText(event.event_name, { exact: true }).count()) > 0,
          `card for ${event.event_name}`,
        );
      }
      assert.ok((await page.getByRole('link', { name: /View Photos/ }).count()) >= organiser.recent_events.length);
      const nav = page.getByRole('navigation').first();
      for (const [name, href] of [
        ['Home', '/'],
        ['Events', '/events'],
        ['Contact', '/contact-us'],
      ] as const) {
        assert.equal(await nav.getByRole('link', { name, exact: true }).getAttribute('href'), href);
      }
      const poweredBy = await page.getByText(/Powered by/).count();
      assert.equal(poweredBy > 0, !organiser.extra_config.footer_config.hide9picBranding);
      assert.deepEqual((page as Page & { errors: string[] }).errors, []);
      await assertAccessible(page);
      await close(page);
    });

    test('home paints its hero from the first bytes, not after a script reveals it', async () => {
      const { status, html } = await serverHtml(host, '/');
      assert.equal(status, 200);
      const hero = html.indexOf('class="hero-image"');
      assert.ok(hero > 0, 'the hero image is in the server HTML');
      // React moves a large Suspense boundary to a hidden <div id="S:n"> later in the document and
      // shows it by script: whatever sits there is painted only after the whole page has arrived.
      const outlined = html.search(/<div hidden id="S:/);
      assert.ok(outlined === -1 || hero < outlined, 'the hero is not in an outlined boundary');
      const template = html.search(/<template id="B:/);
      assert.ok(template === -1 || hero < template, 'the hero comes before any pending boundary');
    });

    test('the header call-to-action opens in a new tab', async () => {
      const cta = organiser.extra_config.headerCta;
      const page = await open(host, '/');
      if (cta.text && cta.href) {
        const link = page.getByRole('banner').getByRole('link', { name: cta.text });
        assert.equal(await link.getAttribute('target'), '_blank');
        assert.equal(await link.getAttribute('href'), cta.href);
      }
      await close(page);
    });

    test('all events pages through the organiser’s events only', async () => {
      const page = await open(host, '/events');
      assert.equal(await page.title(), `All Events | ${organiser.name}`);
      await page.getByRole('heading', { name: 'All Events' }).waitFor();
      const totalPages = Math.ceil(allEvents.pagination.total / 12);
      if (totalPages > 1) {
        await page.getByText(`Page 1 of ${totalPages}`).waitFor();
        assert.equal(await page.getByRole('link', { name: /Previous/ }).count() + (await page.getByRole('button', { name: /Previous/ }).count()), 0);
        const next = page.getByRole('link', { name: /Next/ }).or(page.getByRole('button', { name: /Next/ }));
        await next.first().click();
        await page.getByText(`Page 2 of ${totalPages}`).waitFor();
        assert.match(page.url(), /page=2/);
      } else {
        assert.equal(await page.getByText(/Page \d+ of \d+/).count(), 0);
      }
      await assertAccessible(page);
      await close(page);
    });

    test('a bad page number falls back to page 1', async () => {
      for (const bad of ['abc', '0', '-3', '1.5', '99999999999']) {
        const page = await open(host, `/events?page=${bad}`);
        await page.getByRole('heading', { name: 'All Events' }).waitFor();
        const first = allEvents.events[0];
        if (first) await page.getByText(first.event_name, { exact: true }).first().waitFor();
        await close(page);
      }
    });

    test('promo events link to the promo editor', async () => {
      const page = await open(host, '/promo');
      assert.equal(await page.title(), `Promo Events | ${organiser.name}`);
      await page.getByRole('heading', { name: 'Promo Events' }).waitFor();
      await page
        .getByText(
          'Discover and create promotional materials for amazing events. Design custom certificates and promotional content.',
        )
        .waitFor();
      const link = page.getByRole('link', { name: /Create Promo/ }).first();
      assert.match((await link.getAttribute('href')) ?? '', /^\/events\/[a-z0-9-]+-\d+\/promo$/);
      await assertAccessible(page);
      await close(page);
    });

    test('contact adds the domain parameter and embeds the form at height 600', async () => {
      const page = await open(host, '/contact-us');
      await page.waitForURL((url) => url.searchParams.get('domain') === host);
      const iframe = page.locator('iframe');
      await iframe.waitFor();
      assert.equal(await iframe.getAttribute('height'), '600');
      assert.match((await iframe.getAttribute('src')) ?? '', /^https?:\/\//);
      assert.equal(await page.title(), `Contact Us - ${organiser.name}`);
      await assertAccessible(page);
      await close(page);
    });

    test('an event gallery shows its photos under the event title', async () => {
      const event = organiser.recent_events[0]!;
      const page = await open(host, `/events/${event.event_slug}/photos`);
      assert.equal(await page.title(), `${event.event_name} | Photos`);
      await page.locator('main img').first().waitFor();
      await assertAccessible(page);
      await close(page);
    });

    test('the promo editor opens for an event: the page’s heading, the template on the canvas, a toolbar that works', async () => {
      const event = organiser.recent_events[0]!;
      const page = await open(host, `/events/${event.event_slug}/promo`);
      // The page's own heading: its kicker over the event's name.
      await page.getByRole('heading', { level: 1, name: event.event_name }).waitFor();
      assert.equal(await page.locator('.event-header .event-kicker').textContent(), 'Create Promo');
      // The editor under it, mounted: its own title, and the square post drawn on the canvas.
      const editor = page.getByTestId('promo-editor');
      await editor.getByRole('heading', { level: 2, name: /Square post$/ }).waitFor();
      await editor.locator('.pe-canvas canvas').first().waitFor();
      await page.waitForFunction(
        (name) =>
          (window as unknown as { Konva?: { stages: { findOne(s: string): { findOne(s: string): { text(): string } | undefined } | undefined }[] } }).Konva?.stages[0]
            ?.findOne('#title')
            ?.findOne('Text')
            ?.text() === name,
        event.event_name,
      );
      // The toolbar works: Download opens the export dialog, which closes again.
      await editor.getByRole('button', { name: 'Download', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: /^PNG/ }).waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await close(page);
    });

    test('every page’s server HTML carries its title and social previews', async () => {
      const event = organiser.recent_events[0]!;
      for (const [pathname, title] of [
        ['/', organiser.name],
        ['/events', `All Events | ${organiser.name}`],
        ['/promo', `Promo Events | ${organiser.name}`],
        ['/contact-us', `Contact Us - ${organiser.name}`],
        [`/events/${event.event_slug}/photos`, `${event.event_name} | Photos`],
      ] as const) {
        const { status, html } = await serverHtml(host, pathname);
        assert.equal(status, 200, pathname);
        assert.match(html, new RegExp(`<title>${title.replace(/[|]/g, '\\|')}</title>`), pathname);
        assert.equal(metaContent(html, 'og:title'), title, `${pathname} og:title`);
        assert.ok(metaContent(html, 'og:description'), `${pathname} og:description`);
        assert.match(metaContent(html, 'og:image') ?? '', /^https?:\/\//, `${pathname} og:image`);
        assert.equal(metaContent(html, 'twitter:title'), title, `${pathname} twitter:title`);
      }
    });

    test('the footer leads to the privacy page, which says what is kept about a visitor', async () => {
      const page = await open(host, '/');
      await page.getByRole('contentinfo').getByRole('link', { name: 'Your privacy' }).click();
      await page.waitForURL(/\/privacy$/);
      await page.getByRole('heading', { level: 1, name: 'Your privacy' }).waitFor();
      assert.equal(await page.title(), `Your privacy - ${organiser.name}`);
      const text = await page.locator('main').innerText();
      assert.ok(text.includes(`${organiser.name} publishes the photos of its events`), 'the organiser is named');
      for (const heading of ['Selfie search and face data', 'Hide me', 'Questions, or to have your data removed'])
        assert.ok(await page.getByRole('heading', { level: 2, name: heading }).isVisible(), heading);
      assert.equal(await page.getByRole('link', { name: `Write to ${organiser.name}` }).getAttribute('href'), '/contact-us');
      await assertAccessible(page);
      // A page like the others: kept for every visitor, and listed for search engines.
      const served = await serverHtml(host, '/privacy');
      assert.equal(served.status, 200);
      assert.match(served.html, /<h1[^>]*>Your privacy<\/h1>/);
      assert.ok((await serverHtml(host, '/sitemap.xml')).html.includes('/privacy'));
      await close(page);
    });

    test('robots.txt and sitemap.xml speak of this host only', async () => {
      const robots = await serverHtml(host, '/robots.txt');
      assert.equal(robots.status, 200);
      assert.match(robots.html, new RegExp(`Sitemap: http://${host.replace('.', '\\.')}`));
      const sitemap = await serverHtml(host, '/sitemap.xml');
      assert.equal(sitemap.status, 200);
      for (const event of allEvents.events) assert.ok(sitemap.html.includes(`/events/${event.event_slug}/photos`));
      const other = HOSTS.find((h) => h !== host)!;
      const otherEvents = await apiData<AllEvents>(
        `/api/v1/client/events/organiser/all-events?app_domain=${other}&page=1&page_size=100`,
      );
      for (const event of otherEvents.events) assert.ok(!sitemap.html.includes(`/events/${event.event_slug}/`));
    });

    test('on a phone the navigation is a side menu', async () => {
      const page = await open(host, '/', 'phone');
      const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
      await menuButton.click();
      assert.equal(await menuButton.getAttribute('aria-expanded'), 'true');
      await page.getByRole('link', { name: 'Events', exact: true }).last().click();
      await page.waitForURL(/\/events$/);
      await page.getByRole('heading', { name: 'All Events' }).waitFor();
      await assertAccessible(page);
      await close(page);
    });
  });
}

describe('tenancy', () => {
  test('another organiser’s event, or a shared photo of it, is a 404 that names nothing of it', async () => {
    const theirs = await apiData<OrganiserData>('/api/v1/client/events/organiser/data?app_domain=localhost');
    const mine = await apiData<OrganiserData>('/api/v1/client/events/organiser/data?app_domain=trail.localhost');
    const event = theirs.recent_events.find((e) => !mine.recent_events.some((m) => m.event_id === e.event_id))!;
    const photo = event.event_photos[0]!.split(',')[0]!;
    for (const pathname of [
      `/events/x-${event.event_id}/photos?photo=${photo}`,
      `/events/x-${event.event_id}/photos`,
      `/events/x-${event.event_id}/promo`,
    ]) {
      const { status, html } = await serverHtml('trail.localhost', pathname);
      assert.equal(status, 404, pathname);
      assert.ok(!html.includes(event.event_name), `${pathname} names the event`);
      assert.ok(!new RegExp(`<meta[^>]+content="[^"]*${photo}`).test(html), `${pathname} previews its photo`);
      assert.ok(!html.includes(`by ${mine.name}`), `${pathname} describes it as ${mine.name}’s`);
    }
  });

  test('trail.localhost never shows localhost’s events', async () => {
    const [a, b] = await Promise.all(
      HOSTS.map((h) =>
        apiData<AllEvents>(`/api/v1/client/events/organiser/all-events?app_domain=${h}&page=1&page_size=100`),
      ),
    );
    const page = await open('trail.localhost', '/events');
    const text = await page.locator('main').innerText();
    for (const event of a!.events) {
      if (!b!.events.some((e) => e.event_name === event.event_name)) assert.ok(!text.includes(event.event_name));
    }
    await close(page);
  });
});

describe('error states', () => {
  test('a slug without an id says so, with HTTP 404', async () => {
    const page = await open('localhost', '/events/no-id-here/photos');
    await page.getByText('Event ID is required').waitFor();
    await close(page);
    const { status } = await serverHtml('localhost', '/events/no-id-here/photos');
    assert.equal(status, 404);
  });

  test("an unknown event is a 404 that says 'Failed to load event data' in the organiser’s page", async () => {
    for (const pathname of ['/events/missing-event-987654/photos', '/events/missing-event-987654/promo', '/events/missing-event-987654/photos?bib=1']) {
      const { status } = await serverHtml('localhost', pathname);
      assert.equal(status, 404, pathname);
      // What the visitor sees (the router's data in the HTML also carries the site's own
      // not-found page, for pages it may show later).
      const page = await open('localhost', pathname);
      await page.getByText('Failed to load event data').first().waitFor();
      assert.doesNotMatch(await page.locator('body').innerText(), /Page not found/, pathname);
      await close(page);
    }
  });

  test('a list page past the last one is a 404', async () => {
    const { status } = await serverHtml('localhost', '/events?page=999');
    assert.equal(status, 404);
  });

  test('keyboard alone reaches the navigation', async () => {
    const page = await open('localhost', '/');
    const names: string[] = [];
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      names.push(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''));
    }
    assert.ok(names.includes('Events'), `tab order: ${names.join(' | ')}`);
    await close(page);
  });
});
