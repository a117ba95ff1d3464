// Longer than 400 lines: one screen's API (users, invitations, logo) with every refusal, in one
// app whose state the cases build on.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { INVITE_DAYS, MAX_LOGO_BYTES } from '@eventsite/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer } from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedOrganiser } from '../test-support/fixtures.js';
import { testImage } from '../test-support/images.js';
import { INVITE_UNUSABLE } from '../services/console-team.js';
import { PASSWORD_AGAIN_ATTEMPTS, PASSWORD_AGAIN_REFUSED } from './admin-team.js';

let t: TestApp;
const PASSWORD = 'correct horse battery';
let owner: string;
let trailOwner: string;

beforeAll(async () => {
  t = await createTestApp({ OCR_ENABLED: 'false' });
  await seedOrganiser(t.services, {
    name: 'City Runs',
    domains: ['city.example', 'www.city.example'],
  });
  await seedOrganiser(t.services, { name: 'Trail Co', domains: ['trail.example'] });
  for (const role of ['owner', 'editor', 'photographer'])
    await t.services.console.createUser('city.example', `${role}@city.example`, role, PASSWORD);
  await t.services.console.createUser('trail.example', 'owner@trail.example', 'owner', PASSWORD);
  owner = await session('owner@city.example');
  trailOwner = await session('owner@trail.example', 'trail.example');
});
afterAll(() => t.close());

async function session(email: string, domain = 'city.example', password = PASSWORD) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/console/sign-in',
    payload: { app_domain: domain, email, password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.session_token as string;
}

const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/admin${url}`, headers: bearer(token), payload });

const rows = async (query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

const postLogo = (token: string, body: Buffer, type = 'image/png') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/organiser/logo',
    headers: { ...bearer(token), 'content-type': type },
    payload: body,
  });

describe('roles', () => {
  it('refuses every team and logo route to an editor and a photographer', async () => {
    for (const email of ['editor@city.example', 'photographer@city.example']) {
      const token = await session(email);
      for (const [method, url, payload] of [
        ['GET', '/users'],
        ['DELETE', '/users/1'],
        ['POST', '/invites', { email: 'x@city.example', role: 'owner' }],
        ['DELETE', '/invites/1'],
        ['DELETE', '/organiser/logo'],
      ] as const) {
        const res = await call(token, method, url, payload);
        expect(res.statusCode, `${email} ${method} ${url}`).toBe(403);
        expect(res.json().message).toMatch(/you may not do this: ask an owner/);
      }
      const logo = await postLogo(token, await testImage({ format: 'png' }));
      expect(logo.statusCode).toBe(403);
    }
  });
});

describe('the team', () => {
  it("lists the organiser's users with role and creation time, and none of another organiser", async () => {
    const res = await call(owner, 'GET', '/users');
    expect(res.statusCode).toBe(200);
    const { users } = res.json().data;
    expect(users.map((u: { email: string; role: string }) => [u.email, u.role])).toEqual([
      ['editor@city.example', 'editor'],
      ['owner@city.example', 'owner'],
      ['photographer@city.example', 'photographer'],
    ]);
    expect(Date.parse(users[0].created_at)).toBeGreaterThan(Date.now() - 600_000);
    const trail = (await call(trailOwner, 'GET', '/users')).json().data.users;
    expect(trail.map((u: { email: string }) => u.email)).toEqual(['owner@trail.example']);
  });

  it("cannot remove another organiser's user (404, nothing removed)", async () => {
    const { users } = (await call(owner, 'GET', '/users')).json().data;
    const editorId = users.find((u: { role: string }) => u.role === 'editor').id;
    const res = await call(trailOwner, 'DELETE', `/users/${editorId}`, { password: PASSWORD });
    expect(res.statusCode).toBe(404);
    expect((await call(owner, 'GET', '/users')).json().data.users).toHaveLength(3);
  });

  it('never removes the last owner, yourself included; with a second owner you may leave', async () => {
    const { users } = (await call(owner, 'GET', '/users')).json().data;
    const me = users.find((u: { email: string }) => u.email === 'owner@city.example').id;
    const refused = await call(owner, 'DELETE', `/users/${me}`, { password: PASSWORD });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/only owner: make another owner first/);
    // With an admin token too.
    const admin = await adminToken(t.services, 'city.example');
    expect((await call(admin, 'DELETE', `/users/${me}`)).statusCode).toBe(409);

    await t.services.console.createUser('city.example', 'second@city.example', 'owner', PASSWORD);
    const second = await session('second@city.example');
    const left = await call(second, 'DELETE', `/users/${(await idOf('second@city.example'))!}`, {
      password: PASSWORD,
    });
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().data).toEqual({ removed: 'second@city.example' });
    // Its session ended with it.
    expect((await call(second, 'GET', '/users')).statusCode).toBe(401);
  });

  it('removes an editor, whose session ends at once', async () => {
    await t.services.console.createUser('city.example', 'temp@city.example', 'editor', PASSWORD);
    const temp = await session('temp@city.example');
    expect((await call(temp, 'GET', '/events')).statusCode).toBe(200);
    const tempId = (await idOf('temp@city.example'))!;
    // Not without the owner's own password (a script in their browser has the session only).
    for (const payload of [undefined, {}, { password: 'not the password' }]) {
      const refused = await call(owner, 'DELETE', `/users/${tempId}`, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(403);
      expect(refused.json().message).toBe(PASSWORD_AGAIN_REFUSED);
    }
    expect((await call(temp, 'GET', '/events')).statusCode).toBe(200);
    const res = await call(owner, 'DELETE', `/users/${tempId}`, { password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect((await call(temp, 'GET', '/events')).statusCode).toBe(401);
    const withPassword = { password: PASSWORD };
    expect((await call(owner, 'DELETE', '/users/999999', withPassword)).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', '/users/abc', withPassword)).statusCode).toBe(400);
    // An admin token needs no password.
    await t.services.console.createUser('city.example', 'temp2@city.example', 'editor', PASSWORD);
    const admin = await adminToken(t.services, 'city.example');
    const byToken = await call(admin, 'DELETE', `/users/${(await idOf('temp2@city.example'))!}`);
    expect(byToken.statusCode, byToken.body).toBe(200);
  });
});

async function idOf(email: string): Promise<number | undefined> {
  const { users } = (await call(owner, 'GET', '/users')).json().data;
  return users.find((u: { email: string }) => u.email === email)?.id;
}

const lookup = (token: string, domain = 'city.example') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/console/invites/${encodeURIComponent(token)}?app_domain=${domain}`,
  });
