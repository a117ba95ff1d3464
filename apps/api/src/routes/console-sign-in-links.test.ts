import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SIGN_IN_LINK_MINUTES } from '@eventsite/contract';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedOrganiser } from '../test-support/fixtures.js';
import { SIGN_IN_LINK_UNUSABLE } from '../services/console-sign-in-links.js';
import { SIGN_IN_FAILURES_PER_EMAIL } from './console.js';
import { SIGN_IN_LINKS_PER_CLIENT, SIGN_IN_LINKS_PER_EMAIL } from './console-sign-in-links.js';

// Sign-in links by email, against a mail server on 127.0.0.1 that keeps what it is sent.

const PASSWORD = 'correct horse battery';
const received: string[] = [];
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      received.push(
        Buffer.concat(chunks)
          .toString('utf8')
          .replace(/=\r?\n/g, ''),
      );
      callback();
    });
  },
});
let t: TestApp;

beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const port = (server.server.address() as AddressInfo).port;
  t = await createTestApp({
    OCR_ENABLED: 'false',
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    SMTP_FROM: 'console@city.example',
  });
  await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
  await seedOrganiser(t.services, { name: 'Trail Co', domains: ['trail.example'] });
  for (const email of ['owner@city.example', 'locked@city.example', 'limits@city.example'])
    await t.services.console.createUser('city.example', email, 'owner', PASSWORD);
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const ask = (email: string, ip = '198.51.100.1', domain = 'city.example') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/console/sign-in-links',
    payload: { app_domain: domain, email, site_origin: `http://${domain}:3000` },
    remoteAddress: ip,
  });
const use = (token: string, domain = 'city.example', ip = '198.51.100.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/console/sign-in-links/use',
    payload: { app_domain: domain, token },
    remoteAddress: ip,
  });
const signIn = (email: string, password: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/console/sign-in',
    payload: { app_domain: 'city.example', email, password },
    remoteAddress: ip,
  });
