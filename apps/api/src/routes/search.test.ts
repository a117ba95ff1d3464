import { createHash } from 'node:crypto';
import { envelope, photoPage, raceResult, resultsImportAnswer } from '@eventsite/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BibReader, BibReading } from '../services/bibs.js';
import { adminToken, bearer, upload, waitForJobs } from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedOrganiser } from '../test-support/fixtures.js';
import { testImage } from '../test-support/images.js';

/** A test double of the OCR engine's interface: readings chosen per photo (by its sha256). */
const readings = new Map<string, BibReading[]>();
const stubReader: BibReader = {
  async readBibs(image) {
    return readings.get(createHash('sha256').update(image).digest('hex')) ?? [];
  },
};
const box = { x: 10, y: 20, width: 30, height: 15 };

let t: TestApp;
let token: string;
let eventId: number;
const photo: Record<string, string> = {};

const pageEnvelope = envelope(photoPage);

async function search(query: string, id = eventId) {
  const res = await t.app.inject({ url: `/api/v1/client/events/${id}/photos?${query}` });
  return res;
}
async function found(query: string): Promise<string[]> {
  const res = await search(query);
  expect(res.statusCode, res.body).toBe(200);
  const data = pageEnvelope.parse(res.json()).data;
  return data.photos
    .map((p) => Object.entries(photo).find(([, uuid]) => uuid === p.uuid)?.[0] ?? p.uuid)
    .sort();
}

async function patchEvent(body: object) {
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/v1/admin/events/${eventId}`,
    headers: bearer(token),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function importCsv(csv: string | Buffer, query = '') {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/events/${eventId}/results${query}`,
    headers: { ...bearer(token), 'content-type': 'text/csv' },
    payload: typeof csv === 'string' ? Buffer.from(csv, 'utf8') : csv,
  });
}

