import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONSOLE_TEXT } from '@/components/console/strings';
import {
  CSRF_COOKIE,
  CSRF_FIELD,
  DEVICE_COOKIE,
  newCsrfToken,
  SESSION_COOKIE,
} from '@/lib/console-security';
import { type ApiProcess, startApiProcess } from '@/test/api-process';

// The outside probe of issue 39, through the site as an attacker sends it: the site's route handlers,
// against the real API in its own process, the two sharing SITE_KEY as `npm start` makes them.
// Every call reaches the API from the site's one address; each visitor is told apart only by
// the address the site signs. Next.js gives a route handler the request's cookies and headers
// through next/headers: here, those of the request being handled.

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
const GALLERY_PASSWORD = 'harbour lights';
const PHOTO = '0b0e6d9e-3c1f-4b6a-9a51-2f6a7d1c9e42';

let api: ApiProcess;
let event: number;
let lockedSlug: string;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  api = await startApiProcess({ SITE_KEY: KEY });
  for (const [name, domain] of [
    ['City Runs', 'city.example'],
    ['Trail Co', 'trail.example'],
  ] as const) {
    await api.cli([
      'organiser',
      'apply',
      await api.file(`${domain}.json`, { name, domains: [domain] }),
    ]);
    await api.cli(['user', 'create', domain, `owner@${domain}`, '--role', 'owner'], PASSWORD);
  }
  const created = await api.cli([
    'event',
    'create',
    '--organiser',
    'city.example',
    '--name',
    'City 10K',
    '--date',
    '2025-04-06',
  ]);
  event = Number(/Created event (\d+)/.exec(created)![1]);
  const locked = await api.cli([
    'event',
    'create',
    '--organiser',
    'city.example',
    '--name',
    'Secret Run',
    '--date',
    '2025-05-01',
    '--published',
  ]);
  const [, id, slug] = /Created event (\d+) '[^']*' \(([^)]+)\)/.exec(locked)!;
  lockedSlug = slug!;
  await api.cli(['event', 'access', id!, 'password'], GALLERY_PASSWORD);
  for (const name of ['API_URL', 'SITE_KEY']) saved[name] = process.env[name];
  process.env.API_URL = api.url;
  process.env.SITE_KEY = KEY;
}, 300_000);
afterAll(async () => {
  for (const [name, value] of Object.entries(saved))
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  await api?.stop();
});

/**
 * A visitor of the site: their address (what Next.js puts in X-Forwarded-For for the
 * connection) and their cookies, kept from one request to the next.
 */
function visitor(address: string, host = 'city.example') {
  const jar = new Map<string, string>([[CSRF_COOKIE, newCsrfToken()]]);
  return {
    jar,
    async send<T>(handler: () => Promise<T>, request: Request): Promise<T> {
      current = { headers: new Headers(request.headers), jar };
      return handler();
    },
    request(path: string, init: { method?: string; form?: Record<string, string> } = {}) {
      const headers = new Headers({ host, 'x-forwarded-for': address });
      if (init.form) {
        headers.set('origin', `http://${host}`);
        headers.set('content-type', 'application/x-www-form-urlencoded');
      }
      return new Request(`http://${host}${path}`, {
        method: init.method ?? (init.form ? 'POST' : 'GET'),
        headers,
        ...(init.form
          ? { body: new URLSearchParams({ [CSRF_FIELD]: jar.get(CSRF_COOKIE)!, ...init.form }) }
          : {}),
      });
    },
  };
}

const preview = async (who: ReturnType<typeof visitor>) => {
  const { GET } = await import('./console/photos/[uuid]/preview/route');
  const request = who.request(`/console/photos/${PHOTO}/preview`);
  return who.send(() => GET(request, { params: Promise.resolve({ uuid: PHOTO }) }), request);
};

