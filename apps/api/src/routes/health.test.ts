import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedPublishedEvent } from '../test-support/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  // No worker: the jobs stay where the test puts them.
  t = await createTestApp({}, { worker: false });
});
afterAll(() => t.close());

const health = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/health' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json();
};

describe('GET /health', () => {
  it('says which database answers and that nothing is left to index', async () => {
    expect(await health()).toEqual({
      status: 'success',
      message: 'OK',
      code: 200,
      data: {
        database: t.database.kind,
        indexing: {
          pending: 0,
          ingest: { queued: 0, running: 0 },
          bibs: { queued: 0, running: 0 },
          faces: { queued: 0, running: 0 },
          redact: { queued: 0, running: 0 },
        },
      },
    });
  });

  it('counts the work still queued and running, by kind, until it is done', async () => {
    const eventId = await seedPublishedEvent(t.services);
    const uuids = ['a', 'b', 'c'].map((c) => `${c.repeat(8)}-0000-4000-8000-000000000000`);
    await t.services.jobs.enqueue(
      uuids.map((uuid) => ({
        kind: 'bibs' as const,
        payload: { eventId, uuid },
        idempotencyKey: `bibs:${uuid}`,
        eventId,
      })),
    );
    expect((await health()).data.indexing).toMatchObject({
      pending: 3,
      bibs: { queued: 3, running: 0 },
    });
    const job = await t.services.jobs.queue.claim(['bibs']);
    expect((await health()).data.indexing).toMatchObject({
      pending: 3,
      bibs: { queued: 2, running: 1 },
    });
    await t.services.jobs.queue.complete(job!.id);
    expect((await health()).data.indexing).toMatchObject({
      pending: 2,
      bibs: { queued: 2, running: 0 },
    });
  });

  it('fails (500) when the database does not answer', async () => {
    const ping = t.app.database.ping;
    t.app.database.ping = () => Promise.reject(new Error('connection refused'));
    try {
      const res = await t.app.inject({ method: 'GET', url: '/health' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ status: 'error', code: 500 });
    } finally {
      t.app.database.ping = ping;
    }
  });
});

describe('GET / (the provider front page, where "Powered by eventsite" links)', () => {
  it('answers a person with a page that says where to go, not a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toContain('<title>eventsite');
    expect(res.body).toContain('Looking for your photos?');
    expect(res.body).toContain('href="/docs"');
    // No script at all: the page is words and links.
    expect(res.body).not.toMatch(/<script/i);
  });
});
