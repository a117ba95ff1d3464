// The organiser console in Chromium: a user made with the CLI (through the running API's operator
// socket, the embedded database being the API's), a wrong password and its one error, the right
// one, the organiser's events, sign-out; a cross-site POST refused; no indexing; axe, keyboard and
// a phone. Screenshots go to E2E_SCREENSHOTS_DIR when it is set.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, launchBrowser, VIEWPORTS } from '../support/browser.js';
import { apiUrl, serverHtml, sitePort, siteUrl } from '../support/stack.js';
import { cli, screenshotter } from '../support/operator.js';

/** A form POST to the site as another page would send it (Host set: *.localhost needs no DNS). */
function postForm(
  pathname: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; body: string; setCookie: string[] | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: sitePort,
        path: pathname,
        method: 'POST',
        headers: {
          ...headers,
          host: `${HOST}:${sitePort}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text,
            setCookie: res.headers['set-cookie'],
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const HOST = 'trail.localhost';
const EMAIL = `console-${Date.now()}@trail.example`;
const PASSWORD = 'a good long password';
const dataDir = process.env.E2E_DATA_DIR ?? '';

const shot = screenshotter('console-');

let browser: Browser;
let trailEvents: Array<{ name: string; published: boolean; total_images: number; slug: string }>;

before(async () => {
  assert.ok(dataDir, 'E2E_DATA_DIR is set by e2e/run.ts');
  const short = cli(['user', 'create', HOST, EMAIL, '--role', 'editor'], 'short\n');
  assert.equal(short.code, 1);
  assert.match(short.err, /A password has at least 10 characters/);
  const created = cli(['user', 'create', HOST, EMAIL, '--role', 'editor'], `${PASSWORD}\n`);
  assert.equal(created.code, 0, created.err);
  assert.match(created.out, new RegExp(`Created editor ${EMAIL}`));
  assert.match(cli(['user', 'list', HOST]).out, new RegExp(`${EMAIL}\teditor`));
  // What the console should list: every event of the organiser, published or not.
  const signIn = await fetch(`${apiUrl}/api/v1/console/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ app_domain: HOST, email: EMAIL, password: PASSWORD }),
  });
  const session = ((await signIn.json()) as { data: { session_token: string } }).data.session_token;
  const events = await fetch(`${apiUrl}/api/v1/admin/events`, {
    headers: { authorization: `Bearer ${session}` },
  });
  trailEvents = ((await events.json()) as { data: typeof trailEvents }).data;
  await fetch(`${apiUrl}/api/v1/console/sign-out`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session}` },
  });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  if (dataDir) cli(['user', 'remove', HOST, EMAIL]);
});

async function signInWith(page: Page, password: string) {
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForLoadState('load');
}

describe('the console', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    test(`signs in, lists the events and signs out (${name})`, async () => {
      const context = await browser.newContext({ ...viewport });
      const page = await context.newPage();
      const errors: string[] = [];
      // Script errors and policy violations, and any failed request to the site or the API (the
      // demo's footer links an icon on a host this machine cannot resolve: not the console's).
      page.on('console', (m) => {
        if (m.type() === 'error' && !m.text().startsWith('Failed to load resource'))
          errors.push(m.text());
      });
      page.on('requestfailed', (r) => {
        const { hostname } = new URL(r.url());
        // A prefetch cut short by the form's own navigation is not a failure.
        if (r.failure()?.errorText === 'net::ERR_ABORTED') return;
        if (hostname.endsWith('localhost') || hostname === '127.0.0.1')
          errors.push(`${r.url()}: ${r.failure()?.errorText}`);
      });
      const first = await page.goto(siteUrl(HOST, '/console'));
      assert.equal(first?.status(), 200);
      assert.equal(first?.headers()['x-robots-tag'], 'noindex, nofollow');
      assert.match(first?.headers()['content-security-policy'] ?? '', /script-src 'self' 'nonce-/);
      assert.equal(
        await page.locator('meta[name="robots"]').getAttribute('content'),
        'noindex, nofollow',
      );
      // The organiser's brand in the header.
      assert.equal(
        await page
          .locator('header')
          .getByRole('link', { name: /Alpine Trail Series/ })
          .count(),
        1,
      );
      const csrf = (await context.cookies()).find((c) => c.name === 'console_csrf');
      assert.ok(csrf, 'the CSRF cookie is made on the first visit');
      assert.equal(csrf.httpOnly, true);
      assert.equal(csrf.sameSite, 'Lax');
      assert.equal(csrf.path, '/console');
      assert.deepEqual(await axeViolations(page), []);
      await shot(page, `${name}-sign-in`);

      await signInWith(page, 'not the password');
      assert.equal(
        await page.locator('#console-sign-in-error').innerText(),
        'Email or password is not right',
      );
      assert.equal(await page.getByRole('button', { name: 'Sign out' }).count(), 0);
      assert.deepEqual(await axeViolations(page), []);
      await shot(page, `${name}-refused`);

      // The right password, by keyboard only.
      await page.getByLabel('Email').focus();
      await page.keyboard.type(EMAIL);
      await page.keyboard.press('Tab');
      await page.keyboard.type(PASSWORD);
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Sign in');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Events' }).waitFor();
      const session = (await context.cookies()).find((c) => c.name === 'console_session');
      assert.ok(session, 'the session cookie is set');
      assert.equal(session.httpOnly, true);
      assert.equal(session.sameSite, 'Lax');
      assert.equal(session.path, '/console');
      assert.equal(session.secure, false, 'not Secure on localhost');
      assert.notEqual(
        (await context.cookies()).find((c) => c.name === 'console_csrf')?.value,
        csrf.value,
        'a new CSRF token for the session',
      );
      assert.match(
        await page.locator('main').innerText(),
        new RegExp(`Signed in as ${EMAIL} \\(editor\\)`),
      );
      const cards = page.locator('.console-event');
      assert.equal(await cards.count(), trailEvents.length);
      for (const [i, event] of trailEvents.entries()) {
        const text = await cards.nth(i).innerText();
        assert.match(text, new RegExp(event.name));
        assert.match(text, event.published ? /Published/ : /Not published/);
        assert.match(text, new RegExp(`${event.total_images.toLocaleString('en-GB')} photos?`));
        assert.ok(text.includes(`/events/${event.slug}/photos`), `${event.name}: its public URL`);
      }
      const noHorizontalScroll = await page.evaluate(
        () => document.documentElement.scrollWidth <= window.innerWidth,
      );
      assert.ok(noHorizontalScroll, 'no sideways scrolling');
      assert.deepEqual(await axeViolations(page), []);
      await shot(page, `${name}-events`);

      // Sign out by keyboard: focus the button and press Enter.
      await page.getByRole('button', { name: 'Sign out', exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      assert.match(await page.getByRole('status').innerText(), /You are signed out/);
      assert.equal(
        (await context.cookies()).find((c) => c.name === 'console_session'),
        undefined,
      );
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  test('Sign out everywhere ends the other browsers’ sessions too', async () => {
    const laptop = await browser.newContext({ ...VIEWPORTS.desktop });
    const phone = await browser.newContext({ ...VIEWPORTS.phone });
    const pages = [await laptop.newPage(), await phone.newPage()];
    for (const page of pages) {
      await page.goto(siteUrl(HOST, '/console'));
      await signInWith(page, PASSWORD);
      await page.getByRole('heading', { name: 'Events' }).waitFor();
    }
    await pages[0]!.getByRole('button', { name: 'Sign out everywhere' }).click();
    await pages[0]!.getByRole('button', { name: 'Sign in' }).waitFor();
    await pages[1]!.reload();
    assert.equal(
      await pages[1]!.locator('#console-sign-in-error').innerText(),
      'Your session has ended. Sign in again.',
    );
    await laptop.close();
    await phone.close();
  });

  test('a POST from another site, or without the CSRF token, is refused and changes nothing', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(siteUrl(HOST, '/console'));
    const csrf = (await context.cookies()).find((c) => c.name === 'console_csrf')!.value;
    const cookie = `console_csrf=${csrf}`;
    const siteOrigin = new URL(siteUrl(HOST)).origin;
    const post = (origin: string, body: string) =>
      postForm('/console/sign-in', { origin, cookie }, body);
    const form = `csrf=${csrf}&email=${encodeURIComponent(EMAIL)}&password=${encodeURIComponent(PASSWORD)}`;
    const crossSite = await post('https://evil.example', form);
    assert.equal(crossSite.status, 403);
    assert.match(crossSite.body, /did not come from this site/);
    assert.equal(crossSite.setCookie, undefined);
    const noToken = await post(
      siteOrigin,
      `email=${encodeURIComponent(EMAIL)}&password=${encodeURIComponent(PASSWORD)}`,
    );
    assert.equal(noToken.status, 403);
    assert.equal(noToken.setCookie, undefined);
    // The same request from the console itself signs in.
    const same = await post(siteOrigin, form);
    assert.equal(same.status, 303);
    assert.match((same.setCookie ?? []).join('\n'), /console_session=ess_/);
    await context.close();
  });

  test('robots.txt keeps search engines out', async () => {
    const robots = await serverHtml(HOST, '/robots.txt');
    assert.match(robots.html, /Disallow: \/console/);
  });
});