const jobs = async (who: ReturnType<typeof visitor>) => {
  const { GET } = await import('./console/events/[eventId]/photos/jobs/route');
  const request = who.request(`/console/events/${event}/photos/jobs`);
  return who.send(
    () => GET(request, { params: Promise.resolve({ eventId: String(event) }) }),
    request,
  );
};

async function signIn(
  who: ReturnType<typeof visitor>,
  email: string,
  password: string,
  domain = 'city.example',
) {
  const { POST } = await import('./console/sign-in/route');
  const request = who.request('/console/sign-in', { form: { email, password } });
  return who.send(() => POST(request, { params: Promise.resolve({ domain }) }), request);
}

describe('one visitor with a made-up session (issue 39, item 1)', () => {
  it('locks out that visitor alone: the owners’ console and every other visitor go on', async () => {
    const owner = visitor('198.51.100.7');
    expect((await signIn(owner, 'owner@city.example', PASSWORD)).headers.get('location')).toBe(
      '/console',
    );
    expect(owner.jar.get(SESSION_COOKIE)).toMatch(/^ess_/);

    const attacker = visitor('203.0.113.66');
    attacker.jar.set(SESSION_COOKIE, 'ess_x');
    for (let i = 0; i < 10; i++) expect((await preview(attacker)).status).toBe(401);
    const refused = await preview(attacker);
    // The API's refusal, with its status and words (item 9), not a 502.
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toMatch(/^Too many failed authentications/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Someone signed in behind the same address (one NAT) is told plainly why, not "not loaded".
    const colleague = visitor('203.0.113.66');
    await signIn(colleague, 'owner@city.example', PASSWORD);
    const { default: ConsolePage } = await import('./console/page');
    const page = colleague.request('/console');
    const html = renderToStaticMarkup(
      await colleague.send(
        () =>
          ConsolePage({
            params: Promise.resolve({ domain: 'city.example' }),
            searchParams: Promise.resolve({}),
          }),
        page,
      ),
    );
    expect(html).toContain(CONSOLE_TEXT.errors.held);

    const answer = await jobs(owner);
    expect(answer.status, await answer.clone().text()).toBe(200);
    // A photo that is not the organiser's is the API's 404, told as such.
    expect((await preview(owner)).status).toBe(404);
  }, 120_000);
});

describe('sign-ins through the site (issue 39, item 2)', () => {
  it('20 bad sign-ins, each from another address, lock out no owner', async () => {
    for (let i = 0; i < 20; i++) {
      const res = await signIn(visitor(`203.0.113.${100 + i}`), `nobody${i}@city.example`, 'guess');
      expect(res.headers.get('location')).toBe('/console?notice=refused');
    }
    for (const domain of ['city.example', 'trail.example']) {
      const owner = visitor('198.51.100.20', domain);
      const res = await signIn(owner, `owner@${domain}`, PASSWORD, domain);
      expect(res.headers.get('location'), domain).toBe('/console');
    }
  }, 120_000);
});

describe('guessing an owner’s password through the site (issue 39, item 8)', () => {
  it('slows the guesser, not the owner in the browser they signed in with before', async () => {
    const email = 'owner@trail.example';
    const laptop = visitor('198.51.100.40', 'trail.example');
    expect((await signIn(laptop, email, PASSWORD, 'trail.example')).headers.get('location')).toBe(
      '/console',
    );
    expect(laptop.jar.get(DEVICE_COOKIE)).toMatch(/^esd_/);
    // Signing out ends the session, not the browser's device token.
    const { POST } = await import('./console/sign-out/route');
    const out = laptop.request('/console/sign-out', { form: {} });
    await laptop.send(() => POST(out), out);
    expect(laptop.jar.has(SESSION_COOKIE)).toBe(false);

    // Someone else tries password after password, each from a fresh address.
    let refused = 0;
    for (let i = 0; i < 15; i++) {
      const res = await signIn(
        visitor(`203.0.113.${200 + i}`, 'trail.example'),
        email,
        `guess ${i}`,
        'trail.example',
      );
      if (res.headers.get('location') === '/console?notice=limited') refused++;
    }
    expect(refused).toBeGreaterThanOrEqual(5);
    // A new browser waits like the guesser; the owner's own browser signs in.
    const newBrowser = visitor('198.51.100.41', 'trail.example');
    expect(
      (await signIn(newBrowser, email, PASSWORD, 'trail.example')).headers.get('location'),
    ).toBe('/console?notice=limited');
    expect((await signIn(laptop, email, PASSWORD, 'trail.example')).headers.get('location')).toBe(
      '/console',
    );
    expect(laptop.jar.get(SESSION_COOKIE)).toMatch(/^ess_/);
  }, 120_000);
});

describe('gallery passwords through the site (issue 39, item 2)', () => {
  const unlock = async (who: ReturnType<typeof visitor>, password: string) => {
    const { POST } = await import('./events/[eventSlug]/unlock/route');
    const request = who.request(`/events/${lockedSlug}/unlock`, { form: { password } });
    const res = await who.send(
      () =>
        POST(request, {
          params: Promise.resolve({ domain: 'city.example', eventSlug: lockedSlug }),
        }),
      request,
    );
    return new URL(res.headers.get('location') ?? '/', 'http://city.example').searchParams.get(
      'error',
    );
  };

  it('11 wrong passwords from one visitor keep that visitor out, and no one else', async () => {
    const guesser = visitor('203.0.113.77');
    for (let i = 0; i < 10; i++) expect(await unlock(guesser, `wrong guess ${i}`)).toBe('wrong');
    expect(await unlock(guesser, GALLERY_PASSWORD)).toBe('limited');
    const runner = visitor('198.51.100.77');
    expect(await unlock(runner, GALLERY_PASSWORD)).toBeNull();
    expect([...runner.jar.keys()].some((name) => name !== CSRF_COOKIE)).toBe(true);
  }, 120_000);
});

describe('the site’s memory (issue 39, item 6)', () => {
  const createEvent = async (who: ReturnType<typeof visitor>, name: string) => {
    const { POST } = await import('./console/events/create/route');
    const request = who.request('/console/events/create', {
      form: { name, event_date: 'not a date', city: '' },
    });
    return who.send(
      () => POST(request, { params: Promise.resolve({ domain: 'city.example' }) }),
      request,
    );
  };

  it('keeps nothing for a visitor who is not signed in; an owner’s draft is kept', async () => {
    const { consoleStash } = await import('@/components/console/events/stash');
    const before = consoleStash().bytes;
    const stranger = visitor('203.0.113.90');
    stranger.jar.set(SESSION_COOKIE, 'ess_made-up');
    for (let i = 0; i < 5; i++) {
      const res = await createEvent(stranger, 'x'.repeat(1_000_000));
      expect(res.headers.get('location')).toBe('/console?notice=expired');
    }
    expect(consoleStash().bytes).toBe(before);

    const owner = visitor('198.51.100.90');
    await signIn(owner, 'owner@city.example', PASSWORD);
    const res = await createEvent(owner, 'y'.repeat(100_000));
    const draft = new URL(res.headers.get('location')!, 'http://city.example').searchParams.get(
      'draft',
    );
    expect(draft).toMatch(/^[\w-]{22}$/);
    expect(consoleStash().get(owner.jar.get(SESSION_COOKIE)!, 'event-draft', draft)).toMatchObject({
      errors: { event_date: expect.any(String) },
    });
    expect(consoleStash().bytes).toBeGreaterThan(before);
  }, 120_000);
});

describe('a script on a public page, with an owner signed in (issue 39, item 3)', () => {
  const inviteOwner = async (
    who: ReturnType<typeof visitor>,
    fields: Record<string, string>,
    secFetchMode: string,
  ) => {
    const { POST } = await import('./console/team/invite/route');
    const request = who.request('/console/team/invite', {
      form: { email: 'second-owner@city.example', role: 'owner', ...fields },
    });
    request.headers.set('sec-fetch-mode', secFetchMode);
    return who.send(() => POST(request), request);
  };
  const pendingInvites = async (token: string) => {
    const res = await fetch(`${api.url}/api/v1/admin/users`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await res.json()) as { data: { invites: Array<{ email: string }> } }).data.invites;
  };

  it('cannot make an owner: fetch is refused, a form needs the password, no secret goes in a URL', async () => {
    const owner = visitor('198.51.100.50');
    await signIn(owner, 'owner@city.example', PASSWORD);
    const session = owner.jar.get(SESSION_COOKIE)!;

    // The script's fetch, with the CSRF token it read from the Team page.
    const fetched = await inviteOwner(owner, {}, 'cors');
    expect(fetched.status).toBe(403);
    expect(await fetched.text()).toContain('not by a script');
    // A form the script submits (a navigation) does not know the owner's password.
    for (const fields of [{}, { password: 'a guess at it' }] as Record<string, string>[]) {
      const res = await inviteOwner(owner, fields, 'navigate');
      expect(res.headers.get('location')).toBe('/console/team?error=password');
    }
    expect(await pendingInvites(session)).toEqual([]);

    // The owner's own form, with their password: the link is kept for the Team screen, not put
    // in the redirect.
    const made = await inviteOwner(owner, { password: PASSWORD }, 'navigate');
    const location = made.headers.get('location')!;
    expect(location).toMatch(/^\/console\/team\?invited=[\w-]{22}$/);
    expect(location).not.toContain('esi_');
    const { consoleStash } = await import('@/components/console/events/stash');
    const id = new URL(location, 'http://city.example').searchParams.get('invited');
    expect(consoleStash().get<{ link: string }>(session, 'invite-shown', id)?.link).toMatch(
      /^http:\/\/city\.example\/console\/invite\/esi_[\w-]{43}$/,
    );
    expect(consoleStash().get('ess_someone-else', 'invite-shown', id)).toBeNull();
    expect((await pendingInvites(session)).map((i) => i.email)).toEqual([
      'second-owner@city.example',
    ]);
  }, 120_000);

  it('cannot remove a member: fetch is refused, a form needs the password', async () => {
    await api.cli(
      ['user', 'create', 'city.example', 'editor@city.example', '--role', 'editor'],
      PASSWORD,
    );
    const owner = visitor('198.51.100.51');
    await signIn(owner, 'owner@city.example', PASSWORD);
    const session = owner.jar.get(SESSION_COOKIE)!;
    const users = async () => {
      const res = await fetch(`${api.url}/api/v1/admin/users`, {
        headers: { authorization: `Bearer ${session}` },
      });
      return ((await res.json()) as { data: { users: Array<{ id: number; email: string }> } }).data
        .users;
    };
    const editorId = (await users()).find((u) => u.email === 'editor@city.example')!.id;
    const remove = async (fields: Record<string, string>, secFetchMode: string) => {
      const { POST } = await import('./console/team/remove/route');
      const request = owner.request('/console/team/remove', {
        form: { user_id: String(editorId), ...fields },
      });
      request.headers.set('sec-fetch-mode', secFetchMode);
      return owner.send(() => POST(request), request);
    };

    const fetched = await remove({}, 'cors');
    expect(fetched.status).toBe(403);
    expect(await fetched.text()).toContain('not by a script');
    for (const fields of [{}, { password: 'a guess at it' }] as Record<string, string>[]) {
      const res = await remove(fields, 'navigate');
      expect(res.headers.get('location')).toBe('/console/team?error=password');
    }
    expect((await users()).map((u) => u.email)).toContain('editor@city.example');

    const removed = await remove({ password: PASSWORD }, 'navigate');
    expect(removed.headers.get('location')).toBe(
      `/console/team?removed=${encodeURIComponent('editor@city.example')}`,
    );
    expect((await users()).map((u) => u.email)).not.toContain('editor@city.example');
  }, 120_000);
});
