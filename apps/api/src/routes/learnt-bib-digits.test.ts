/**
 * An event without a bib format learns how many digits its bibs have from its own clear
 * readings: once 19 in 20 of at least 20 have four digits, a four-digit bib that an arm touches
 * is found by a bib search, where before it was taken for a part of a longer number, and a
 * number of another length is not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OcrTextLine } from '../bibs/index.js';
import { linesReader, ocrLine as line } from '../test-support/ocr-lines.js';
import { adminToken, createEventAsAdmin, upload, waitForJobs } from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedOrganiser } from '../test-support/fixtures.js';
import { testImage } from '../test-support/images.js';

/** What the recogniser "sees" on each uploaded photo, through the real bib rules. */
const { reader, see } = linesReader();

let t: TestApp;
let token: string;
let colour = 0;

/** Uploads one photo on which the recogniser sees these lines, and waits for its jobs. */
async function photoWith(eventId: number, lines: OcrTextLine[]): Promise<void> {
  const bytes = await testImage({ colour: `#${(0x102030 + colour++ * 0x010305).toString(16)}` });
  see(bytes, lines);
  const res = await upload(t.app, token, eventId, [{ filename: `p${colour}.jpg`, bytes }]);
  expect(res.statusCode, res.body).toBe(202);
  expect(await waitForJobs(t.services, eventId)).toMatchObject({ failed: 0 });
}
const found = async (id: number, bib: string) =>
  (
    await t.app.inject({
      url: `/api/v1/client/events/${id}/photos?bib=${bib}&app_domain=runs.example`,
    })
  ).json().data.total as number;
const byArm = (text: string) => line(text, 800, { left: true, right: false });

beforeAll(async () => {
  t = await createTestApp({ OCR_ENABLED: 'true' }, { bibReader: reader });
  await seedOrganiser(t.services, { name: 'Runs', domains: ['runs.example'] });
  token = await adminToken(t.services, 'runs.example');
});
afterAll(() => t.close());

describe("an event's usual digit count", () => {
  it('is learnt from its clear readings, and then a whole bib an arm touches is found', async () => {
    const id = await createEventAsAdmin(t.app, token, {
      name: 'Four Digits 10K',
      event_date: '2025-06-01',
      published: true,
    });
    await photoWith(id, [line('4101', 0), byArm('2676'), line('21', 400)]);
    expect(await found(id, '4101')).toBe(1);
    expect(await found(id, '21')).toBe(1);
    // Nothing learnt yet: the bib by the arm may be part of a longer number.
    expect(await found(id, '2676')).toBe(0);
    // 7 photos of 3 clear four-digit bibs: 22 of 23 clear readings have four digits.
    for (let i = 0; i < 7; i++)
      await photoWith(id, [
        line(`${3000 + i}`, 0),
        line(`${3100 + i}`, 300),
        line(`${3200 + i}`, 600),
      ]);
    await photoWith(id, [line('4102', 0), byArm('2677'), line('22', 400)]);
    expect(await found(id, '2677')).toBe(1);
    // A clear number of another length (a corral, "21K") is no longer taken for a bib.
    expect(await found(id, '22')).toBe(0);
    // Three digits by an arm are still maybe part of a bib; the photo read before stays as read.
    await photoWith(id, [byArm('267')]);
    expect(await found(id, '267')).toBe(0);
    expect(await found(id, '2676')).toBe(0);
  });

  it('is not learnt where the bibs have mixed lengths', async () => {
    const mixed = await createEventAsAdmin(t.app, token, {
      name: 'Bibs 1-2500',
      event_date: '2025-06-01',
      published: true,
    });
    for (let i = 0; i < 8; i++)
      await photoWith(mixed, [
        line(`${1000 + i}`, 0),
        line(`${200 + i}`, 300),
        line(`${1300 + i}`, 600),
      ]);
    await photoWith(mixed, [byArm('2345')]);
    expect(await found(mixed, '2345')).toBe(0);
  });
  it('learns the lengths of mixed bibs: then a number of another length is not a bib', async () => {
    const mixed = await createEventAsAdmin(t.app, token, {
      name: 'Bibs 100-2500',
      event_date: '2025-06-01',
      published: true,
    });
    // A race clock before anything is learnt reads like a bib.
    await photoWith(mixed, [line('1000', 0), line('20517', 500)]);
    expect(await found(mixed, '20517')).toBe(1);
    // 22 confident readings once learnt: the clock's one of them is rare.
    for (let i = 0; i < 5; i++)
      await photoWith(mixed, [
        line(`${1001 + i}`, 0),
        line(`${200 + i}`, 300),
        line(`${1300 + i}`, 600),
        line(`${410 + i}`, 900),
      ]);
    // Three and four digits are each a good share of the event's readings: both are bibs.
    await photoWith(mixed, [
      line('2210', 0),
      line('318', 300),
      line('21406', 600),
      line('47', 900),
    ]);
    expect(await found(mixed, '2210')).toBe(1);
    expect(await found(mixed, '318')).toBe(1);
    // The clock's five digits and a two-digit part of a bib are not.
    expect(await found(mixed, '21406')).toBe(0);
    expect(await found(mixed, '47')).toBe(0);
  });
});
