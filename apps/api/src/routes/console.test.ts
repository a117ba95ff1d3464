import { SIGN_IN_REFUSED } from '@eventsite/contract';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer, createEventAsAdmin, upload } from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedOrganiser } from '../test-support/fixtures.js';
import { testImage } from '../test-support/images.js';
import { loadConfig } from '../config.js';
import { roleMay } from './admin-auth.js';
import { SIGN_IN_FAILURES_PER_EMAIL } from './console.js';

let t: TestApp;
let cityEvent: number;
let trailEvent: number;
const PASSWORD = 'correct horse battery';

beforeAll(async () => {
  t = await createTestApp({ OCR_ENABLED: 'false' });
  await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
  await seedOrganiser(t.services, { name: 'Trail Co', domains: ['trail.example'] });
  for (const role of ['owner', 'editor', 'photographer'])
    await t.services.console.createUser('city.example', `${role}@city.example`, role, PASSWORD);
  await t.services.console.createUser('trail.example', 'owner@trail.example', 'owner', PASSWORD);
  cityEvent = await createEventAsAdmin(t.app, await adminToken(t.services, 'city.example'), {
    name: 'City 10K',
    event_date: '2025-04-06',
    published: true,
  });
  trailEvent = await createEventAsAdmin(t.app, await adminToken(t.services, 'trail.example'), {
    name: 'Ridge',
    event_date: '2025-05-06',
  });
});
afterAll(() => t.close());

const signIn = (email: string, password: string, domain = 'city.example', ip = '203.0.113.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/console/sign-in',
    payload: { app_domain: domain, email, password },
    remoteAddress: ip,
  });

async function session(email: string, domain = 'city.example'): Promise<string> {
  const res = await signIn(email, PASSWORD, domain, '198.51.100.7');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.session_token;
}

const rows = async (query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

describe('sign-in', () => {
  it('answers one non-revealing error for a wrong password, an unknown email or host', async () => {
    for (const res of [
      await signIn('owner@city.example', 'wrong password!'),
      await signIn('nobody@city.example', PASSWORD),
      await signIn('owner@trail.example', PASSWORD),
      await signIn('owner@city.example', PASSWORD, 'unknown.example'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: 'error', message: SIGN_IN_REFUSED, data: null });
    }
  });

  it('opens a session: the token is answered once and only its hash stored, the password only as scrypt', async () => {
    const res = await signIn('  Owner@City.Example ', PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json().data;
    expect(data.user).toEqual({ email: 'owner@city.example', role: 'owner' });
    expect(data.session_token).toMatch(/^ess_[A-Za-z0-9_-]{43}$/);
    expect(new Date(data.expires_at).getTime() - Date.now()).toBeGreaterThan(6 * 86_400_000);
    const stored = await rows(sql`select token_hash from console_sessions`);
    expect(stored.some((r) => r.token_hash === data.session_token)).toBe(false);
    const users = await rows(sql`select password_hash from console_users`);
    for (const u of users) {
      expect(String(u.password_hash)).toMatch(/^scrypt\$15\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
      expect(String(u.password_hash)).not.toContain(PASSWORD);
    }
    // Salted: the same password hashes apart for each user.
    expect(new Set(users.map((u) => u.password_hash)).size).toBe(users.length);
    const who = await t.app.inject({
      url: '/api/v1/console/whoami',
      headers: bearer(data.session_token),
    });
    expect(who.json().data).toMatchObject({
      user: { email: 'owner@city.example', role: 'owner' },
      organiser: { name: 'City Runs' },
    });
  });

  it('refuses bad input with a message', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/console/sign-in',
      payload: { app_domain: 'city.example', email: 'owner@city.example' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/password/);
    const badHost = await t.app.inject({
      method: 'POST',
      url: '/api/v1/console/sign-in',
      payload: { app_domain: 'not a host', email: 'a@b.example', password: 'x' },
    });
    expect(badHost.statusCode).toBe(400);
    expect(badHost.json().message).toMatch(/host name/);
  });
});

describe('sessions end', () => {
  it('on sign-out, on sign-out everywhere (every device of that user only), on expiry and when the user is removed', async () => {
    const one = await session('owner@city.example');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/console/sign-out',
      headers: bearer(one),
    });
    expect(out.json().data).toEqual({ sessions_ended: 1 });
    const after = await t.app.inject({ url: '/api/v1/admin/events', headers: bearer(one) });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('The console session has ended: sign in again');

    const laptop = await session('owner@city.example');
    const phone = await session('owner@city.example');
    const editor = await session('editor@city.example');
    const all = await t.app.inject({
      method: 'POST',
      url: '/api/v1/console/sign-out-everywhere',
      headers: bearer(laptop),
    });
    expect(all.json().data.sessions_ended).toBeGreaterThanOrEqual(2);
    for (const token of [laptop, phone])
      expect(
        (await t.app.inject({ url: '/api/v1/console/whoami', headers: bearer(token) })).statusCode,
      ).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/v1/console/whoami', headers: bearer(editor) })).statusCode,
    ).toBe(200);

    await t.database.db.execute(
      sql`update console_sessions set expires_at = now() - interval '1 second'`,
    );
    expect(
      (await t.app.inject({ url: '/api/v1/admin/events', headers: bearer(editor) })).statusCode,
    ).toBe(401);

    await t.services.console.createUser('city.example', 'temp@city.example', 'editor', PASSWORD);
    const temp = await session('temp@city.example');
    await t.services.console.removeUser('city.example', 'temp@city.example');
    expect(
      (await t.app.inject({ url: '/api/v1/admin/events', headers: bearer(temp) })).statusCode,
    ).toBe(401);
  });
});

