import { createHash } from 'node:crypto';
import { envelope, photoPage } from '@eventsite/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BibReader, BibReading } from '../services/bibs.js';
import {
  adminToken,
  bearer,
  createEventAsAdmin,
  importResultsCsv,
  upload,
  waitForJobs,
} from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedOrganiser } from '../test-support/fixtures.js';
import { testImage } from '../test-support/images.js';

/** Bibs printed with a letter prefix or suffix: found as printed and by their number alone. */
const readings = new Map<string, BibReading[]>();
const stubReader: BibReader = {
  async readBibs(image) {
    return readings.get(createHash('sha256').update(image).digest('hex')) ?? [];
  },
};
const box = { x: 10, y: 20, width: 30, height: 15 };
const pageEnvelope = envelope(photoPage);

let t: TestApp;
let token: string;
let eventId: number;
const photo: Record<string, string> = {};

async function search(query: string) {
  return t.app.inject({ url: `/api/v1/client/events/${eventId}/photos?${query}` });
}
async function found(query: string): Promise<string[]> {
  const res = await search(query);
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return pageEnvelope
    .parse(res.json())
    .data.photos.map(
      (p) => Object.entries(photo).find(([, uuid]) => uuid === p.uuid)?.[0] ?? p.uuid,
    )
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

beforeAll(async () => {
  t = await createTestApp({ OCR_ENABLED: 'true' }, { bibReader: stubReader });
  await seedOrganiser(t.services, { name: 'Relay Club', domains: ['relay.example'] });
  token = await adminToken(t.services, 'relay.example');
  eventId = await createEventAsAdmin(t.app, token, {
    name: 'Relay',
    event_date: '2025-06-01',
    published: true,
  });
  const plan: Record<string, BibReading[]> = {
    prefixed: [{ bib: 'F123', confidence: 0.95, box }],
    suffixed: [{ bib: '1234B', confidence: 0.9, box }],
    plain: [{ bib: '123', confidence: 0.92, box }],
    weak: [{ bib: 'M56', confidence: 0.5, box }],
  };
  const files = [];
  for (const [i, name] of Object.keys(plan).entries()) {
    const bytes = await testImage({ colour: `hsl(${i * 70 + 20}, 55%, 45%)` });
    readings.set(createHash('sha256').update(bytes).digest('hex'), plan[name]!);
    files.push({ filename: `${name}.jpg`, bytes });
  }
  const res = await upload(t.app, token, eventId, files);
  for (const a of res.json().data.accepted as Array<{ filename: string; uuid: string }>)
    photo[a.filename.replace('.jpg', '')] = a.uuid;
  await waitForJobs(t.services, eventId);
});
afterAll(() => t.close());

describe('lettered bibs', () => {
  it('are stored as read, with their number beside them marked derived', async () => {
    const rows = await t.services.bibs['bibs'].ofPhoto(photo.prefixed!);
    expect(rows.map((r) => [r.bib, r.derived, r.confidence, r.source, r.boxX])).toEqual([
      ['F123', false, 0.95, 'ocr', 10],
      ['123', true, 0.95, 'ocr', 10],
    ]);
  });

  it('are found as printed, with or without the separator, in any case', async () => {
    for (const q of ['F123', 'F-123', 'f%20123', 'f123', 'F0123'])
      expect(await found(`bib=${q}`), q).toEqual(['prefixed']);
    expect(await found('bib=1234B')).toEqual(['suffixed']);
    expect(await found('bib=1234b')).toEqual(['suffixed']);
  });

  it('are found by their number alone, beside the plain bib of that number', async () => {
    expect(await found('bib=123')).toEqual(['plain', 'prefixed']);
    expect(await found('bib=1234')).toEqual(['suffixed']);
    // A lettered search is that bib only: another prefix or the plain number is someone else.
    expect(await found('bib=A123')).toEqual([]);
    // Below the threshold, neither form finds the photo.
    expect(await found('bib=M56')).toEqual([]);
    expect(await found('bib=56')).toEqual([]);
  });

  it('keep manual tags working: a tag F-77 is F77 and is found by 77', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/photos/${photo.weak}/bibs`,
      headers: bearer(token),
      payload: { bibs: ['F-77'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.bibs).toEqual(['F77']);
    expect(await found('bib=F77')).toEqual(['weak']);
    expect(await found('bib=77')).toEqual(['weak']);
    expect(await found('bib=M56')).toEqual([]);
  });

  it("with the 'results' strategy, a number finds the registered lettered bibs it is the number of", async () => {
    const imported = await importResultsCsv(
      t.app,
      token,
      eventId,
      'Bib,Name\nF123,Ada Lovelace\n1234B,Grace Hopper\n',
    );
    expect(imported.statusCode, imported.body).toBe(200);
    await patchEvent({ event_photos_config: { bib_config: { strategies: ['results'] } } });
    // 123 itself is not registered: its plain reading is not returned, F123's is.
    expect(await found('bib=123')).toEqual(['prefixed']);
    expect(await found('bib=F-123')).toEqual(['prefixed']);
    expect(await found('bib=1234')).toEqual(['suffixed']);
    await patchEvent({ event_photos_config: { bib_config: { strategies: ['ocr', 'manual'] } } });
  });

  it('refuses what is no bib: several separators, words, times', async () => {
    for (const bad of ['F--123', 'ABC%20123', '07%3A45', 'F%2012%2034'])
      expect((await search(`bib=${bad}`)).statusCode, bad).toBe(400);
  });
});