async function setBibs(name: string, bibs: string[]) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/admin/photos/${photo[name]}/bibs`,
    headers: bearer(token),
    payload: { bibs },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

beforeAll(async () => {
  t = await createTestApp({ OCR_ENABLED: 'true' }, { bibReader: stubReader });
  await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
  token = await adminToken(t.services, 'city.example');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/events',
    headers: bearer(token),
    payload: {
      name: 'Bib Town',
      event_date: '2025-06-01',
      published: true,
      event_photos_config: {
        feature_flag: {
          name_search: true,
          show_timing_data: true,
          enable_custom_certificate: true,
        },
      },
    },
  });
  eventId = created.json().data.id;
  const plan: Record<string, BibReading[]> = {
    p1: [{ bib: '123', confidence: 0.95, box }],
    p2: [
      { bib: '123', confidence: 0.5, box },
      { bib: '456', confidence: 0.9, box },
    ],
    p3: [{ bib: '789', confidence: 0.99, box }],
    p4: [],
  };
  const files = [];
  for (const [i, name] of Object.keys(plan).entries()) {
    const bytes = await testImage({ colour: `hsl(${i * 80}, 60%, 50%)` });
    readings.set(createHash('sha256').update(bytes).digest('hex'), plan[name]!);
    files.push({ filename: `${name}.jpg`, bytes });
  }
  const res = await upload(t.app, token, eventId, files);
  for (const a of res.json().data.accepted as Array<{ filename: string; uuid: string }>)
    photo[a.filename.replace('.jpg', '')] = a.uuid;
  const counts = await waitForJobs(t.services, eventId);
  expect(counts).toEqual({ queued: 0, running: 0, done: 8, failed: 0 });
});
afterAll(() => t.close());

describe('bib search', () => {
  it('stores every reading, and finds photos by readings at or above the threshold', async () => {
    const rows = await t.services.bibs['bibs'].ofPhoto(photo.p2!);
    expect(rows.map((r) => [r.bib, r.confidence, r.source, r.boxX, r.boxW])).toEqual([
      ['123', 0.5, 'ocr', 10, 30],
      ['456', 0.9, 'ocr', 10, 30],
    ]);
    expect(await found('bib=123')).toEqual(['p1']);
    expect(await found('bib=456')).toEqual(['p2']);
    expect(await found('bib=0123')).toEqual(['p1']);
    expect(await found('bib=999')).toEqual([]);
    const page = pageEnvelope.parse((await search('bib=123')).json()).data;
    expect(page.total).toBe(1);
    expect(page.next_cursor).toBeNull();
  });

  it('manual tags override OCR on their photo; an empty list clears them', async () => {
    expect(await setBibs('p3', ['321', '0321', '55'])).toEqual({
      uuid: photo.p3,
      bibs: ['321', '55'],
    });
    expect(await found('bib=321')).toEqual(['p3']);
    expect(await found('bib=789')).toEqual([]);
    await setBibs('p3', []);
    expect(await found('bib=789')).toEqual(['p3']);
    expect(await found('bib=321')).toEqual([]);
    await setBibs('p4', ['123']);
    expect(await found('bib=123')).toEqual(['p1', 'p4']);
    // Without the manual strategy, tags are ignored.
    await patchEvent({ event_photos_config: { bib_config: { strategies: ['ocr'] } } });
    expect(await found('bib=123')).toEqual(['p1']);
    await patchEvent({
      event_photos_config: {
        bib_config: { strategies: ['ocr', 'manual'], global_confidence_threshold: 0.4 },
      },
    });
    expect(await found('bib=123')).toEqual(['p1', 'p2', 'p4']);
    await patchEvent({ event_photos_config: { bib_config: { global_confidence_threshold: 0.8 } } });
  });

  it('pages search results with a cursor', async () => {
    const first = pageEnvelope.parse((await search('bib=123&limit=1')).json()).data;
    expect(first.total).toBe(2);
    expect(first.next_cursor).not.toBeNull();
    const second = pageEnvelope.parse(
      (await search(`bib=123&limit=1&cursor=${first.next_cursor}`)).json(),
    ).data;
    expect(second.photos).toHaveLength(1);
    expect(second.photos[0]!.uuid).not.toBe(first.photos[0]!.uuid);
    expect(second.next_cursor).toBeNull();
  });

  it('refuses hostile input with a clear 400', async () => {
    for (const bad of [
      'bib=12%2034',
      `bib=${'9'.repeat(40)}`,
      "bib=1'%3B%20DROP%20TABLE%20photos%3B--",
      'bib=%F0%9F%8F%83',
      'bib=',
      'name=%F0%9F%8F%83%F0%9F%8F%83',
      `name=${'a'.repeat(81)}`,
      'name=a',
      'bib=123&name=jose',
    ]) {
      const res = await search(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().status).toBe('error');
      expect(res.json().message.length).toBeGreaterThan(5);
    }
    expect((await search('bib=12%2034')).json().message).toMatch(/bib.*1 to 10 letters or digits/);
    // SQL-looking names are only words to look for.
    expect(await found('name=%27%20OR%201%3D1%20--')).toEqual([]);
  });

  it('answers 403 when bib search or name search is turned off', async () => {
    await patchEvent({
      event_photos_config: { feature_flag: { bib_search: false, name_search: false } },
    });
    const bib = await search('bib=123');
    expect(bib.statusCode).toBe(403);
    expect(bib.json().message).toBe('Bib search is turned off for this event.');
    const name = await search('name=jose');
    expect(name.statusCode).toBe(403);
    expect(name.json().message).toBe('Name search is turned off for this event.');
    await patchEvent({
      event_photos_config: { feature_flag: { bib_search: true, name_search: true } },
    });
  });
});

describe('race results', () => {
  it('imports a CSV through the route, reporting bad rows by line and keeping the good ones', async () => {
    const csv = [
      'Bib,Name,Gender,Category,Gun Time,Net Time,Place,Cat Place,10K',
      '123,José García,M,M40,0:45:10,0:45:02,1,1,0:22:00',
      '456,Zoë Müller,F,F35,0:47:00,0:46:58,2,1,0:23:10',
      ',No Bib,M,M40,0:50:00,0:49:00,3,2,',
      '456,Duplicate Runner,M,M40,0:51:00,0:50:00,4,3,',
      '789,Late Starter,M,M50,DNF,,,,',
    ].join('\n');
    const res = await importCsv(csv);
    expect(res.statusCode, res.body).toBe(200);
    const data = envelope(resultsImportAnswer).parse(res.json()).data;
    expect(data.imported).toBe(3);
    expect(data.errors.map((e) => e.line)).toEqual(expect.arrayContaining([4, 5]));
    expect(data.columns.bib).toBe('Bib');
    expect(data.columns.name).toBe('Name');

    const result = await t.app.inject({ url: `/api/v1/client/events/${eventId}/results/0123` });
    expect(result.statusCode).toBe(200);
    expect(envelope(raceResult).parse(result.json()).data).toEqual({
      bib: '123',
      name: 'José García',
      gender: 'M',
      category: 'M40',
      gun_time: '0:45:10',
      net_time: '0:45:02',
      status: null,
      overall_rank: 1,
      category_rank: 1,
      splits: { '10K': '0:22:00' },
    });
    const dnf = await t.app.inject({ url: `/api/v1/client/events/${eventId}/results/789` });
    expect(dnf.json().data.status).toBe('DNF');
    const none = await t.app.inject({ url: `/api/v1/client/events/${eventId}/results/999` });
    expect(none.statusCode).toBe(404);
    expect(none.json().status).toBe('error');
    const bad = await t.app.inject({ url: `/api/v1/client/events/${eventId}/results/12%2034` });
    expect(bad.statusCode).toBe(400);
  });

  it('finds photos by name, tolerant of case, accents and partial names', async () => {
    expect(await found('name=jose')).toEqual(['p1', 'p4']);
    expect(await found('name=GARCIA%20jos')).toEqual(['p1', 'p4']);
    expect(await found('name=zoe%20muller')).toEqual(['p2']);
    expect(await found('name=nobody')).toEqual([]);
  });

  it("the 'results' strategy keeps OCR readings of bibs in the results only", async () => {
    await patchEvent({ event_photos_config: { bib_config: { strategies: ['results'] } } });
    expect(await found('bib=456')).toEqual(['p2']);
    await importCsv('Bib,Name\n123,José García\n');
    expect(await found('bib=456')).toEqual([]);
    expect(await found('bib=123')).toEqual(['p1']);
    await patchEvent({ event_photos_config: { bib_config: { strategies: ['ocr', 'manual'] } } });
  });

  it('reads Windows-1252 files, column maps, and refuses files without the needed columns', async () => {
    const latin = Buffer.from('Dorsal;Nom\n456;Zoë Müller\n', 'latin1');
    const res = await importCsv(latin, '?map=bib:Dorsal,name:Nom');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.imported).toBe(1);
    expect(
      (await t.app.inject({ url: `/api/v1/client/events/${eventId}/results/456` })).json().data
        .name,
    ).toBe('Zoë Müller');
    const missing = await importCsv('Runner,Time\nA,0:40:00\n');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/no bib column found/);
    const badMap = await importCsv('a,b\n1,2\n', '?map=shoe:a');
    expect(badMap.statusCode).toBe(400);
    const empty = await importCsv('');
    expect(empty.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/events/${eventId}/results`,
      headers: bearer(token),
      payload: { bib: 1 },
    });
    expect(json.statusCode).toBe(415);
  });

  it('answers 403 when timing data is not shown', async () => {
    await patchEvent({ event_photos_config: { feature_flag: { show_timing_data: false } } });
    const res = await t.app.inject({ url: `/api/v1/client/events/${eventId}/results/456` });
    expect(res.statusCode).toBe(403);
    await patchEvent({ event_photos_config: { feature_flag: { show_timing_data: true } } });
  });
});

