/**
 * "Still indexing (N left)": a bib search on an event whose photos are still being read says how
 * many it cannot find yet, instead of a bare "nothing found"; once they are read it says nothing.
 */
import { envelope, photoPage } from '@eventsite/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bibsFromLines } from '../bibs/index.js';
import type { BibReader } from '../services/engines.js';
import {
  adminToken,
  createEventAsAdmin,
  importResultsCsv,
  upload,
  waitForJobs,
} from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedOrganiser } from '../test-support/fixtures.js';
import { testImage } from '../test-support/images.js';
import { ocrLine as line } from '../test-support/ocr-lines.js';

/** Every photo shows bib 3125; the reader holds each reading until the test lets it go. */
let letGo!: () => void;
const held = new Promise<void>((resolve) => (letGo = resolve));
const reader: BibReader = {
  readBibs: async (_image, options) => {
    await held;
    return bibsFromLines([line('3125', 0)], { ...options, minConfidence: 0.5 });
  },
};

let t: TestApp;
let eventId: number;
const PHOTOS = 3;

const search = async (query: string) => {
  const res = await t.app.inject({
    url: `/api/v1/client/events/${eventId}/photos?${query}&app_domain=city.example`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return envelope(photoPage).parse(res.json()).data;
};

beforeAll(async () => {
  t = await createTestApp({ OCR_ENABLED: 'true' }, { bibReader: reader });
  await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
  const token = await adminToken(t.services, 'city.example');
  eventId = await createEventAsAdmin(t.app, token, {
    name: 'Harbour 10K',
    event_date: '2026-06-01',
    published: true,
    event_photos_config: { feature_flag: { name_search: true } },
  });
  await importResultsCsv(t.app, token, eventId, 'Bib,Name,Time\n3125,Maria Lopez,0:40:00\n');
  const files = await Promise.all(
    ['#3366cc', '#cc6633', '#33cc66'].map(async (colour, i) => ({
      filename: `DSC_${i}.jpg`,
      contentType: 'image/jpeg',
      bytes: await testImage({ width: 320, height: 240, colour }),
    })),
  );
  const res = await upload(t.app, token, eventId, files);
  expect(res.statusCode).toBeLessThan(300);
});
afterAll(async () => {
  letGo();
  await t.close();
});

describe('a search while photos are still being read', () => {
  it('says how many photos it cannot find yet, beside an answer that found none', async () => {
    const page = await search('bib=3125');
    expect(page.total).toBe(0);
    expect(page.still_reading).toBe(PHOTOS);
    // A name search too (its runner's bib is read on the same photos); the gallery's listing not.
    expect((await search('name=maria')).still_reading).toBe(PHOTOS);
    expect((await search('limit=10')).still_reading).toBeUndefined();
  });

  it('says nothing of it once every photo is read, and the photos are found', async () => {
    letGo();
    await waitForJobs(t.services, eventId);
    let page = await search('bib=3125');
    // The count is kept for a moment (STILL_READING_TTL_MS): asked again until it is gone.
    for (const until = Date.now() + 15_000; page.still_reading !== undefined && Date.now() < until;)
      page = await search('bib=3125');
    expect(page.still_reading).toBeUndefined();
    expect(page.total).toBe(PHOTOS);
  });
});
