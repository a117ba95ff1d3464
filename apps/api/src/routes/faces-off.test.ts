import { adminEvent, envelope } from '@eventsite/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaceRepository } from '../repositories/faces.js';
import { adminToken, bearer, upload, waitForJobs } from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedOrganiser } from '../test-support/fixtures.js';
import { testImage } from '../test-support/images.js';

/** No biometrics at all: with FACES_ENABLED=false no face is detected, kept or searched. */
let t: TestApp;
let token: string;
let eventId: number;
const unit = Array.from({ length: 1024 }, (_, k) => (k === 0 ? 1 : 0));

beforeAll(async () => {
  t = await createTestApp({ FACES_ENABLED: 'false', OCR_ENABLED: 'false' });
  await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
  token = await adminToken(t.services, 'city.example');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/events',
    headers: bearer(token),
    payload: {
      name: 'No Faces Here',
      event_date: '2025-06-01',
      published: true,
      event_photos_config: { feature_flag: { selfie_search: true } },
    },
  });
  const event = envelope(adminEvent).parse(created.json()).data;
  eventId = event.id;
  // The organiser is told, beside the setting they chose.
  expect(event.event_photos_config.feature_flag.selfie_search).toBe(true);
  expect(event.selfie_search_available).toBe(false);
  const bytes = await testImage({ colour: 'hsl(20, 60%, 50%)' });
  expect((await upload(t.app, token, eventId, [{ filename: 'a.jpg', bytes }])).statusCode).toBe(
    202,
  );
  await waitForJobs(t.services, eventId);
});
afterAll(() => t.close());

describe('face recognition turned off on the platform', () => {
  it('keeps no face and offers no selfie search, whatever the event says', async () => {
    expect(t.services.faces.enabled).toBe(false);
    expect(await new FaceRepository(t.database.db).countForEvent(eventId)).toBe(0);
    const config = await t.app.inject({ url: `/api/v1/client/events/${eventId}/config` });
    expect(config.json().data.event_photos_config.feature_flag.selfie_search).toBe(false);
    for (const res of [
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/client/events/${eventId}/photos/selfie-search`,
        payload: { embedding: unit },
      }),
      await t.app.inject({ url: `/api/v1/client/events/${eventId}/photos/more-of-bib?bib=12` }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        'Selfie search is not offered here: face recognition is turned off on this platform. Search by bib number or name instead.',
      );
    }
    // The rest works: the photo is listed.
    const photos = await t.app.inject({ url: `/api/v1/client/events/${eventId}/photos?limit=5` });
    expect(photos.json().data.photos).toHaveLength(1);
  });
});
