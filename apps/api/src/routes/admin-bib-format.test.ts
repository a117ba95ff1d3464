/**
 * An event's bib format (bib_config.format) through the admin API and into the reading of its
 * photos: validated when set, given to the reader, and what a bib search then finds.
 */
import { adminEvent, envelope } from '@eventsite/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bibsFromLines } from '../bibs/index.js';
import { ocrLine as line } from '../test-support/ocr-lines.js';
import type { BibReader } from '../services/engines.js';
import {
  adminToken,
  bearer,
  createEventAsAdmin,
  upload,
  waitForJobs,
} from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedOrganiser } from '../test-support/fixtures.js';
import { testImage } from '../test-support/images.js';

/** What the recogniser "sees" on every photo: a bib, part of another, one by an arm, the year. */
const LINES = [
  line('3125', 0),
  line('587', 400),
  line('2676', 800, { left: true, right: false }),
  line('2026', 1200),
];
/** The real bib rules over those lines, with the options the `bibs` job passes. */
const reader: BibReader = {
  readBibs: async (_image, options) => bibsFromLines(LINES, { ...options, minConfidence: 0.5 }),
};

let t: TestApp;
let token: string;
let formatted: number;
let plain: number;
const FORMAT = { range: { from: 1000, to: 4999 }, letters: 'none', ignore: ['2026', '10 K'] };

const patch = (id: number, bib_config: Record<string, unknown>) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/v1/admin/events/${id}`,
    headers: bearer(token),
    payload: { event_photos_config: { bib_config } },
  });
const found = async (id: number, bib: string) =>
  (
    await t.app.inject({
      url: `/api/v1/client/events/${id}/photos?bib=${bib}&app_domain=city.example`,
    })
  ).json().data.total as number;

beforeAll(async () => {
  t = await createTestApp({ OCR_ENABLED: 'true' }, { bibReader: reader });
  await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
  token = await adminToken(t.services, 'city.example');
  const event = (name: string) =>
    createEventAsAdmin(t.app, token, { name, event_date: '2025-06-01', published: true });
  formatted = await event('Numbered 10K');
  plain = await event('Anything Goes 5K');
});
afterAll(() => t.close());

describe('bib_config.format', () => {
  it('is refused with the reason when it cannot be a format, and nothing changes', async () => {
    const backwards = await patch(formatted, {
      format: { ...FORMAT, range: { from: 5000, to: 1000 } },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toMatch(/from must not be above to/);
    const tooMany = await patch(formatted, {
      format: { ...FORMAT, ignore: Array.from({ length: 51 }, (_, i) => `W${i}`) },
    });
    expect(tooMany.statusCode).toBe(400);
    const letters = await patch(formatted, { format: { ...FORMAT, letters: 'greek' } });
    expect(letters.statusCode).toBe(400);
    const blank = await patch(formatted, { format: { ...FORMAT, ignore: ['  '] } });
    expect(blank.statusCode).toBe(400);
    const event = envelope(adminEvent).parse(
      (
        await t.app.inject({ url: `/api/v1/admin/events/${formatted}`, headers: bearer(token) })
      ).json(),
    ).data;
    expect(event.event_photos_config.bib_config.format).toBeNull();
  });

  it("guides the reading of the event's photos: what a bib search finds with it and without", async () => {
    const set = await patch(formatted, { format: FORMAT });
    expect(set.statusCode, set.body).toBe(200);
    expect(
      envelope(adminEvent).parse(set.json()).data.event_photos_config.bib_config.format,
    ).toEqual(FORMAT);

    for (const id of [formatted, plain]) {
      await upload(t.app, token, id, [
        { filename: 'finish.jpg', bytes: await testImage({ colour: '#345' }) },
      ]);
      expect(await waitForJobs(t.services, id)).toMatchObject({ failed: 0 });
    }
    // Without a format: the part "587" is taken for a bib, the year too, and the bib an arm
    // touches is lowered under the threshold.
    expect(await found(plain, '3125')).toBe(1);
    expect(await found(plain, '587')).toBe(1);
    expect(await found(plain, '2026')).toBe(1);
    expect(await found(plain, '2676')).toBe(0);
    // With bibs 1000–4999 and the year to ignore: only the event's bibs, all of them.
    expect(await found(formatted, '3125')).toBe(1);
    expect(await found(formatted, '587')).toBe(0);
    expect(await found(formatted, '2026')).toBe(0);
    expect(await found(formatted, '2676')).toBe(1);
  });

  it("reads the event's photos again when its format changes, and again when it goes", async () => {
    expect(await found(plain, '587')).toBe(1);
    const set = await patch(plain, { format: FORMAT });
    expect(set.statusCode, set.body).toBe(200);
    expect(await waitForJobs(t.services, plain)).toMatchObject({
      queued: 0,
      running: 0,
      failed: 0,
    });
    expect(await found(plain, '587')).toBe(0);
    expect(await found(plain, '2676')).toBe(1);
    // The same format again reads nothing again; another threshold neither.
    const before = (await t.services.jobs.queue.counts(plain)).done;
    await patch(plain, { format: FORMAT, global_confidence_threshold: 0.8 });
    expect((await t.services.jobs.queue.counts(plain)).done).toBe(before);
    expect((await patch(plain, { format: null })).statusCode).toBe(200);
    expect(await waitForJobs(t.services, plain)).toMatchObject({
      queued: 0,
      running: 0,
      failed: 0,
    });
    expect(await found(plain, '587')).toBe(1);
    expect(await found(plain, '2676')).toBe(0);
  });

  it('is taken away with null', async () => {
    const cleared = await patch(formatted, { format: null });
    expect(cleared.statusCode).toBe(200);
    expect(
      envelope(adminEvent).parse(cleared.json()).data.event_photos_config.bib_config.format,
    ).toBeNull();
  });
});