describe('certificate template', () => {
  const template = {
    page: { size: 'A4', orientation: 'landscape' },
    background_url: 'https://cdn.example.com/cert.png',
    fields: [
      {
        key: 'name',
        x: 421,
        y: 250,
        font_size: 36,
        colour: '#112233',
        align: 'center',
        font_weight: 'bold',
      },
      {
        key: 'net_time',
        x: 421,
        y: 320,
        font_size: 24,
        colour: '#112233',
        align: 'center',
        font_weight: 'regular',
      },
    ],
  };
  const url = () => `/api/v1/client/events/${eventId}/certificate-template`;

  it('round-trips, and is 404 when none is set or custom certificates are off', async () => {
    expect((await t.app.inject({ url: url() })).statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/events/${eventId}/certificate-template`,
      headers: bearer(token),
      payload: { ...template, background_url: 'javascript:alert(1)' },
    });
    expect(bad.statusCode).toBe(400);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/events/${eventId}/certificate-template`,
      headers: bearer(token),
      payload: template,
    });
    expect(put.statusCode, put.body).toBe(200);
    const got = await t.app.inject({ url: url() });
    expect(got.statusCode).toBe(200);
    expect(got.json().data).toEqual(template);
    await patchEvent({
      event_photos_config: { feature_flag: { enable_custom_certificate: false } },
    });
    expect((await t.app.inject({ url: url() })).statusCode).toBe(404);
  });
});

describe('deleting a photo with bibs', () => {
  it('is no longer found by its bib', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/photos/${photo.p2}`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect(await found('bib=456')).toEqual([]);
  });
});