const rows = async (query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

/** The link of the next mail to `to` (the mail goes after the answer). */
async function linkMailedTo(to: string): Promise<{ mail: string; token: string }> {
  for (let i = 0; i < 100; i++) {
    const index = received.findIndex((m) => new RegExp(`^To: ${to}`, 'm').test(m));
    if (index >= 0) {
      const [mail] = received.splice(index, 1);
      const token = /\/console\/sign-in-link\/(esl_[\w-]{43})/.exec(mail!)?.[1];
      expect(token, mail).toBeDefined();
      return { mail: mail!, token: token! };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`No mail to ${to}`);
}

describe('asking for a sign-in link', () => {
  it('emails a one-time link to a user; only its hash is kept', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/console/sign-in-links' })).json().data,
    ).toEqual({ available: true });
    const res = await ask(' Owner@City.Example ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ requested: true, expires_in_minutes: SIGN_IN_LINK_MINUTES });
    const { mail, token } = await linkMailedTo('owner@city.example');
    expect(mail).toMatch(/^From: .*console@city\.example/m);
    expect(mail).toMatch(/^Subject: Your sign-in link for the City Runs console/m);
    expect(mail).toContain(`http://city.example:3000/console/sign-in-link/${token}`);
    const stored = await rows(sql`select token_hash, expires_at from console_sign_in_links`);
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);
    const minutes = (Date.parse(String(stored[0]!.expires_at)) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(SIGN_IN_LINK_MINUTES - 1);
    expect(minutes).toBeLessThanOrEqual(SIGN_IN_LINK_MINUTES);

    // Used once: a session and a device token, as a sign-in answers them.
    expect((await use(token, 'trail.example')).statusCode).toBe(404);
    const used = await use(token);
    expect(used.statusCode, used.body).toBe(200);
    const answer = used.json().data;
    expect(answer.user).toEqual({ email: 'owner@city.example', role: 'owner' });
    expect(answer.device).toMatch(/^esd_/);
    const who = await t.app.inject({
      method: 'GET',
      url: '/api/v1/console/whoami',
      headers: { authorization: `Bearer ${answer.session_token}` },
    });
    expect(who.json().data.user.email).toBe('owner@city.example');
    const again = await use(token);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(SIGN_IN_LINK_UNUSABLE);
    expect(await rows(sql`select 1 from console_sign_in_links`)).toEqual([]);
  });

  it('answers the same for an address without an account, and sends nothing', async () => {
    const known = await ask('owner@city.example', '198.51.100.2');
    for (const [email, domain] of [
      ['nobody@city.example', 'city.example'],
      ['owner@city.example', 'trail.example'],
      ['owner@city.example', 'unknown.example'],
    ] as const) {
      const res = await ask(email, '198.51.100.2', domain);
      expect(res.statusCode, `${email} ${domain}`).toBe(known.statusCode);
      expect(res.body).toBe(known.body);
    }
    await linkMailedTo('owner@city.example');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received).toEqual([]);
  });

  it('refuses an expired link, and a made-up one, alike', async () => {
    await ask('owner@city.example', '198.51.100.3');
    const { token } = await linkMailedTo('owner@city.example');
    await t.database.db.execute(
      sql`update console_sign_in_links set expires_at = now() - interval '1 second'`,
    );
    for (const value of [token, `esl_${'A'.repeat(43)}`, 'not a token']) {
      const res = await use(value);
      expect(res.statusCode, value).toBe(404);
      expect(res.json().message).toBe(SIGN_IN_LINK_UNUSABLE);
    }
  });

  it('signs the owner in while guesses hold their password back', async () => {
    for (let i = 0; i < SIGN_IN_FAILURES_PER_EMAIL; i++)
      await signIn('locked@city.example', `guess ${i}`, `203.0.113.${i + 1}`);
    expect((await signIn('locked@city.example', PASSWORD, '198.51.100.4')).statusCode).toBe(429);
    expect((await ask('locked@city.example', '198.51.100.4')).statusCode).toBe(200);
    const { token } = await linkMailedTo('locked@city.example');
    const used = await use(token, 'city.example', '198.51.100.4');
    expect(used.statusCode, used.body).toBe(200);
    // The browser's device token now counts on its own: its password sign-in goes through.
    const withDevice = await t.app.inject({
      method: 'POST',
      url: '/api/v1/console/sign-in',
      payload: {
        app_domain: 'city.example',
        email: 'locked@city.example',
        password: PASSWORD,
        device: used.json().data.device,
      },
      remoteAddress: '198.51.100.4',
    });
    expect(withDevice.statusCode, withDevice.body).toBe(200);
  });

  it('limits requests per email (known or not) and per address', async () => {
    for (const email of ['limits@city.example', 'nobody-else@city.example']) {
      for (let i = 0; i < SIGN_IN_LINKS_PER_EMAIL; i++)
        expect((await ask(email, `192.0.2.${i + 1}`)).statusCode).toBe(200);
      const limited = await ask(email, '192.0.2.50');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(/^Too many sign-in links asked for this email/);
    }
    for (let i = 0; i < SIGN_IN_LINKS_PER_CLIENT; i++)
      expect((await ask(`someone${i}@city.example`, '192.0.2.77')).statusCode).toBe(200);
    const limited = await ask('owner@city.example', '192.0.2.77');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address still asks.
    expect((await ask('someone-else@city.example', '192.0.2.78')).statusCode).toBe(200);
    for (let i = 0; i < SIGN_IN_LINKS_PER_EMAIL; i++) await linkMailedTo('limits@city.example');
  });
});

describe('without a mail server', () => {
  it('says so: no link is offered, and asking is 503', async () => {
    const plain = await createTestApp({ OCR_ENABLED: 'false' });
    try {
      await seedOrganiser(plain.services, { name: 'City Runs', domains: ['city.example'] });
      const available = await plain.app.inject({
        method: 'GET',
        url: '/api/v1/console/sign-in-links',
      });
      expect(available.json().data).toEqual({ available: false });
      const res = await plain.app.inject({
        method: 'POST',
        url: '/api/v1/console/sign-in-links',
        payload: { app_domain: 'city.example', email: 'owner@city.example' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/not set up here/);
    } finally {
      await plain.close();
    }
  });
});
