/**
 * A runner is on many photos of an event. A bib that an arm or another runner touches on one
 * photo (read whole, yet lowered as maybe cut off) is found by a bib search once another photo
 * shows the same bib clearly, whichever of the two was uploaded first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OcrTextLine } from '../bibs/index.js';
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
import { linesReader, ocrLine as line } from '../test-support/ocr-lines.js';

/** What the recogniser "sees" on each uploaded photo, through the real bib rules. */
const { reader, see } = linesReader();

let t: TestApp;
let token: string;
let colour = 0;

/** Uploads one photo on which the recogniser sees these lines, waits for its jobs; its id. */
async function photoWith(eventId: number, lines: OcrTextLine[]): Promise<string> {
  const bytes = await testImage({ colour: `#${(0x203040 + colour++ * 0x010503).toString(16)}` });
  see(bytes, lines);
  const res = await upload(t.app, token, eventId, [{ filename: `c${colour}.jpg`, bytes }]);
  expect(res.statusCode, res.body).toBe(202);
  expect(await waitForJobs(t.services, eventId)).toMatchObject({ failed: 0 });
  return res.json().data.accepted[0].uuid as string;
}
const tag = async (uuid: string, bibs: string[]) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/admin/photos/${uuid}/bibs`,
    headers: bearer(token),
    payload: { bibs },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const found = async (id: number, bib: string) =>
  (
    await t.app.inject({
      url: `/api/v1/client/events/${id}/photos?bib=${encodeURIComponent(bib)}&app_domain=crowd.example`,
    })
  ).json().data.total as number;
const byArmOnTheRight = (text: string) => line(text, 800, { left: true, right: false });
const byArmOnTheLeft = (text: string) => line(text, 800, { left: false, right: true });
const newEvent = (name: string) =>
  createEventAsAdmin(t.app, token, { name, event_date: '2025-09-14', published: true });

beforeAll(async () => {
  t = await createTestApp({ OCR_ENABLED: 'true' }, { bibReader: reader });
  await seedOrganiser(t.services, { name: 'Crowd', domains: ['crowd.example'] });
  token = await adminToken(t.services, 'crowd.example');
});
afterAll(() => t.close());

describe('bibs confirmed by the event', () => {
  it('finds a bib an arm touches once another photo shows it clearly, uploaded after or before', async () => {
    const id = await newEvent('Harbour 10K');
    await photoWith(id, [byArmOnTheRight('4872')]);
    expect(await found(id, '4872')).toBe(0);
    await photoWith(id, [line('4872', 0), line('1190', 300)]);
    // The earlier photo is weighed again: both are found now.
    expect(await found(id, '4872')).toBe(2);
    // A clear photo first, then the touched one: found as it is stored.
    await photoWith(id, [byArmOnTheLeft('1190')]);
    expect(await found(id, '1190')).toBe(2);
  });

  it('does not confirm a reading that a clear bib of another runner continues on its cut side', async () => {
    const id = await newEvent('Dense Numbers Run');
    await photoWith(id, [line('931', 0)]);
    await photoWith(id, [byArmOnTheRight('931')]);
    // 931 is a runner (read clearly elsewhere), and nothing says this is part of a longer one.
    expect(await found(id, '931')).toBe(2);
    // Runner 9310 appears: the touched "931" may be its start, and is lowered again; the clear
    // one is still runner 931.
    await photoWith(id, [line('9310', 0)]);
    expect(await found(id, '931')).toBe(1);
    // 931 read clearly on a second photo: both clear photos; the touched one still may be the
    // start of 9310.
    await photoWith(id, [line('931', 0)]);
    expect(await found(id, '931')).toBe(2);
    // Touched on the left instead: 9310 does not end with 931, so nothing else it can be part of.
    await photoWith(id, [byArmOnTheLeft('931')]);
    expect(await found(id, '931')).toBe(3);
  });

  it('keeps a runner whose bib is the start or end of another runner’s: bibs run to several lengths', async () => {
    const id = await newEvent('Lettered Relay');
    await photoWith(id, [line('72A', 0)]);
    expect(await found(id, '72A')).toBe(1);
    // 4872A is read clearly on another photo; 72A, read whole, is still a runner of its own.
    await photoWith(id, [line('4872A', 0)]);
    expect(await found(id, '72A')).toBe(1);
    // The lettered bib is found by its number too.
    expect(await found(id, '4872')).toBe(1);
    await photoWith(id, [line('872', 0)]);
    expect(await found(id, '872')).toBe(1);
  });

  it("takes an operator's tag as a clear sighting: tagging confirms, untagging takes it back", async () => {
    const id = await newEvent('Tagged Trail Run');
    await photoWith(id, [byArmOnTheRight('5566')]);
    const blurred = await photoWith(id, []);
    expect(await found(id, '5566')).toBe(0);
    await tag(blurred, ['5566']);
    expect(await found(id, '5566')).toBe(2);
    await tag(blurred, []);
    expect(await found(id, '5566')).toBe(0);
  });

  it("stops counting a photo's readings once an operator tagged it: its wrong reading confirms nothing", async () => {
    const id = await newEvent('Reviewed Road Race');
    const misread = await photoWith(id, [line('7788', 0)]);
    await photoWith(id, [byArmOnTheRight('7788')]);
    expect(await found(id, '7788')).toBe(2);
    // The operator says the first photo shows 7789: it read 7788 wrongly, so nothing confirms
    // the touched reading any more.
    await tag(misread, ['7789']);
    expect(await found(id, '7789')).toBe(1);
    expect(await found(id, '7788')).toBe(0);
  });

  it('stops leaning on a deleted photo: what only it confirmed is lowered again', async () => {
    const id = await newEvent('Deleted Shot Dash');
    await photoWith(id, [byArmOnTheRight('6071')]);
    const clear = await photoWith(id, [line('6071', 0)]);
    expect(await found(id, '6071')).toBe(2);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/photos/${clear}`,
      headers: bearer(token),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    // The touched reading has nothing to confirm it now.
    expect(await found(id, '6071')).toBe(0);
  });
});
