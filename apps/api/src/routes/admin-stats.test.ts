import { envelope, eventStats, STAT_KINDS } from '@eventsite/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer, createEventAsAdmin } from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedOrganiser, seedPhotos } from '../test-support/fixtures.js';

let t: TestApp;
let token: string;
let otherToken: string;
let eventId: number;
let draftId: number;
let photos: string[];

const stats = envelope(eventStats);
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp({ OCR_ENABLED: 'false' }, { downloadsPerMinute: 1000 });
  await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
  await seedOrganiser(t.services, { name: 'Trail Co', domains: ['trail.example'] });
  token = await adminToken(t.services, 'city.example');
  otherToken = await adminToken(t.services, 'trail.example');
  eventId = await createEventAsAdmin(t.app, token, {
    name: 'Harbour Ten K',
    event_date: '2025-04-06',
    published: true,
    event_photos_config: { feature_flag: { name_search: true } },
  });
  draftId = await createEventAsAdmin(t.app, token, { name: 'Draft', event_date: '2025-05-06' });
  photos = (await seedPhotos(t.services, eventId, [{}, {}])).map((p) => p.uuid);
});
afterAll(() => t.close());

const report = (
  id: number,
  body: string,
  contentType = 'application/json',
  domain = 'city.example',
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/client/events/${id}/stats?app_domain=${domain}`,
    headers: { 'content-type': contentType },
    payload: body,
  });

const read = async (query = '', bearerToken = token, id = eventId) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/events/${id}/stats${query}`,
    headers: bearer(bearerToken),
  });

async function totals() {
  const res = await read();
  expect(res.statusCode).toBe(200);
  return stats.parse(res.json()).data.totals;
}

describe('visitor analytics', () => {
  it('counts what a browser reports, as JSON or as a beacon’s text/plain, and refuses the rest', async () => {
    const before = await totals();
    expect((await report(eventId, '{"kind":"visit"}')).statusCode).toBe(204);
    expect((await report(eventId, '{"kind":"visit"}', 'text/plain;charset=UTF-8')).statusCode).toBe(
      204,
    );
    expect((await report(eventId, '{"kind":"photo_view"}', 'text/plain')).statusCode).toBe(204);
    expect((await report(eventId, '{"kind":"share"}')).statusCode).toBe(204);
    // What the server counts itself cannot be reported; junk, drafts and other hosts are refused.
    const zip = await report(eventId, '{"kind":"zip"}');
    expect(zip.statusCode).toBe(400);
    expect(zip.json().message).toMatch(/kind: must be one of visit, photo_view, share/);
    expect((await report(eventId, 'not json', 'text/plain')).statusCode).toBe(400);
    expect((await report(eventId, '{"kind":"visit"}'.padEnd(5000, ' '))).statusCode).toBe(413);
    expect((await report(draftId, '{"kind":"visit"}')).statusCode).toBe(404);
    expect(
      (await report(eventId, '{"kind":"visit"}', 'application/json', 'trail.example')).statusCode,
    ).toBe(404);
    const after = await totals();
    expect(after.visit - before.visit).toBe(2);
    expect(after.photo_view - before.photo_view).toBe(1);
    expect(after.share - before.share).toBe(1);
    expect(after.zip - before.zip).toBe(0);
  });

  it('counts searches, single downloads and zips as the API answers them, once each', async () => {
    const before = await totals();
    const client = (
      url: string,
      init: {
        method?: 'GET' | 'POST' | 'HEAD';
        headers?: Record<string, string>;
        payload?: unknown;
      } = {},
    ) =>
      t.app.inject({
        method: init.method ?? 'GET',
        url,
        headers: init.headers,
        payload: init.payload as never,
      });
    expect((await client(`/api/v1/client/events/${eventId}/photos?bib=123`)).statusCode).toBe(200);
    expect((await client(`/api/v1/client/events/${eventId}/photos?bib=124`)).statusCode).toBe(200);
    expect((await client(`/api/v1/client/events/${eventId}/photos?name=ann`)).statusCode).toBe(200);
    // The gallery's own pages are no search.
    expect((await client(`/api/v1/client/events/${eventId}/photos`)).statusCode).toBe(200);
    const original = `/events/photos/${photos[0]}?download=1`;
    const full = await client(original);
    expect(full.statusCode).toBe(200);
    // Its HEAD and the rest of a resumed download are the same download.
    expect((await client(original, { method: 'HEAD' })).statusCode).toBe(200);
    expect((await client(original, { headers: { range: 'bytes=10-' } })).statusCode).toBe(206);
    // A display variant is no download.
    expect((await client(`/events/photos/${photos[1]}?w=480`)).statusCode).toBe(200);
    const zip = await client(`/api/v1/client/events/${eventId}/downloads`, {
      method: 'POST',
      payload: { photo_ids: photos },
    });
    expect(zip.statusCode).toBe(200);
    const after = await totals();
    expect(after.search_bib - before.search_bib).toBe(2);
    expect(after.search_name - before.search_name).toBe(1);
    expect(after.download - before.download).toBe(1);
    expect(after.zip - before.zip).toBe(1);
    expect(after.visit - before.visit).toBe(0);
  });

  it('answers every day of the span, zeros included, and the same as CSV', async () => {
    const res = await read();
    const data = stats.parse(res.json()).data;
    expect(data.days).toHaveLength(30);
    expect(data.to).toBe(today());
    const last = data.days.at(-1)!;
    expect(last.day).toBe(today());
    expect(last.visit).toBe(data.totals.visit);
    expect(data.days[0]!.visit).toBe(0);
    const csv = await read('', token).then(() =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/admin/events/${eventId}/stats.csv?from=${today()}&to=${today()}`,
        headers: bearer(token),
      }),
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="event-\d+-stats-/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(['day', ...STAT_KINDS].join(','));
    expect(lines).toHaveLength(3);
    expect(lines[1]!.split(',')[0]).toBe(today());
    expect(lines[2]!.split(',').slice(1).map(Number)).toEqual(
      STAT_KINDS.map((k) => data.totals[k]),
    );
  });

  it('refuses a backwards or too long span, another organiser, and no token', async () => {
    expect((await read('?from=2026-02-02&to=2026-02-01')).statusCode).toBe(400);
    expect((await read('?from=2024-01-01&to=2026-01-01')).statusCode).toBe(400);
    expect((await read('?from=2026-02-30')).statusCode).toBe(400);
    expect((await read('', otherToken)).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/events/${eventId}/stats`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps counts and nothing else: no address, no id, no time finer than the day', async () => {
    const columns = (await t.database.db.execute(
      sql`select column_name from information_schema.columns where table_name = 'event_daily_stats' order by column_name`,
    )) as unknown as { rows: Array<{ column_name: string }> };
    expect(columns.rows.map((r) => r.column_name)).toEqual(['count', 'day', 'event_id', 'kind']);
  });

  it('drops the counts of an event deleted before they were written, and goes on', async () => {
    const gone = await createEventAsAdmin(t.app, token, {
      name: 'Gone Soon',
      event_date: '2025-06-06',
      published: true,
    });
    expect((await report(gone, '{"kind":"visit"}')).statusCode).toBe(204);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/events/${gone}`,
      headers: bearer(token),
    });
    expect(del.statusCode).toBe(200);
    await t.services.analytics.flush();
    expect((await report(eventId, '{"kind":"visit"}')).statusCode).toBe(204);
    const before = (await totals()).visit;
    expect(before).toBeGreaterThan(0);
    expect(t.logs.filter((l) => /analytics/.test(l.msg))).toEqual([]);
  });
});
