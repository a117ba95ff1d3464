// Longer than 400 lines: two screens walked in one browser, each case building on the last.
// The console's Branding and Team screens in Chromium, on an organiser of their own (made with
// the CLI through the running API, on a host name of its own, so nothing of the demo changes): an
// owner uploads a logo and sets a colour, sees the live preview and the contrast warning, a bad
// field comes back as typed, and the public home of the same host shows the new brand at once;
// an invitation made on the Team screen is used by a second browser, which becomes an editor and
// cannot open Branding; the link works once. axe on both screens, laptop and phone; screenshots
// go to E2E_SCREENSHOTS_DIR when it is set (docs/screenshots/console-branding-*.png).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { axeViolations, launchBrowser } from '../support/browser.js';
import { siteUrl } from '../support/stack.js';
import { cli, screenshotter } from '../support/operator.js';

const STAMP = Date.now().toString(36);
const HOST = `brand-${STAMP}.localhost`;
const NAME = `Harbour Night Run ${STAMP}`;
const OWNER = `owner-${STAMP}@harbour.example`;
const INVITEE = `editor-${STAMP}@harbour.example`;
const PASSWORD = 'a good long password';
const dataDir = process.env.E2E_DATA_DIR ?? '';

const LAPTOP = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 } as const;
const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
} as const;

const shot = screenshotter('console-');

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource'))
      errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