describe('roles on the admin API', () => {
  const call = (token: string, method: string, url: string, payload?: object) =>
    t.app.inject({
      method: method as 'GET',
      url: `/api/v1/admin${url}`,
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    });

  it('lets an owner do everything, branding included', async () => {
    const owner = await session('owner@city.example');
    expect(
      (await call(owner, 'PATCH', '/organiser', { extra_config: { themeColor: '#123456' } }))
        .statusCode,
    ).toBe(200);
    expect((await call(owner, 'GET', '/events')).statusCode).toBe(200);
    const id = await createEventAsAdmin(t.app, owner, {
      name: 'Owner Made',
      event_date: '2025-01-01',
    });
    expect((await call(owner, 'DELETE', `/events/${id}`)).statusCode).toBe(200);
  });

  it('lets an editor do everything but branding', async () => {
    const editor = await session('editor@city.example');
    const brand = await call(editor, 'PATCH', '/organiser', {
      extra_config: { themeColor: '#654321' },
    });
    expect(brand.statusCode).toBe(403);
    expect(brand.json().message).toBe(
      'As an editor of City Runs you may not do this: ask an owner',
    );
    expect((await call(editor, 'GET', '/organiser')).statusCode).toBe(200);
    const id = await createEventAsAdmin(t.app, editor, {
      name: 'Editor Made',
      event_date: '2025-01-01',
    });
    expect((await call(editor, 'PATCH', `/events/${id}`, { published: true })).statusCode).toBe(
      200,
    );
    expect((await call(editor, 'GET', `/events/${id}/photos`)).statusCode).toBe(200);
    expect((await call(editor, 'DELETE', `/events/${id}`)).statusCode).toBe(200);
  });

  it('names every admin route an editor may use: all but branding, and none it does not know', () => {
    const doc = JSON.parse(
      readFileSync(new URL('../../../../packages/contract/openapi.json', import.meta.url), 'utf8'),
    ) as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/v1/admin/'))
      .flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => [m.toUpperCase(), path.replace(/\{(\w+)\}/g, ':$1')] as const),
      );
    expect(routes.length).toBeGreaterThan(10);
    // Branding, the logo and the team (users, invitations) are the owner's alone.
    const ownersOnly = new Set([
      'PATCH /api/v1/admin/organiser',
      'POST /api/v1/admin/organiser/logo',
      'DELETE /api/v1/admin/organiser/logo',
      'GET /api/v1/admin/users',
      'DELETE /api/v1/admin/users/:userId',
      'POST /api/v1/admin/invites',
      'DELETE /api/v1/admin/invites/:inviteId',
    ]);
    for (const [method, path] of routes)
      expect(roleMay('editor', method, path), `${method} ${path}`).toBe(
        !ownersOnly.has(`${method} ${path}`),
      );
    // A route added later (users, tokens) is an owner's until it is named here.
    expect(roleMay('editor', 'POST', '/api/v1/admin/users')).toBe(false);
    expect(roleMay('owner', 'POST', '/api/v1/admin/users')).toBe(true);
  });

  it('lets a photographer only upload (and see the events and their progress)', async () => {
    const photographer = await session('photographer@city.example');
    expect((await call(photographer, 'GET', '/events')).statusCode).toBe(200);
    const up = await upload(t.app, photographer, cityEvent, [
      { filename: 'a.jpg', bytes: await testImage() },
    ]);
    expect(up.statusCode).toBe(202);
    expect((await call(photographer, 'GET', `/events/${cityEvent}/jobs`)).statusCode).toBe(200);
    // The event they upload to (the console's Photos screen names it).
    expect((await call(photographer, 'GET', `/events/${cityEvent}`)).statusCode).toBe(200);
    for (const [method, url, payload] of [
      ['POST', '/events', { name: 'x', event_date: '2025-01-01' }],
      ['PATCH', `/events/${cityEvent}`, { published: false }],
      ['DELETE', `/events/${cityEvent}`],
      ['GET', `/events/${cityEvent}/photos`],
      ['GET', `/events/${cityEvent}/findability`],
      ['GET', `/events/${cityEvent}/stats`],
      ['GET', '/messages'],
      ['GET', '/organiser'],
      ['PATCH', '/organiser', { description: 'x' }],
    ] as const) {
      const res = await call(photographer, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toMatch(/As a photographer of City Runs you may not do this/);
    }
  });

  it("gives a session 404 for another organiser's event", async () => {
    const owner = await session('owner@city.example');
    for (const [method, url] of [
      ['GET', `/events/${trailEvent}/photos`],
      ['DELETE', `/events/${trailEvent}`],
      ['GET', `/events/${trailEvent}/jobs`],
    ] as const) {
      const res = await call(owner, method, url);
      expect(res.statusCode).toBe(404);
    }
    const trailOwner = await session('owner@trail.example', 'trail.example');
    const listed = await call(trailOwner, 'GET', '/events');
    expect(listed.json().data.map((e: { name: string }) => e.name)).toEqual(['Ridge']);
  });

  it('never answers a browser from another origin', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/console/sign-in',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('sign-in limits', () => {
  it('is limited per email, then per client, and the limit does not tell whether the email exists', async () => {
    await t.services.console.createUser('city.example', 'limits@city.example', 'editor', PASSWORD);
    const ip = '192.0.2.50';
    for (let i = 0; i < SIGN_IN_FAILURES_PER_EMAIL; i++)
      expect(
        (await signIn('limits@city.example', 'not the password', 'city.example', ip)).statusCode,
      ).toBe(401);
    const limited = await signIn('limits@city.example', PASSWORD, 'city.example', '192.0.2.51');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many sign-in attempts: try again in \d+ min/);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another email from the same client is not limited by it.
    expect((await signIn('owner@city.example', PASSWORD, 'city.example', ip)).statusCode).toBe(200);
    // An unknown email is limited the same way.
    for (let i = 0; i < SIGN_IN_FAILURES_PER_EMAIL; i++)
      await signIn('ghost@city.example', 'not the password', 'city.example', '192.0.2.60');
    expect((await signIn('ghost@city.example', 'x', 'city.example', '192.0.2.61')).statusCode).toBe(
      429,
    );
    // The client that tried 21 times is refused whatever the email.
    for (let i = 0; i < 10; i++) await signIn(`x${i}@city.example`, 'nope', 'city.example', ip);
    expect((await signIn('owner@city.example', PASSWORD, 'city.example', ip)).statusCode).toBe(429);
  });

  it('takes its per-client limit from SIGN_INS_PER_CLIENT', async () => {
    const small = await createTestApp({ OCR_ENABLED: 'false', SIGN_INS_PER_CLIENT: '3' });
    try {
      await seedOrganiser(small.services, { name: 'Small', domains: ['small.example'] });
      await small.services.console.createUser(
        'small.example',
        'a@small.example',
        'owner',
        PASSWORD,
      );
      const attempt = (email: string) =>
        small.app.inject({
          method: 'POST',
          url: '/api/v1/console/sign-in',
          payload: { app_domain: 'small.example', email, password: PASSWORD },
          remoteAddress: '192.0.2.99',
        });
      for (const email of ['a@small.example', 'b@small.example', 'c@small.example'])
        expect((await attempt(email)).statusCode).not.toBe(429);
      expect((await attempt('a@small.example')).statusCode).toBe(429);
    } finally {
      await small.close();
    }
    expect(() => loadConfig({ SIGN_INS_PER_CLIENT: '0' })).toThrow(
      /SIGN_INS_PER_CLIENT="0": must be a whole number of console sign-in attempts/,
    );
  });

  it('slows a guesser of an email, not its owner on a browser it signed in on before', async () => {
    await t.services.console.createUser('city.example', 'device@city.example', 'owner', PASSWORD);
    const attempt = (
      password: string,
      ip: string,
      device?: string,
      email = 'device@city.example',
    ) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/console/sign-in',
        payload: { app_domain: 'city.example', email, password, ...(device ? { device } : {}) },
        remoteAddress: ip,
      });
    const first = await attempt(PASSWORD, '198.51.100.30');
    expect(first.statusCode).toBe(200);
    const device: string = first.json().data.device;
    expect(device).toMatch(/^esd_[\w-]{22}\.[\w-]{43}$/);
    // Someone else guesses from many addresses: the account's limit (which counted the first
    // sign-in too) stops them.
    for (let i = 1; i < SIGN_IN_FAILURES_PER_EMAIL; i++)
      expect((await attempt(`guess ${i}`, `203.0.113.${i + 1}`)).statusCode).toBe(401);
    expect((await attempt(PASSWORD, '203.0.113.99')).statusCode).toBe(429);
    // The owner's browser still signs in, and keeps its token.
    const again = await attempt(PASSWORD, '198.51.100.30', device);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.device).toBe(device);
    // A token of another email, or made up, is no device.
    const other = (await attempt(PASSWORD, '198.51.100.31', undefined, 'owner@city.example')).json()
      .data.device as string;
    expect((await attempt(PASSWORD, '198.51.100.30', other)).statusCode).toBe(429);
    const madeUp = `esd_${'A'.repeat(22)}.${'B'.repeat(43)}`;
    expect((await attempt(PASSWORD, '198.51.100.30', madeUp)).statusCode).toBe(429);
    // A device has its own limit: a stolen one guesses no faster than anyone.
    for (let i = 1; i < SIGN_IN_FAILURES_PER_EMAIL; i++)
      expect((await attempt(`guess ${i}`, '198.51.100.30', device)).statusCode).toBe(401);
    expect((await attempt(PASSWORD, '198.51.100.30', device)).statusCode).toBe(429);
  });

  it('counts attempts sent together: no more guesses pass than the limit', async () => {
    await t.services.console.createUser('city.example', 'burst@city.example', 'editor', PASSWORD);
    const answers = await Promise.all(
      Array.from({ length: 3 * SIGN_IN_FAILURES_PER_EMAIL }, (_, i) =>
        signIn('burst@city.example', `guess ${i}`, 'city.example', `198.51.100.${i + 1}`),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(SIGN_IN_FAILURES_PER_EMAIL);
    expect(codes.filter((c) => c === 429)).toHaveLength(2 * SIGN_IN_FAILURES_PER_EMAIL);
  });
});
