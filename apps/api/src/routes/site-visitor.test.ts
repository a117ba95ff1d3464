import { SITE_VISITOR_HEADER, signVisitor } from '@eventsite/contract/site-visitor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer } from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedEvent, seedOrganiser } from '../test-support/fixtures.js';
import { loadConfig } from '../config.js';
import { AUTH_FAILURES_PER_WINDOW } from './admin-auth.js';

// The site's server calls the API for its visitors, all from one address (SITE here). It names
// each visitor in a header signed with SITE_KEY; the per-visitor limits count the visitor it
// names, and a header not signed with the key names nobody (docs/security.md, "Behind a proxy").

const KEY = 'k'.repeat(48);
const SITE = '127.0.0.1';
const PASSWORD = 'harbour lights';

let t: TestApp;
let token: string;
let locked: number;
let alsoLocked: number;

const signed = (address: string, key = KEY, now = Date.now()) => ({
  [SITE_VISITOR_HEADER]: signVisitor(address, key, now)!,
});

beforeAll(async () => {
  t = await createTestApp({ SITE_KEY: KEY, OCR_ENABLED: 'false', GALLERY_PASSWORD_ATTEMPTS: '3' });
  await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
  token = await adminToken(t.services, 'city.example');
  const passwordEvent = async (name: string) => {
    const { id } = await seedEvent(t.services, 'city.example', {
      name,
      event_date: '2025-05-01',
      published: true,
    });
    await t.services.access.set(id, { access: 'password', password: PASSWORD });
    return id;
  };
  locked = await passwordEvent('Secret Run');
  alsoLocked = await passwordEvent('Night Run');
});
afterAll(() => t.close());

/** An admin call from the site's address, for whom `headers` names. */
const adminCall = (authorization: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/admin/events',
    headers: { authorization, ...headers },
    remoteAddress: SITE,
  });

describe('failed admin authentications', () => {
  it('count per visitor the site names: one visitor’s made-up sessions lock out that visitor only', async () => {
    const attacker = signed('203.0.113.66');
    for (let i = 0; i < AUTH_FAILURES_PER_WINDOW; i++)
      expect((await adminCall('Bearer ess_x', attacker)).statusCode).toBe(401);
    const refused = await adminCall(`Bearer ${token}`, attacker);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many failed authentications from this address/);
    // Every other visitor of the site, and the site's own calls, go on.
    expect((await adminCall(`Bearer ${token}`, signed('198.51.100.7'))).statusCode).toBe(200);
    expect((await adminCall(`Bearer ${token}`)).statusCode).toBe(200);
  });

  it('count by the caller’s own address when the header is not signed with SITE_KEY', async () => {
    const caller = '192.0.2.44';
    const forged = [
      signed('203.0.113.1', 'another key that is long enough to pass'),
      signed('203.0.113.2', KEY, Date.now() - 10 * 60_000),
      { [SITE_VISITOR_HEADER]: '203.0.113.3' },
      { [SITE_VISITOR_HEADER]: `203.0.113.4;${Math.floor(Date.now() / 1000)};${'A'.repeat(43)}` },
      { 'x-forwarded-for': '203.0.113.5' },
    ];
    for (let i = 0; i < AUTH_FAILURES_PER_WINDOW; i++)
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/admin/events',
        headers: { authorization: 'Bearer ess_x', ...forged[i % forged.length] },
        remoteAddress: caller,
      });
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/events',
      headers: {
        authorization: `Bearer ${token}`,
        ...signed('203.0.113.9', 'yet another key, long enough'),
      },
      remoteAddress: caller,
    });
    expect(after.statusCode).toBe(429);
    expect(
      t.logs.some((l) => l.msg.includes('is not signed with this API’s SITE_KEY')),
      'a header signed with another key is logged',
    ).toBe(true);
  });
});

describe('gallery passwords', () => {
  const attempt = (eventId: number, password: string, visitor: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/client/events/${eventId}/access?app_domain=city.example`,
      payload: { password },
      headers: signed(visitor),
      remoteAddress: SITE,
    });

  it('count per visitor and event: one guesser keeps neither others nor their own other galleries locked', async () => {
    const guesser = '203.0.113.70';
    for (let i = 0; i < 3; i++)
      expect((await attempt(locked, `wrong ${i}`, guesser)).statusCode).toBe(403);
    expect((await attempt(locked, PASSWORD, guesser)).statusCode).toBe(429);
    expect((await attempt(alsoLocked, PASSWORD, guesser)).statusCode).toBe(200);
    expect((await attempt(locked, PASSWORD, '198.51.100.70')).statusCode).toBe(200);
  });
});

describe('console sign-in', () => {
  it('counts its per-address limit per visitor the site names', async () => {
    const small = await createTestApp({
      SITE_KEY: KEY,
      OCR_ENABLED: 'false',
      SIGN_INS_PER_CLIENT: '2',
    });
    try {
      await seedOrganiser(small.services, { name: 'Small', domains: ['small.example'] });
      const attempt = (email: string, visitor: string) =>
        small.app.inject({
          method: 'POST',
          url: '/api/v1/console/sign-in',
          payload: { app_domain: 'small.example', email, password: 'not the password' },
          headers: signed(visitor),
          remoteAddress: SITE,
        });
      expect((await attempt('a@small.example', '203.0.113.80')).statusCode).toBe(401);
      expect((await attempt('b@small.example', '203.0.113.80')).statusCode).toBe(401);
      expect((await attempt('c@small.example', '203.0.113.80')).statusCode).toBe(429);
      expect((await attempt('c@small.example', '203.0.113.81')).statusCode).toBe(401);
    } finally {
      await small.close();
    }
  });
});

describe('SITE_KEY', () => {
  it('is refused when shorter than 32 characters', () => {
    expect(() => loadConfig({ SITE_KEY: 'short' })).toThrow(
      /SITE_KEY="short": must be at least 32 characters/,
    );
  });

  it('unset, no header names a visitor, and the first one is logged', async () => {
    const bare = await createTestApp({ OCR_ENABLED: 'false' });
    try {
      await seedOrganiser(bare.services, { name: 'Bare', domains: ['bare.example'] });
      const good = await adminToken(bare.services, 'bare.example');
      for (let i = 0; i < AUTH_FAILURES_PER_WINDOW; i++)
        await bare.app.inject({
          method: 'GET',
          url: '/api/v1/admin/events',
          headers: { authorization: 'Bearer ess_x', ...signed(`203.0.113.${i + 1}`) },
          remoteAddress: SITE,
        });
      const res = await bare.app.inject({
        method: 'GET',
        url: '/api/v1/admin/events',
        headers: bearer(good),
        remoteAddress: SITE,
      });
      expect(res.statusCode).toBe(429);
      expect(bare.logs.filter((l) => l.msg.includes('SITE_KEY is not set here'))).toHaveLength(1);
    } finally {
      await bare.close();
    }
  });
});