async function signIn(page: Page, email: string) {
  await page.goto(siteUrl(HOST, '/console'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out', exact: true }).waitFor();
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

let browser: Browser;
let logoPng: string;
let svgFile: string;

before(async () => {
  assert.ok(dataDir, 'E2E_DATA_DIR is set by e2e/run.ts');
  const folder = mkdtempSync(path.join(tmpdir(), 'branding-e2e-'));
  const file = path.join(folder, 'organiser.json');
  writeFileSync(
    file,
    JSON.stringify({ name: NAME, domains: [HOST], extra_config: { themeColor: '#FF5733' } }),
  );
  const applied = cli(['organiser', 'apply', file]);
  assert.equal(applied.code, 0, applied.err);
  const owner = cli(['user', 'create', HOST, OWNER, '--role', 'owner'], `${PASSWORD}\n`);
  assert.equal(owner.code, 0, owner.err);
  // A wide logo with transparency, and an SVG that carries script.
  logoPng = path.join(folder, 'logo.png');
  await sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="760" height="160"><rect x="0" y="0" width="160" height="160" rx="30" fill="#1B5E20"/><text x="180" y="110" font-size="90" font-family="sans-serif" fill="#1B5E20">HARBOUR</text></svg>',
    ),
  )
    .png()
    .toFile(logoPng);
  svgFile = path.join(folder, 'logo.svg');
  writeFileSync(svgFile, '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

describe('the Branding screen', () => {
  test('an owner sees the preview follow the form, a contrast warning, and a bad field kept as typed', async () => {
    const context = await browser.newContext(LAPTOP);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, OWNER);
    await page
      .getByRole('navigation', { name: /console/i })
      .getByRole('link', { name: 'Branding' })
      .click();
    await page.getByRole('heading', { name: 'Branding', level: 1 }).waitFor();
    const preview = page.getByTestId('branding-preview');
    assert.equal(
      await preview.locator('header').getByText(NAME).count(),
      1,
      'the name stands in for the logo',
    );

    // A light colour: the warning, with the ratio and what the site does about it.
    const colour = page.getByLabel('Theme colour (hex, such as #2E6F40)');
    await colour.fill('#FFD700');
    const contrast = page.getByTestId('contrast');
    // The warning follows the field once React has the new value: wait for it, then read it.
    await contrast.filter({ hasText: '1.4:1' }).waitFor({ timeout: 10_000 });
    assert.match(
      await contrast.innerText(),
      /White text on this colour has a contrast of only 1\.4:1, below the 4\.5:1/,
    );
    assert.equal(await contrast.getAttribute('class'), 'branding-warning');
    const themeOfPreview = () =>
      preview
        .locator('.site')
        .evaluate((el) => getComputedStyle(el).getPropertyValue('--theme').trim());
    assert.equal(await themeOfPreview(), '#FFD700');
    await colour.fill('#1B5E20');
    assert.match(await contrast.innerText(), /White text on this colour has a contrast of 7\.\d:1/);
    assert.equal(await themeOfPreview(), '#1B5E20');

    // The preview follows the footer and the header design before anything is saved.
    await page.getByLabel('Footer text').fill('Thank you, runners!');
    assert.equal(await preview.locator('.footer-text').innerText(), 'Thank you, runners!');
    await page.getByLabel('Filled (the header in your theme colour)').check();
    assert.equal(await preview.locator('.site').getAttribute('data-header'), 'fill');
    await page.getByLabel(/Show “Powered by eventsite”/).uncheck();
    assert.equal(await preview.locator('.powered-by').count(), 0);

    // A hostile link: refused next to its field, every field back as typed, nothing saved.
    await page.getByLabel('Call-to-action text (empty for none)').fill('Register');
    await page.getByLabel('Call-to-action link (https://…)').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save branding' }).click();
    await page.getByRole('alert').filter({ hasText: 'Nothing was saved' }).waitFor();
    assert.equal(
      await page.locator('#error-ctaHref').innerText(),
      'Call-to-action link must be an absolute http:// or https:// URL',
    );
    assert.equal(
      await page.getByLabel('Call-to-action link (https://…)').getAttribute('aria-invalid'),
      'true',
    );
    assert.equal(
      await page.getByLabel('Call-to-action link (https://…)').inputValue(),
      'javascript:alert(1)',
    );
    assert.equal(await page.getByLabel('Footer text').inputValue(), 'Thank you, runners!');
    assert.equal(
      await page.getByLabel('Theme colour (hex, such as #2E6F40)').inputValue(),
      '#1B5E20',
    );
    assert.equal(
      await page.getByLabel('Filled (the header in your theme colour)').isChecked(),
      true,
    );
    assert.equal(
      await page.getByTestId('branding-preview').locator('a[href^="javascript"]').count(),
      0,
    );

    // An SVG: said at once in the browser; one disguised as a PNG is refused by the API.
    await page.getByLabel('Choose a new logo').setInputFiles(svgFile);
    assert.match(await page.locator('#branding-logo-problem').innerText(), /SVG is not accepted/);
    await page.getByLabel('Choose a new logo').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: readFileSync(svgFile),
    });
    await page.getByRole('button', { name: 'Upload logo' }).click();
    await page.getByRole('alert').filter({ hasText: 'SVG logos are not accepted' }).waitFor();

    // A file over 2 MB: said at once in the browser, and not sent (the typed fields stay).
    await page.getByLabel('Choose a new logo').setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(3 * 1024 * 1024, 7),
    });
    assert.match(
      await page.locator('#branding-logo-problem').innerText(),
      /This file is 3\.0 MB; a logo may be at most 2 MB/,
    );
    const before = page.url();
    const sent: string[] = [];
    const onRequest = (r: { method(): string; url(): string }) => {
      if (r.method() === 'POST') sent.push(r.url());
    };
    page.on('request', onRequest);
    await page.getByRole('button', { name: 'Upload logo' }).click();
    // The refusal's visible answer: the focus goes back to the file field, and nothing was sent.
    await page.waitForFunction(() => document.activeElement?.id === 'branding-logo-file');
    page.off('request', onRequest);
    assert.deepEqual(sent, [], 'not sent');
    assert.equal(page.url(), before, 'not sent');

    // A PNG: shown in the preview before it is uploaded, then stored.
    await page.getByLabel('Choose a new logo').setInputFiles(logoPng);
    assert.match((await preview.locator('header img').getAttribute('src')) ?? '', /^blob:/);
    await page.getByRole('button', { name: 'Upload logo' }).click();
    await page.getByRole('status').filter({ hasText: 'The new logo is saved' }).waitFor();
    const stored = (await page.locator('.branding-current-logo img').getAttribute('src')) ?? '';
    // The settings typed before the upload are still there, not yet saved.
    assert.match(
      await page.getByRole('status').filter({ hasText: 'The new logo is saved' }).innerText(),
      /not saved yet/,
    );
    assert.equal(
      await page.getByLabel('Filled (the header in your theme colour)').isChecked(),
      true,
    );
    assert.equal(await page.getByLabel('Footer text').inputValue(), 'Thank you, runners!');
    assert.equal(await page.getByLabel(/Show “Powered by eventsite”/).isChecked(), false);
    assert.match(stored, /\/assets\/logos\/\d+\/[a-f0-9]{16}\.webp$/);

    // Colour, footer and call-to-action saved.
    await page.getByLabel('Theme colour (hex, such as #2E6F40)').fill('#1B5E20');
    await page.getByLabel('Footer text').fill('Thank you, runners!');
    await page.getByLabel('Call-to-action text (empty for none)').fill('Register');
    await page.getByLabel('Call-to-action link (https://…)').fill('https://example.com/register');
    await page.getByRole('button', { name: 'Save branding' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Saved. Your public site shows the new branding now.' })
      .waitFor();
    assert.equal(
      await page.getByLabel('Theme colour (hex, such as #2E6F40)').inputValue(),
      '#1B5E20',
    );
    await colour.fill('#FFD700');
    assert.ok(await noSidewaysScroll(page), 'no sideways scrolling');
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, 'branding-laptop');
    await colour.fill('#1B5E20');

    // The public home of the same host, at once: the logo, the colour, the footer.
    await page.goto(siteUrl(HOST, '/'));
    const logo = page.locator('header.site-header img');
    // The console names the API by the site's PUBLIC_API_URL, the public page by the API's own
    // origin: the same file.
    assert.equal(
      new URL((await logo.getAttribute('src')) ?? '').pathname,
      new URL(stored).pathname,
    );
    assert.equal(await logo.getAttribute('alt'), NAME);
    assert.ok(
      await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      'the logo loads',
    );
    assert.equal(
      await page
        .locator('.site')
        .evaluate((el) => getComputedStyle(el).getPropertyValue('--theme').trim()),
      '#1B5E20',
    );
    assert.equal(await page.locator('.site').getAttribute('data-header'), 'fill');
    assert.equal(await page.locator('footer .footer-text').innerText(), 'Thank you, runners!');
    assert.equal(await page.locator('footer .powered-by').count(), 0);
    assert.equal(
      (await page
        .locator('header')
        .getByRole('link', { name: /Register/ })
        .count()) > 0,
      true,
    );
    await shot(page, 'branding-public-home');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('on a phone the preview is below the form, with no sideways scrolling', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await signIn(page, OWNER);
    await page.goto(siteUrl(HOST, '/console/branding'));
    const form = await page.getByRole('button', { name: 'Save branding' }).boundingBox();
    const preview = await page.getByTestId('branding-preview').boundingBox();
    assert.ok(form && preview && preview.y > form.y, 'the preview follows the form');
    assert.ok(await noSidewaysScroll(page), 'no sideways scrolling');
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, 'branding-phone');
    await context.close();
  });

  test('a colour typed while the page is still loading drives the preview once it is live', async () => {
    const context = await browser.newContext(LAPTOP);
    const page = await context.newPage();
    await signIn(page, OWNER);
    // The page's scripts are held back: the form is there (server-rendered), not yet live.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_next/static/chunks/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(siteUrl(HOST, '/console/branding'), { waitUntil: 'commit' });
    const colour = page.getByLabel('Theme colour (hex, such as #2E6F40)');
    await colour.fill('#FFD700');
    release();
    await page.getByTestId('contrast').filter({ hasText: '1.4:1' }).waitFor({ timeout: 15_000 });
    assert.equal(await colour.inputValue(), '#FFD700', 'what was typed stays');
    const theme = await page
      .getByTestId('branding-preview')
      .locator('.site')
      .evaluate((el) => getComputedStyle(el).getPropertyValue('--theme').trim());
    assert.equal(theme, '#FFD700');
    await page.unroute('**/_next/static/chunks/**');
    await context.close();
  });
});

