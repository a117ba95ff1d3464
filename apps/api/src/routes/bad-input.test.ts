import { errorEnvelope } from '@eventsite/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedPhotos, seedPublishedEvent } from '../test-support/fixtures.js';

let t: TestApp;
let eventId: number;
let photo: string;

beforeAll(async () => {
  t = await createTestApp();
  eventId = await seedPublishedEvent(t.services, 'Run');
  photo = (await seedPhotos(t.services, eventId, [{}]))[0]!.uuid;
});
afterAll(() => t.close());

async function expectError(
  url: string,
  status: number,
  message: string | RegExp,
  headers: Record<string, string> = {},
) {
  const before = t.logs.length;
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode).toBe(status);
  const body = errorEnvelope.parse(res.json());
  expect(body.code).toBe(status);
  expect(body.status).toBe('error');
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
  expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
  // One log line per bad request, at warn level, with its status.
  const lines = t.logs.slice(before);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({ level: 40, statusCode: status });
  return body;
}

const ALL = '/api/v1/client/events/organiser/all-events?app_domain=localhost';

describe('bad pages and page sizes', () => {
  it.each([
    ['abc', 'page must be a whole number from 1 to 100000'],
    ['-1', 'page must be a whole number from 1 to 100000'],
    ['0', 'page must be a whole number from 1 to 100000'],
    ['1.5', 'page must be a whole number from 1 to 100000'],
    ['99999999999999999999', 'page must be a whole number from 1 to 100000'],
    ['100001', 'page must be a whole number from 1 to 100000'],
  ])('page=%s → 400 naming the field', async (page, message) => {
    await expectError(`${ALL}&page=${page}`, 400, message);
  });

  it.each([['0'], ['10000'], ['101'], ['ten']])(
    'page_size=%s → 400 naming the field',
    async (size) => {
      await expectError(
        `${ALL}&page_size=${size}`,
        400,
        'page_size must be a whole number from 1 to 100',
      );
    },
  );
});

describe('bad domains and hosts', () => {
  it('a missing app_domain → 400 saying it is required', async () => {
    await expectError('/api/v1/client/events/organiser/data', 400, 'app_domain is required');
  });

  it.each([
    ['exa mple.com'],
    ['<script>alert(1)</script>'],
    ['a..b'],
    ['-a.com'],
    ['x'.repeat(300)],
    ['%00'],
  ])('app_domain=%j → 400', async (domain) => {
    await expectError(
      `/api/v1/client/events/organiser/data?app_domain=${encodeURIComponent(domain)}`,
      400,
      'app_domain must be a host name such as photos.example.com',
    );
  });

  it('a Host header with odd characters → 400, before any URL is built from it', async () => {
    await expectError(
      '/api/v1/client/events/organiser/contact-us?app_domain=localhost',
      400,
      /Host header/,
      {
        host: 'evil.example/<x>',
      },
    );
  });
});

describe('bad event ids', () => {
  it.each([
    ['abc', 'eventId must be a positive whole number'],
    ['-5', 'eventId must be a positive whole number'],
    ['0', 'eventId must be a positive whole number'],
    ['1.5', 'eventId must be a positive whole number'],
    ['99999999999', 'eventId is too large'],
  ])('/events/%s/config → 400', async (id, message) => {
    await expectError(`/api/v1/client/events/${id}/config`, 400, message);
  });

  it('an unknown id → 404', async () => {
    await expectError(
      '/api/v1/client/events/4242/config',
      404,
      'No published event has the id 4242',
    );
  });

  it.each([
    ['limit=0', 'limit must be a whole number from 1 to 200'],
    ['limit=201', 'limit must be a whole number from 1 to 200'],
    ['cursor=not-a-cursor', 'cursor is not valid: pass back the next_cursor of the previous page'],
  ])('photos?%s → 400', async (query, message) => {
    await expectError(`/api/v1/client/events/${eventId}/photos?${query}`, 400, message);
  });
});

describe('bad photo requests', () => {
  it('a malformed uuid → 400', async () => {
    await expectError('/events/photos/not-a-uuid', 400, 'uuid must be a photo id (a uuid)');
  });

  it.each([
    '/events/photos/..%2F..%2F..%2Fetc%2Fpasswd',
    '/events/photos/%2e%2e%2f%2e%2e%2fdb',
    `/events/photos/${'a'.repeat(36)}`,
  ])('path traversal %s is refused', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.json().message).toBe('uuid must be a photo id (a uuid)');
  });

  it('a traversal that escapes the route → 404 envelope, never a file', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/events/photos/../../../etc/passwd' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('root:');
    expect(errorEnvelope.parse(res.json()).status).toBe('error');
  });

  it('an unknown w → 400 listing the widths', async () => {
    await expectError(
      `/events/photos/${photo}?w=641`,
      400,
      'w must be one of 160, 320, 480, 640, 960, 1280, 1600, 2048',
    );
  });

  it('an unknown photo → 404', async () => {
    await expectError(
      '/events/photos/00000000-0000-4000-8000-000000000000',
      404,
      'No published photo has the id 00000000-0000-4000-8000-000000000000',
    );
  });
});

describe('never a stack trace', () => {
  it('an unknown route → 404 envelope', async () => {
    await expectError('/api/v1/nothing-here', 404, 'No route GET /api/v1/nothing-here');
  });

  it('a server failure → 500 "Internal server error", details only in the log', async () => {
    // A bug or an outage deep inside: the caller learns nothing of it.
    const spy = vi
      .spyOn(t.services.organisers, 'data')
      .mockRejectedValueOnce(
        new Error('relation "organisers" does not exist at /srv/secret.ts:12'),
      );
    try {
      const before = t.logs.length;
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/client/events/organiser/data?app_domain=localhost',
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        status: 'error',
        message: 'Internal server error',
        code: 500,
        data: null,
      });
      expect(res.body).not.toContain('secret');
      const logged = t.logs.slice(before);
      expect(logged).toHaveLength(1);
      expect(logged[0]!.level).toBe(50);
      expect(JSON.stringify(logged[0])).toContain('relation');
    } finally {
      spy.mockRestore();
    }
  });
});
