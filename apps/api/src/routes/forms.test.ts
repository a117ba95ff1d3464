import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedOrganiser } from '../test-support/fixtures.js';

let t: TestApp;
let ipCounter = 1;
/** Each test posts from its own address, so the rate limit of one does not touch another. */
const nextIp = () => `10.0.0.${ipCounter++}`;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_API_URL: 'https://api.example.com' });
  await seedOrganiser(t.services, {
    name: 'Runs <b>&</b> "Co"',
    domains: ['runs.example'],
    logo: 'https://cdn.example.com/logo.png',
    extra_config: { themeColor: '#FFCC00' },
  });
  await seedOrganiser(t.services, { name: 'Other', domains: ['other.example'] });
});
afterAll(() => t.close());

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const valid = {
  name: 'Ada',
  email: 'ada@example.com',
  subject: 'Photos',
  message: 'Where are my photos?',
};

function post(payload: string | object, ip: string, domain = 'runs.example') {
  const json = typeof payload !== 'string';
  return t.app.inject({
    method: 'POST',
    url: `/forms/contact?app_domain=${domain}`,
    remoteAddress: ip,
    headers: { 'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded' },
    payload: json ? JSON.stringify(payload) : payload,
  });
}

describe('GET /forms/contact', () => {
  it("is a self-contained page themed with the organiser's colour and logo, everything escaped", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/forms/contact?app_domain=runs.example',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('Contact Runs &lt;b&gt;&amp;&lt;/b&gt; &quot;Co&quot;');
    expect(res.body).not.toContain('<b>&</b>');
    expect(res.body).toContain('background:#FFCC00');
    expect(res.body).toContain('<img src="https://cdn.example.com/logo.png"');
    expect(res.body).toContain('action="/forms/contact?app_domain=runs.example"');
    expect(res.body).not.toMatch(/<script|<link/);
  });

  it('may be framed by any site and loads nothing but its logo', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/forms/contact?app_domain=runs.example',
    });
    expect(res.headers['x-frame-options']).toBeUndefined();
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain('frame-ancestors *');
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('img-src https://cdn.example.com');
    expect(csp).toContain("form-action 'self'");
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(res.body).toContain(`<style nonce="${nonce}">`);
  });

  it('shows "not available" for an unknown domain and a bad link', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/forms/contact?app_domain=nobody.example',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('This contact form is not available.');
    const bad = await t.app.inject({ method: 'GET', url: '/forms/contact?app_domain=%3Cx%3E' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/text\/html/);
    expect(bad.body).toContain('app_domain must be a host name');
    expect(bad.body).not.toContain('<x>');
  });
});

describe('POST /forms/contact', () => {
  it('stores a form-encoded message and shows success on the same page', async () => {
    const res = await post(form(valid), nextIp());
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Your message is in the inbox of');
    const messages = await t.services.contact.list('runs.example');
    expect(messages[0]).toMatchObject({
      name: 'Ada',
      email: 'ada@example.com',
      subject: 'Photos',
      message: 'Where are my photos?',
    });
    expect(await t.services.contact.list('other.example')).toEqual([]);
  });

  it('accepts JSON and answers in the envelope', async () => {
    const res = await post(
      { name: 'Bob', email: 'bob@example.com', message: 'Hi' },
      nextIp(),
      'other.example',
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'success',
      code: 201,
      data: { id: expect.any(Number) },
    });
    expect((await t.services.contact.list('other.example')).map((m) => m.name)).toEqual(['Bob']);
  });

  it('shows clear errors and keeps what was typed, storing nothing', async () => {
    const count = (await t.services.contact.list('runs.example')).length;
    const res = await post(form({ name: 'Eve <i>', email: 'not-an-email', message: '' }), nextIp());
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Please enter a valid email address');
    expect(res.body).toContain('Please enter a message');
    expect(res.body).toContain('value="Eve &lt;i&gt;"');
    expect((await t.services.contact.list('runs.example')).length).toBe(count);
    const json = await post({ name: 'Eve', email: 'x' }, nextIp());
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toMatch(/email.*valid email address/);
  });

  it('discards a message whose honeypot is filled, looking like success', async () => {
    const count = (await t.services.contact.list('runs.example')).length;
    const res = await post(form({ ...valid, website: 'http://spam.example' }), nextIp());
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Your message is in the inbox of');
    expect((await t.services.contact.list('runs.example')).length).toBe(count);
  });

  it('allows 5 messages a minute from one address, then says to wait', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await post(form(valid), ip)).statusCode).toBe(200);
    const sixth = await post(form(valid), ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.body).toContain('Too many messages from your address');
    const json = await post(valid, ip);
    expect(json.statusCode).toBe(429);
    expect(json.json()).toMatchObject({ status: 'error', code: 429 });
    // Another address is not affected.
    expect((await post(form(valid), nextIp())).statusCode).toBe(200);
  });

  it('refuses an unknown domain', async () => {
    const res = await post(valid, nextIp(), 'nobody.example');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("No organiser is configured for the domain 'nobody.example'");
  });
});