describe('the Team screen and an invitation', () => {
  let link = '';

  for (const [name, options] of [
    ['laptop', LAPTOP],
    ['phone', PHONE],
  ] as const) {
    test(`an owner lists the team and makes a one-time link (${name})`, async () => {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      await signIn(page, OWNER);
      await page.goto(siteUrl(HOST, '/console/team'));
      await page.getByRole('heading', { name: 'Team', level: 1 }).waitFor();
      const people = page.getByTestId('team-user');
      assert.equal(await people.count(), 1);
      assert.match(
        await people.first().innerText(),
        new RegExp(`${OWNER.replace('.', '\\.')} \\(you\\)`),
      );
      assert.match(await people.first().innerText(), /The only owner cannot be removed/);
      const email = name === 'laptop' ? INVITEE : `phone-${INVITEE}`;
      await page.getByLabel('Their email').fill(email);
      await page.getByRole('radio', { name: /Editor —/ }).check();
      await page.getByLabel('Your own password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Make invitation link' }).click();
      await page.getByText(`Invitation for ${email} made`).waitFor();
      const made = await page.getByTestId('invite-link').inputValue();
      assert.match(
        made,
        new RegExp(
          `^http://${HOST.replace('.', '\\.')}:\\d+/console/invite/esi_[A-Za-z0-9_-]{43}$`,
        ),
      );
      assert.match(await page.getByTestId('invite-mail').innerText(), /was not emailed/);
      assert.ok(
        await page.getByTestId('team-invite').filter({ hasText: email }).count(),
        'pending',
      );
      if (name === 'laptop') link = made;
      assert.ok(await noSidewaysScroll(page), 'no sideways scrolling');
      assert.deepEqual(await axeViolations(page), []);
      await shot(page, `team-${name}`);
      await context.close();
    });
  }

  test('the invitee sets a password in a second browser, is an editor, and cannot open Branding', async () => {
    assert.ok(link, 'the laptop test made a link');
    const context: BrowserContext = await browser.newContext(LAPTOP);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(link);
    await page
      .getByText(`You are invited to ${NAME} as editor, with the email ${INVITEE}`)
      .waitFor();
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, 'team-invite-page');
    // Two different passwords: refused, the link still works.
    await page.getByLabel('Choose a password (at least 10 characters)').fill('first password');
    await page.getByLabel('Type the password again').fill('second password');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'The two passwords are not the same' })
      .waitFor();
    await page.getByLabel('Choose a password (at least 10 characters)').fill(PASSWORD);
    await page.getByLabel('Type the password again').fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.getByRole('button', { name: 'Sign out', exact: true }).waitFor();
    assert.match(
      await page.locator('main').innerText(),
      new RegExp(`Signed in as ${INVITEE.replace('.', '\\.')} \\(editor\\)`),
    );
    // No Branding nor Team in an editor's navigation, and the screen refuses.
    assert.equal(await page.getByRole('link', { name: 'Branding' }).count(), 0);
    await page.goto(siteUrl(HOST, '/console/branding'));
    await page
      .getByRole('alert')
      .filter({ hasText: `Only an owner of ${NAME} may change the branding` })
      .waitFor();
    assert.equal(await page.getByRole('button', { name: 'Save branding' }).count(), 0);
    await page.goto(siteUrl(HOST, '/console/team'));
    await page.getByRole('alert').filter({ hasText: 'Only an owner' }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();

    // The link works once.
    const again = await (await browser.newContext()).newPage();
    await again.goto(link);
    await again
      .getByRole('alert')
      .filter({ hasText: 'This invitation link has been used or has expired' })
      .waitFor();
    assert.equal(await again.getByLabel('Type the password again').count(), 0);
  });

  test('the owner sees the new editor and removes them; their session ends', async () => {
    const context = await browser.newContext(LAPTOP);
    const page = await context.newPage();
    await signIn(page, OWNER);
    await page.goto(siteUrl(HOST, '/console/team'));
    const editor = page.getByTestId('team-user').filter({ hasText: INVITEE });
    assert.match(await editor.innerText(), /Editor/);
    // Removing a person asks for the owner's own password again.
    await editor.getByLabel(`Your own password, typed again to remove ${INVITEE}`).fill(PASSWORD);
    await editor.getByRole('button', { name: `Remove ${INVITEE}` }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `${INVITEE} was removed` })
      .waitFor();
    assert.equal(await page.getByTestId('team-user').filter({ hasText: INVITEE }).count(), 0);
    await context.close();
  });
});
