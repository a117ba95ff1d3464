import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CSRF_COOKIE,
  CSRF_FIELD,
  DEVICE_COOKIE,
  newCsrfToken,
  SESSION_COOKIE,
} from '@/lib/console-security';
import { signInLinksOffered } from '@/provider/console';
import { type ApiProcess, startApiProcess } from '@/test/api-process';

// "Email me a sign-in link" through the site, as the owner (and a stranger) would use it: the
// site's route handlers, against the real API in its own process with a mail server on
// 127.0.0.1 that keeps what it is sent (issue 39, item 8).

let current = { headers: new Headers(), jar: new Map<string, string>() };
vi.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) =>
      current.jar.has(name) ? { name, value: current.jar.get(name)! } : undefined,
    set: (name: string, value: string) => void current.jar.set(name, value),
    delete: (options: string | { name: string }) =>
      void current.jar.delete(typeof options === 'string' ? options : options.name),
  }),
  headers: async () => current.headers,
}));

const KEY = 'a shared key for the site and the API, long enough';
const PASSWORD = 'correct horse battery';
const OWNER = 'owner@city.example';
const params = { params: Promise.resolve({ domain: 'city.example' }) };

const received: string[] = [];
const mailServer = new SMTPServer({
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
let api: ApiProcess;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  mailServer.listen(0, '127.0.0.1');
  await once(mailServer.server, 'listening');
  const port = (mailServer.server.address() as AddressInfo).port;
  api = await startApiProcess({
    SITE_KEY: KEY,
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    SMTP_FROM: 'console@city.example',
  });
  await api.cli([
    'organiser',
    'apply',
    await api.file('city.json', { name: 'City Runs', domains: ['city.example'] }),
  ]);
  await api.cli(['user', 'create', 'city.example', OWNER, '--role', 'owner'], PASSWORD);
  for (const name of ['API_URL', 'SITE_KEY']) saved[name] = process.env[name];
  process.env.API_URL = api.url;
  process.env.SITE_KEY = KEY;
}, 300_000);
afterAll(async () => {
  for (const [name, value] of Object.entries(saved))
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  await api?.stop();
  await new Promise<void>((resolve) => mailServer.close(() => resolve()));
});

/** A browser of the site: its address and its cookies, kept from one request to the next. */
function browser(address: string) {
  const jar = new Map<string, string>([[CSRF_COOKIE, newCsrfToken()]]);
  return {
    jar,
    async post(path: string, form: Record<string, string>, load: () => Promise<unknown>) {
      const request = new Request(`http://city.example${path}`, {
        method: 'POST',
        headers: {
          host: 'city.example',
          origin: 'http://city.example',
          'x-forwarded-for': address,
          'content-type': 'application/x-www-form-urlencoded',
          'sec-fetch-mode': 'navigate',
        },
        body: new URLSearchParams({ [CSRF_FIELD]: jar.get(CSRF_COOKIE)!, ...form }),
      });
      current = { headers: new Headers(request.headers), jar };
      const { POST } = (await load()) as {
        POST: (request: Request, context: typeof params) => Promise<Response>;
      };
      return (await POST(request, params)).headers.get('location');
    },
  };
}

const signIn = (who: ReturnType<typeof browser>, password: string) =>
  who.post('/console/sign-in', { email: OWNER, password }, () => import('./console/sign-in/route'));
const askLink = (who: ReturnType<typeof browser>, email: string) =>
  who.post(
    '/console/sign-in-link/send',
    { email },
    () => import('./console/sign-in-link/send/route'),
  );
const useLink = (who: ReturnType<typeof browser>, token: string) =>
  who.post(
    '/console/sign-in-link/use',
    { token },
    () => import('./console/sign-in-link/use/route'),
  );

async function linkMailedTo(to: string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const index = received.findIndex((m) => new RegExp(`^To: ${to}`, 'm').test(m));
    if (index >= 0) {
      const [mail] = received.splice(index, 1);
      const link = /http:\/\/city\.example\/console\/sign-in-link\/(esl_[\w-]{43})/.exec(mail!);
      expect(link, mail).not.toBeNull();
      return link![1]!;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`No mail to ${to}`);
}

describe('a sign-in link by email, through the site (issue 39, item 8)', () => {
  it('lets the owner in while someone else’s guesses hold the password back', async () => {
    expect(await signInLinksOffered()).toBe(true);
    // Someone guesses the owner's password from address after address.
    for (let i = 0; i < 10; i++) await signIn(browser(`203.0.113.${10 + i}`), `guess number ${i}`);
    const owner = browser('198.51.100.8');
    expect(await signIn(owner, PASSWORD)).toBe('/console?notice=limited');

    // Asking says the same for the owner's address and for one without an account.
    expect(await askLink(browser('203.0.113.60'), 'nobody@city.example')).toBe(
      '/console/sign-in-link?sent=1',
    );
    expect(await askLink(owner, ` ${OWNER.toUpperCase()} `)).toBe('/console/sign-in-link?sent=1');
    const token = await linkMailedTo(OWNER);
    expect(received).toEqual([]);

    // The emailed link signs the owner in on this browser, once.
    expect(await useLink(owner, token)).toBe('/console');
    expect(owner.jar.get(SESSION_COOKIE)).toMatch(/^ess_/);
    expect(owner.jar.get(DEVICE_COOKIE)).toMatch(/^esd_/);
    const who = await fetch(`${api.url}/api/v1/console/whoami`, {
      headers: { authorization: `Bearer ${owner.jar.get(SESSION_COOKIE)}` },
    });
    expect(((await who.json()) as { data: { user: { email: string } } }).data.user.email).toBe(
      OWNER,
    );
    const other = browser('203.0.113.61');
    expect(await useLink(other, token)).toBe('/console/sign-in-link?error=unusable');
    expect(other.jar.has(SESSION_COOKIE)).toBe(false);
    // The browser the link signed in on is known now: its password sign-in goes through.
    owner.jar.delete(SESSION_COOKIE);
    expect(await signIn(owner, PASSWORD)).toBe('/console');
  }, 300_000);

  it('a script on a public page cannot ask for links in the visitor’s name', async () => {
    const { POST } = await import('./console/sign-in-link/send/route');
    const jar = new Map([[CSRF_COOKIE, newCsrfToken()]]);
    const request = new Request('http://city.example/console/sign-in-link/send', {
      method: 'POST',
      headers: {
        host: 'city.example',
        origin: 'http://city.example',
        'x-forwarded-for': '198.51.100.9',
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-mode': 'cors',
      },
      body: new URLSearchParams({ [CSRF_FIELD]: jar.get(CSRF_COOKIE)!, email: OWNER }),
    });
    current = { headers: new Headers(request.headers), jar };
    expect((await POST(request, params)).status).toBe(403);
  });
});
