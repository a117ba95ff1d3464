/**
 * The console's Photos screen counts photos, not jobs (`GET /admin/events/{id}/jobs`, `photos`),
 * and names each photo by the file it was uploaded as (`GET /admin/events/{id}/photos`,
 * `file_name`).
 */
import { adminPhotoPage, envelope, jobsStatus } from '@eventsite/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PermanentJobError } from '../adapters/jobs/types.js';
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

let t: TestApp;
let token: string;
let eventId: number;
let red: Buffer;
let green: Buffer;
let blue: Buffer;
let grey: Buffer;
/** The grey photo's reading waits for this: meanwhile it is "still being read". */
let releaseGrey: () => void = () => {};
const greyRead = new Promise<void>((resolve) => {
  releaseGrey = resolve;
});

/** The reader: nothing on most photos, one it cannot read at all, one that takes its time. */
const reader: BibReader = {
  readBibs: async (image) => {
    if (image.equals(blue)) throw new PermanentJobError('the reader cannot open this photo');
    if (image.equals(grey)) await greyRead;
    return [];
  },
};

const get = (url: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/admin${url}`, headers: bearer(token) });
const progress = async () =>
  envelope(jobsStatus).parse((await get(`/events/${eventId}/jobs`)).json()).data;

beforeAll(async () => {
  t = await createTestApp({ OCR_ENABLED: 'true' }, { bibReader: reader });
  await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
  token = await adminToken(t.services, 'city.example');
  eventId = await createEventAsAdmin(t.app, token, {
    name: 'Harbour 10K',
    event_date: '2025-04-06',
    published: true,
  });
  const images = await Promise.all(
    ['#a03030', '#30a030', '#3030a0', '#808080'].map((colour) => testImage({ colour })),
  );
  [red, green, blue, grey] = images as [Buffer, Buffer, Buffer, Buffer];
}, 120_000);
afterAll(() => t.close());

describe('the Photos screen’s counts and names', () => {
  it('counts photos ready, being read and failed, not the jobs behind them', async () => {
    const good = await upload(t.app, token, eventId, [
      { filename: 'IMG_0001.jpg', bytes: red! },
      { filename: 'Finish line 0002.jpg', bytes: green! },
      { filename: 'IMG_0003.jpg', bytes: blue! },
    ]);
    expect(good.statusCode).toBe(202);
    await waitForJobs(t.services, eventId);

    const settled = await progress();
    // Six jobs (an ingest and a bib reading each) for three photos.
    expect(settled.counts.done + settled.counts.failed).toBe(6);
    expect(settled.photos).toEqual({
      arriving: 0,
      total: 3,
      ready: 2,
      reading: 0,
      failed: 1,
      with_bibs: 0,
      with_faces: 0,
    });
    // The failure names the photo by its file.
    expect(settled.failures.map((f) => [f.kind, f.subject, f.last_error])).toEqual([
      ['bibs', 'IMG_0003.jpg', 'the reader cannot open this photo'],
    ]);

    // A photo whose bibs are still being read is neither ready nor failed.
    const slow = await upload(t.app, token, eventId, [{ filename: 'IMG_0004.jpg', bytes: grey! }]);
    expect(slow.statusCode).toBe(202);
    let reading = await progress();
    for (let i = 0; i < 400 && reading.photos.reading === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      reading = await progress();
    }
    expect(reading.photos).toMatchObject({ total: 4, ready: 2, reading: 1, failed: 1 });
    releaseGrey();
    await waitForJobs(t.services, eventId);
    expect((await progress()).photos).toMatchObject({ total: 4, ready: 3, reading: 0 });
  });

  it('counts a photo with a bib tagged by hand as one with bibs', async () => {
    const page = envelope(adminPhotoPage).parse((await get(`/events/${eventId}/photos`)).json());
    const first = page.data.photos.find((p) => p.file_name === 'IMG_0001.jpg')!;
    const tagged = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/photos/${first.uuid}/bibs`,
      headers: bearer(token),
      payload: { bibs: ['123', '456'] },
    });
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect((await progress()).photos.with_bibs).toBe(1);
  });

  it('lists each photo by the name it was uploaded as', async () => {
    const page = envelope(adminPhotoPage).parse((await get(`/events/${eventId}/photos`)).json());
    expect(page.data.photos.map((p) => p.file_name).sort()).toEqual([
      'Finish line 0002.jpg',
      'IMG_0001.jpg',
      'IMG_0003.jpg',
      'IMG_0004.jpg',
    ]);
  });
});