const accept = (token: string, password = 'a new password!', domain = 'city.example') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/console/invites/accept',
    payload: { app_domain: domain, token, password },
  });

describe('invitations', () => {
  it('makes a one-time link: only its hash stored, valid 7 days, not emailed without SMTP_URL', async () => {
    const res = await call(owner, 'POST', '/invites', {
      password: PASSWORD,
      email: ' New@City.Example ',
      role: 'editor',
    });
    expect(res.statusCode, res.body).toBe(201);
    const invite = res.json().data;
    expect(invite).toMatchObject({ email: 'new@city.example', role: 'editor', emailed: false });
    expect(invite.email_note).toMatch(/SMTP_URL is not set/);
    expect(invite.token).toMatch(/^esi_[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(invite.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(INVITE_DAYS - 0.01);
    expect(days).toBeLessThanOrEqual(INVITE_DAYS);
    const stored = await rows(sql`select token_hash from console_invites`);
    expect(JSON.stringify(stored)).not.toContain(invite.token);
    // Pending in the team list; not on another organiser's.
    const pending = (await call(owner, 'GET', '/users')).json().data.invites;
    expect(pending.map((i: { email: string }) => i.email)).toContain('new@city.example');
    expect((await call(trailOwner, 'GET', '/users')).json().data.invites).toEqual([]);

    // Its summary, on this host only.
    expect((await lookup(invite.token)).json().data).toMatchObject({
      email: 'new@city.example',
      role: 'editor',
      organiser: 'City Runs',
    });
    expect((await lookup(invite.token, 'trail.example')).statusCode).toBe(404);
    // Not on another organiser's host either.
    expect((await accept(invite.token, 'a new password!', 'trail.example')).statusCode).toBe(404);
    // Too short a password: refused, the link still works.
    const short = await accept(invite.token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/at least 10 characters/);

    const used = await accept(invite.token);
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json().data.user).toEqual({ email: 'new@city.example', role: 'editor' });
    const newSession = used.json().data.session_token;
    expect((await call(newSession, 'GET', '/events')).statusCode).toBe(200);
    expect((await call(newSession, 'GET', '/users')).statusCode).toBe(403);

    // Once only.
    const again = await accept(invite.token, 'another password');
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(INVITE_UNUSABLE);
    expect((await lookup(invite.token)).statusCode).toBe(404);
  });

  it('asks a console session for its user’s own password again, and limits the tries', async () => {
    await t.services.console.createUser('trail.example', 'guard@trail.example', 'owner', PASSWORD);
    const guard = await session('guard@trail.example', 'trail.example');
    for (const password of [undefined, 'not the password']) {
      const res = await call(guard, 'POST', '/invites', {
        email: 'script@trail.example',
        role: 'owner',
        ...(password ? { password } : {}),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(PASSWORD_AGAIN_REFUSED);
    }
    expect(
      await rows(sql`select 1 from console_invites where email = 'script@trail.example'`),
    ).toHaveLength(0);
    for (let i = 2; i < PASSWORD_AGAIN_ATTEMPTS; i++)
      await call(guard, 'POST', '/invites', {
        email: 'script@trail.example',
        role: 'owner',
        password: `guess ${i}`,
      });
    const limited = await call(guard, 'POST', '/invites', {
      email: 'script@trail.example',
      role: 'owner',
      password: PASSWORD,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many wrong passwords: try again in \d+ min$/);
  });

  it('refuses bad input, an existing user, and a link on another host', async () => {
    for (const payload of [
      { email: 'not an email', role: 'editor' },
      { email: 'a@b.example', role: 'admin' },
      { email: 'a@b.example' },
      { email: 'a@b.example', role: 'editor', extra: 1 },
      { email: 'a@b.example', role: 'editor', site_origin: 'javascript:alert(1)' },
    ]) {
      const res = await call(owner, 'POST', '/invites', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const elsewhere = await call(owner, 'POST', '/invites', {
      password: PASSWORD,
      email: 'a@b.example',
      role: 'editor',
      site_origin: 'https://evil.example',
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toMatch(/organiser's domains/);
    const existing = await call(owner, 'POST', '/invites', {
      password: PASSWORD,
      email: 'editor@city.example',
      role: 'owner',
    });
    expect(existing.statusCode).toBe(409);
    expect((await accept('esi_not-a-token')).statusCode).toBe(400);
    expect((await accept(`esi_${'A'.repeat(43)}`)).statusCode).toBe(404);
    expect((await lookup('<script>')).statusCode).toBe(404);
  });

  it('expires, and a new invitation for the same email replaces the old link', async () => {
    const first = (
      await call(owner, 'POST', '/invites', {
        email: 'late@city.example',
        role: 'photographer',
        password: PASSWORD,
      })
    ).json().data;
    const second = (
      await call(owner, 'POST', '/invites', {
        email: 'late@city.example',
        role: 'editor',
        password: PASSWORD,
      })
    ).json().data;
    expect((await lookup(first.token)).statusCode).toBe(404);
    expect((await lookup(second.token)).json().data.role).toBe('editor');
    await t.database.db.execute(
      sql`update console_invites set expires_at = now() - interval '1 minute' where email = 'late@city.example'`,
    );
    expect((await lookup(second.token)).statusCode).toBe(404);
    expect((await accept(second.token)).statusCode).toBe(404);
    const pending = (await call(owner, 'GET', '/users')).json().data.invites;
    expect(pending.map((i: { email: string }) => i.email)).not.toContain('late@city.example');
  });

  it('cancels a pending invitation (not another organiser’s)', async () => {
    const made = (
      await call(owner, 'POST', '/invites', {
        email: 'gone@city.example',
        role: 'editor',
        password: PASSWORD,
      })
    ).json().data;
    const { invites } = (await call(owner, 'GET', '/users')).json().data;
    const id = invites.find((i: { email: string }) => i.email === 'gone@city.example').id;
    expect((await call(trailOwner, 'DELETE', `/invites/${id}`)).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `/invites/${id}`)).statusCode).toBe(200);
    expect((await lookup(made.token)).statusCode).toBe(404);
  });
});

describe('invitations by email', () => {
  it('emails the link through SMTP_URL (a server on 127.0.0.1) and says so', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    const port = (server.server.address() as AddressInfo).port;
    const mailing = await createTestApp({
      OCR_ENABLED: 'false',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      SMTP_FROM: 'console@city.example',
    });
    try {
      await seedOrganiser(mailing.services, { name: 'City Runs', domains: ['city.example'] });
      const token = await adminToken(mailing.services, 'city.example');
      const res = await mailing.app.inject({
        method: 'POST',
        url: '/api/v1/admin/invites',
        headers: bearer(token),
        payload: {
          email: 'mailed@city.example',
          role: 'editor',
          site_origin: 'http://city.example:3000',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const invite = res.json().data;
      expect(invite.emailed).toBe(true);
      expect(received).toHaveLength(1);
      const mail = received[0]!.replace(/=\r?\n/g, '');
      expect(mail).toMatch(/^To: mailed@city\.example/m);
      expect(mail).toMatch(/^From: .*console@city\.example/m);
      expect(mail).toContain(`http://city.example:3000/console/invite/${invite.token}`);
    } finally {
      await mailing.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('keeps the link and says why when the mail server does not answer', async () => {
    const mailing = await createTestApp({ OCR_ENABLED: 'false', SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      await seedOrganiser(mailing.services, { name: 'City Runs', domains: ['city.example'] });
      const res = await mailing.app.inject({
        method: 'POST',
        url: '/api/v1/admin/invites',
        headers: bearer(await adminToken(mailing.services, 'city.example')),
        payload: { email: 'x@city.example', role: 'editor' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ emailed: false });
      expect(res.json().data.email_note).toMatch(/mail server did not take the email/);
      expect(res.json().data.token).toMatch(/^esi_/);
    } finally {
      await mailing.close();
    }
  });
});

describe('the logo', () => {
  it('stores an upload as a WebP fitted into 800x320, served from a stable URL, set as the logo', async () => {
    const big = await sharp({
      create: {
        width: 2000,
        height: 500,
        channels: 4,
        background: { r: 200, g: 20, b: 20, alpha: 0.5 },
      },
    })
      .png()
      .toBuffer();
    const res = await postLogo(owner, big);
    expect(res.statusCode, res.body).toBe(200);
    const logo: string = res.json().data.logo;
    expect(logo).toMatch(/^\/assets\/logos\/\d+\/[a-f0-9]{16}\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: logo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['webp', 800, 200, true]);
    // The public site's organiser data names it, absolute.
    const data = await t.app.inject({
      method: 'GET',
      url: '/api/v1/client/events/organiser/data?app_domain=city.example',
    });
    expect(data.json().data.logo).toMatch(new RegExp(`^https?://[^/]+${logo}$`));
    // With the plate it is shown on over dark designs, chosen from its own colours.
    expect(data.json().data.extra_config.logoPlate).toMatch(/^#[0-9A-F]{6}$/);

    // The start-up sweep keeps it (it is no photo's variant).
    await t.services.sweep.run({ minAgeMs: 0, jobRetentionDays: 14 });
    expect((await t.app.inject({ method: 'GET', url: logo })).statusCode).toBe(200);

    // A new logo replaces the old file; another organiser's logo is untouched.
    const other = await postLogo(trailOwner, await testImage({ format: 'jpeg' }), 'image/jpeg');
    expect(other.statusCode).toBe(200);
    const next = await postLogo(
      owner,
      await testImage({ format: 'webp', colour: '#00ff00' }),
      'image/webp',
    );
    expect(next.json().data.logo).not.toBe(logo);
    expect((await t.app.inject({ method: 'GET', url: logo })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: other.json().data.logo })).statusCode).toBe(
      200,
    );

    const removed = await call(owner, 'DELETE', '/organiser/logo');
    expect(removed.json().data.logo).toBe('');
    expect((await t.app.inject({ method: 'GET', url: next.json().data.logo })).statusCode).toBe(
      404,
    );
  });

  it('refuses SVG, a broken or empty file, a disguised file and one too large, changing nothing', async () => {
    const before = (await call(owner, 'GET', '/organiser')).json().data.logo;
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const png = await testImage({ format: 'png' });
    for (const [body, type, status, message] of [
      [svg, 'image/svg+xml', 415, /SVG logos are not accepted/],
      [Buffer.concat([Buffer.from('\uFEFF  '), svg]), 'image/png', 415, /SVG/],
      [Buffer.from('GIF89a not really'), 'image/png', 415, /not a PNG, JPEG or WebP/],
      [png.subarray(0, 60), 'image/png', 400, /cannot be read/],
      [Buffer.alloc(0), 'image/png', 400, /./],
      [Buffer.alloc(MAX_LOGO_BYTES + 1, 1), 'image/png', 413, /./],
      [png, 'text/html', 415, /./],
    ] as const) {
      const res = await postLogo(owner, body, type);
      expect(res.statusCode, `${type} ${body.length}`).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    expect((await call(owner, 'GET', '/organiser')).json().data.logo).toBe(before);
  });

  it('answers 400 or 404 for a logo name that is not one', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/assets/logos/1/..%2F..%2Fsecret.webp' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/assets/logos/1/0123456789abcdef.webp' }))
        .statusCode,
    ).toBe(404);
  });
});
