import { envelope, runnerMatches } from '@eventsite/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, createEventAsAdmin, importResultsCsv } from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedOrganiser } from '../test-support/fixtures.js';

let t: TestApp;
let token: string;
let eventId: number;

const createEvent = (name: string, timing: boolean) =>
  createEventAsAdmin(t.app, token, {
    name,
    event_date: '2025-07-01',
    published: true,
    event_photos_config: { feature_flag: { show_timing_data: timing } },
  });

beforeAll(async () => {
  t = await createTestApp({ SEARCHES_PER_MINUTE: '8' });
  await seedOrganiser(t.services, { name: 'Runs', domains: ['runs.example'] });
  token = await adminToken(t.services, 'runs.example');
  eventId = await createEvent('River Run', true);
  const csv =
    'Bib,Name,Category,Net Time\n12,José García,M40,0:45:02\n34,Josefine Berg,W30,0:51:10\n56,Ana Silva,W30,0:49:00\n';
  const res = await importResultsCsv(t.app, token, eventId, csv);
  expect(res.statusCode, res.body).toBe(200);
});

afterAll(() => t.close());

describe('GET /api/v1/client/events/{id}/results?name= (our extension)', () => {
  it('offers the runners whose name matches, with bib, category and time', async () => {
    const res = await t.app.inject({ url: `/api/v1/client/events/${eventId}/results?name=garcia` });
    expect(res.statusCode, res.body).toBe(200);
    const data = envelope(runnerMatches).parse(res.json()).data;
    expect(data).toEqual({
      runners: [{ bib: '12', name: 'José García', category: 'M40', net_time: '0:45:02' }],
      total: 1,
    });
    const none = await t.app.inject({
      url: `/api/v1/client/events/${eventId}/results?name=nobody`,
    });
    expect(envelope(runnerMatches).parse(none.json()).data).toEqual({ runners: [], total: 0 });
  });

  it('refuses a too short name, and an event without timing data', async () => {
    const short = await t.app.inject({ url: `/api/v1/client/events/${eventId}/results?name=j` });
    expect(short.statusCode).toBe(400);
    const off = await createEvent('No Timing', false);
    const res = await t.app.inject({ url: `/api/v1/client/events/${off}/results?name=ana` });
    expect(res.statusCode).toBe(403);
  });

  it('is rate-limited like the other searches', async () => {
    let last = 0;
    for (let i = 0; i < 10; i += 1) {
      last = (await t.app.inject({ url: `/api/v1/client/events/${eventId}/results?name=ana` }))
        .statusCode;
    }
    expect(last).toBe(429);
  });
});
