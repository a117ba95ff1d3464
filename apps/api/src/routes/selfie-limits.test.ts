import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer } from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedOrganiser } from '../test-support/fixtures.js';

/** A person looks for themselves a few times: selfie searches per client and event a day. */
let t: TestApp;
const events: number[] = [];
const embedding = Array.from({ length: 1024 }, (_, k) => (k === 0 ? 1 : 0));
const search = (eventId: number, remoteAddress = '203.0.113.7') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/client/events/${eventId}/photos/selfie-search`,
    payload: { embedding },
    remoteAddress,
  });

beforeAll(async () => {
  t = await createTestApp({ FACES_ENABLED: 'true', SELFIE_SEARCHES_PER_DAY: '3' });
  await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
  const token = await adminToken(t.services, 'city.example');
  for (const name of ['Spring Run', 'Autumn Run']) {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/events',
      headers: bearer(token),
      payload: {
        name,
        event_date: new Date().toISOString().slice(0, 10),
        published: true,
        event_photos_config: { feature_flag: { selfie_search: true } },
      },
    });
    events.push(created.json().data.id);
  }
});
afterAll(() => t.close());

describe('selfie searches a day', () => {
  it('answers a client 3 a day on one event, then says to search by bib or name', async () => {
    const codes = [];
    const [spring, autumn] = events as [number, number];
    for (let i = 0; i < 3; i++) codes.push((await search(spring)).statusCode);
    expect(codes).toEqual([200, 200, 200]);
    const past = await search(spring);
    expect(past.statusCode).toBe(429);
    expect(past.json().message).toBe(
      'You have searched this event by selfie 3 times today, as many as one person may. Search by your bib number or name instead, or try again tomorrow.',
    );
    expect(Number(past.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    // Another event, and another client, have their own count.
    expect((await search(autumn)).statusCode).toBe(200);
    expect((await search(spring, '198.51.100.9')).statusCode).toBe(200);
  });
});
