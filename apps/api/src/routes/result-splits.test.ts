import { envelope, raceResult } from '@eventsite/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raceResults } from '../adapters/db/schema.js';
import { adminToken, createEventAsAdmin, importResultsCsv } from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedOrganiser } from '../test-support/fixtures.js';

let t: TestApp;
let token: string;
let eventId: number;

beforeAll(async () => {
  t = await createTestApp();
  await seedOrganiser(t.services, { name: 'Tri Club', domains: ['tri.example'] });
  token = await adminToken(t.services, 'tri.example');
  eventId = await createEventAsAdmin(t.app, token, {
    name: 'Lake Triathlon',
    event_date: '2025-07-01',
    published: true,
    event_photos_config: { feature_flag: { show_timing_data: true } },
  });
});

afterAll(() => t.close());

async function result(bib: string) {
  const res = await t.app.inject({ url: `/api/v1/client/events/${eventId}/results/${bib}` });
  expect(res.statusCode, res.body).toBe(200);
  return envelope(raceResult).parse(res.json()).data;
}

describe('race result splits', () => {
  it("keep the results file's order (race order), which is not jsonb's key order", async () => {
    const csv =
      'Bib,Name,Swim,T1,Bike,T2,Run,Net Time\n7,Ana Silva,0:30:00,0:32:10,1:40:00,1:42:00,2:30:00,2:30:00\n';
    const res = await importResultsCsv(t.app, token, eventId, csv);
    expect(res.statusCode, res.body).toBe(200);
    const data = await result('7');
    expect(Object.keys(data.splits)).toEqual(['Swim', 'T1', 'Bike', 'T2', 'Run']);
    expect(data.splits.T1).toBe('0:32:10');
    // The served JSON text itself is in that order.
    const raw = (await t.app.inject({ url: `/api/v1/client/events/${eventId}/results/7` })).body;
    expect(raw.indexOf('"Swim"')).toBeLessThan(raw.indexOf('"T1"'));
    expect(raw.indexOf('"T1"')).toBeLessThan(raw.indexOf('"Bike"'));
  });

  it('still reads a result stored before, with its splits as a jsonb object', async () => {
    await t.database.db.insert(raceResults).values({
      eventId,
      bib: '8',
      name: 'Old Row',
      nameNormalised: 'old row',
      splits: { '10K': '0:45:00', '5K': '0:22:00' },
    });
    const data = await result('8');
    expect(data.splits).toEqual({ '10K': '0:45:00', '5K': '0:22:00' });
  });
});

describe('lettered bibs in a results file', () => {
  it('a bib printed "F-123" is stored as F123 and found as typed: F-123, f 123, F123', async () => {
    const csv = 'Bib,Name,Net Time\nF-123,Rosa Lettered,0:45:12\n';
    const res = await importResultsCsv(t.app, token, eventId, csv);
    expect(res.statusCode, res.body).toBe(200);
    for (const typed of ['F-123', 'f%20123', 'F123', 'f123']) {
      const data = await result(typed);
      expect(data).toMatchObject({ bib: 'F123', name: 'Rosa Lettered', net_time: '0:45:12' });
    }
  });
});
