import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { envelope, inboxMessage, inboxPage } from '@eventsite/contract';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { adminToken, bearer } from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedOrganiser } from '../test-support/fixtures.js';

/**
 * The console's inbox: the contact form's messages through the admin API, and each new message
 * emailed on to the organiser through a tiny SMTP server on 127.0.0.1 (never a real network).
 */

const PASSWORD = 'correct horse battery';
interface Received {
  from: string;
  to: string[];
  raw: string;
}
const received: Received[] = [];
/** The mail server's answer to the next messages: accepted, or refused with these words. */
let refuseWith: string | null = null;

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      if (refuseWith) {
        const error = Object.assign(new Error(refuseWith), { responseCode: 552 });
        return callback(error);
      }
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});

let t: TestApp;
const sessions: Record<string, string> = {};
let ipCounter = 1;
const nextIp = () => `10.1.0.${ipCounter++}`;

function send(fields: Record<string, string>, domain = 'city.example') {
  return t.app.inject({
    method: 'POST',
    url: `/forms/contact?app_domain=${domain}`,
    remoteAddress: nextIp(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}
const inbox = (query = '', as = sessions.editor!) =>
  t.app.inject({ url: `/api/v1/admin/messages${query}`, headers: bearer(as) });
const patch = (id: number, body: unknown, as = sessions.editor!) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/v1/admin/messages/${id}`,
    headers: bearer(as),
    payload: body as object,
  });
async function page(query = '') {
  const res = await inbox(query);
  expect(res.statusCode, res.body).toBe(200);
  return envelope(inboxPage).parse(res.json()).data;
}

beforeAll(async () => {
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  const port = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    SMTP_FROM: 'Contact form <forms@provider.example>',
  });
  await seedOrganiser(t.services, {
    name: 'City Runs',
    domains: ['city.example'],
    contact_email: 'hello@city.example',
  });
  await seedOrganiser(t.services, {
    name: 'Trail Co',
    domains: ['trail.example'],
    contact_email: 'info@trail.example',
    contact_form: { notify_email: 'inbox@trail.example' },
  });
  await seedOrganiser(t.services, { name: 'Quiet', domains: ['quiet.example'] });
  for (const role of ['owner', 'editor', 'photographer'])
    await t.services.console.createUser('city.example', `${role}@city.example`, role, PASSWORD);
  await t.services.console.createUser('trail.example', 'owner@trail.example', 'owner', PASSWORD);
  for (const [key, email, domain] of [
    ['editor', 'editor@city.example', 'city.example'],
    ['photographer', 'photographer@city.example', 'city.example'],
    ['trail', 'owner@trail.example', 'trail.example'],
  ] as const) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/console/sign-in',
      payload: { app_domain: domain, email, password: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    sessions[key] = res.json().data.session_token;
  }
});
let smtpOpen = true;
const closeSmtp = () =>
  smtpOpen
    ? new Promise<void>((resolve) => {
        smtpOpen = false;
        smtp.close(() => resolve());
      })
    : Promise.resolve();
afterAll(async () => {
  await t?.close();
  await closeSmtp();
});

describe('a message sent through the contact form', () => {
  it('is stored, emailed to the organiser (answerable to the visitor), and the visitor is told both', async () => {
    const res = await send({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'My photos',
      message: 'Where are my photos from the 10K?',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      'Your message is in the inbox of City Runs, and it was emailed to them too.',
    );
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.to).toEqual(['hello@city.example']);
    expect(mail.from).toBe('forms@provider.example');
    expect(mail.raw).toMatch(/^Reply-To: Ada Lovelace <ada@example\.com>/m);
    expect(mail.raw).toMatch(/^Subject: \[City Runs\] My photos/m);
    expect(mail.raw).toContain('Where are my photos from the 10K?');
    const [stored] = (await page()).messages;
    expect(stored).toMatchObject({
      name: 'Ada Lovelace',
      subject: 'My photos',
      forward: 'sent',
      forward_error: null,
      read: false,
    });
  });

  it('goes to the form’s notify_email when there is one', async () => {
    received.length = 0;
    await send({ name: 'Bo', email: 'bo@example.com', message: 'Hello trail' }, 'trail.example');
    expect(received.map((m) => m.to)).toEqual([['inbox@trail.example']]);
  });

  it('cannot forge mail headers through the subject or name', async () => {
    received.length = 0;
    const res = await send({
      name: 'Eve\r\nBcc: victim@example.com',
      email: 'eve@example.com',
      subject: 'Hi\r\nBcc: victim@example.com',
      message: 'x',
    });
    expect(res.statusCode).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['hello@city.example']);
    expect(received[0]!.raw).not.toMatch(/^Bcc:/im);
  });

  it('a refusal of the mail server: still stored, the failure recorded, the visitor told the truth', async () => {
    refuseWith = 'Mailbox full';
    try {
      const res = await send({ name: 'Cy', email: 'cy@example.com', message: 'Refused one' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Emailing it to them did not work just now');
      expect(res.body).not.toContain('emailed to them too');
    } finally {
      refuseWith = null;
    }
    const [stored] = (await page()).messages;
    expect(stored).toMatchObject({ message: 'Refused one', forward: 'failed' });
    expect(stored!.forward_error).toMatch(/Mailbox full/);
  });

  it('a mail server that is down: still stored, failure recorded, the visitor told', async () => {
    // The mail server goes away: its port on 127.0.0.1 refuses connections.
    await closeSmtp();
    const res = await send({ name: 'Di', email: 'di@example.com', message: 'Server down one' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      'Your message is in the inbox of City Runs. Emailing it to them did not work',
    );
    const [stored] = (await page()).messages;
    expect(stored).toMatchObject({ message: 'Server down one', forward: 'failed' });
    expect(stored!.forward_error).toMatch(/ECONNREFUSED|connect/i);
  }, 30_000);

  it('without an address to send to: stored for the inbox only, and the visitor is told so', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/forms/contact?app_domain=quiet.example',
      remoteAddress: nextIp(),
      headers: { 'content-type': 'application/json' },
      payload: { name: 'Ed', email: 'ed@example.com', message: 'No address' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.forward).toBe('off');
  });
});

describe('the inbox', () => {
  it('lists newest first, paged, with the unread count; another organiser’s messages never show', async () => {
    const all = await page();
    expect(all.messages.map((m) => m.message).slice(0, 3)).toEqual([
      'Server down one',
      'Refused one',
      'x',
    ]);
    expect(all.messages.every((m) => m.domain === 'city.example')).toBe(true);
    expect(all.unread).toBe(all.pagination.total);
    const second = await page('?page=2&page_size=2');
    expect(second.messages.map((m) => m.message)).toEqual(
      all.messages.slice(2, 4).map((m) => m.message),
    );
    expect(second.pagination).toMatchObject({ page: 2, page_size: 2, total: all.pagination.total });
    expect((await page('?page=99')).messages).toEqual([]);
  });

  it('marks read and unread, archives and brings back', async () => {
    const [newest] = (await page()).messages;
    const read = await patch(newest!.id, { read: true });
    expect(read.statusCode, read.body).toBe(200);
    expect(envelope(inboxMessage).parse(read.json()).data.read).toBe(true);
    const before = await page();
    expect(before.unread).toBe(before.pagination.total - 1);
    expect((await patch(newest!.id, { archived: true })).statusCode).toBe(200);
    expect((await page()).messages.map((m) => m.id)).not.toContain(newest!.id);
    expect((await page('?archived=1')).messages.map((m) => m.id)).toEqual([newest!.id]);
    expect((await patch(newest!.id, { archived: false, read: false })).statusCode).toBe(200);
    expect((await page()).messages[0]).toMatchObject({
      id: newest!.id,
      read: false,
      archived: false,
    });
  });

  it('refuses bad input with a clear error', async () => {
    const [newest] = (await page()).messages;
    for (const [query, message] of [
      ['?page=0', /page must be a whole number/],
      ['?page_size=101', /page_size must be a whole number from 1 to 100/],
      ['?archived=yes', /archived must be 0 or 1/],
    ] as const) {
      const res = await inbox(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await patch(newest!.id, {})).json().message).toMatch(/Give read or archived/);
    expect((await patch(newest!.id, { read: 'yes' })).statusCode).toBe(400);
    expect((await patch(newest!.id, { read: true, spam: 1 })).statusCode).toBe(400);
    expect((await patch(0, { read: true })).statusCode).toBe(400);
    expect((await patch(999_999, { read: true })).statusCode).toBe(404);
  });

  it('refuses a photographer; another organiser can neither see nor change these messages', async () => {
    const [newest] = (await page()).messages;
    const refused = await inbox('', sessions.photographer);
    expect(refused.statusCode).toBe(403);
    expect((await patch(newest!.id, { read: true }, sessions.photographer)).statusCode).toBe(403);
    const trail = envelope(inboxPage).parse((await inbox('', sessions.trail)).json()).data;
    expect(trail.messages.map((m) => m.message)).toEqual(['Hello trail']);
    expect((await patch(newest!.id, { archived: true }, sessions.trail)).statusCode).toBe(404);
    expect((await page()).messages[0]!.archived).toBe(false);
  });

  it('an admin token of the organiser reads it too', async () => {
    const res = await inbox('', await adminToken(t.services, 'city.example'));
    expect(res.statusCode).toBe(200);
  });
});

describe('SMTP_URL', () => {
  it('is an smtp:// or smtps:// URL, or left out', () => {
    expect(() => loadConfig({ SMTP_URL: 'mail.example.com' })).toThrow(
      /SMTP_URL="mail\.example\.com": must be an SMTP URL such as smtp:\/\/user:password@mail\.example\.com:587/,
    );
    expect(() => loadConfig({ SMTP_URL: 'https://mail.example.com' })).toThrow(/SMTP_URL/);
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.com:465' }).smtpUrl).toBe(
      'smtps://u:p@mail.example.com:465',
    );
    expect(loadConfig({ SMTP_URL: '' }).smtpUrl).toBeUndefined();
    expect(loadConfig({}).smtpUrl).toBeUndefined();
  });

  it('sends from SMTP_FROM, an address with or without a name, and nothing that could add a header', () => {
    expect(loadConfig({ SMTP_FROM: 'photos@example.com' }).smtpFrom).toBe('photos@example.com');
    expect(loadConfig({ SMTP_FROM: 'Photos <photos@example.com>' }).smtpFrom).toBe(
      'Photos <photos@example.com>',
    );
    for (const bad of ['photos', 'a@b.c\r\nBcc: x@y.z', 'Photos <photos>'])
      expect(() => loadConfig({ SMTP_FROM: bad }), bad).toThrow(
        /SMTP_FROM=.*must be an email address/,
      );
  });
});
