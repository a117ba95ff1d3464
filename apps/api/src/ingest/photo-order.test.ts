/**
 * Photos without a capture time keep the order they were accepted in, whichever worker ingests
 * them first: their place in the gallery is the time the upload was accepted, carried by the
 * `ingest` job, not the time the job ran.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { waitForJobs } from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedEvent, seedOrganiser } from '../test-support/fixtures.js';
import { testImage } from '../test-support/images.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedOrganiser(t.services, { name: 'Order Runs', domains: ['localhost'] });
});
afterAll(() => t.close());

/** Queues the ingest of a photo with no capture time, accepted at `acceptedAt`; its id. */
async function ingest(eventId: number, hue: number, acceptedAt?: string): Promise<string> {
  const uuid = randomUUID();
  const incomingKey = `${eventId}/${uuid}`;
  await t.blobs.incoming.put(incomingKey, await testImage({ colour: `hsl(${hue}, 50%, 50%)` }));
  await t.services.jobs.enqueue([
    {
      kind: 'ingest',
      payload: {
        eventId,
        uuid,
        incomingKey,
        filename: `${hue}.jpg`,
        ...(acceptedAt ? { acceptedAt } : {}),
      },
      idempotencyKey: `ingest:${uuid}`,
      eventId,
    },
  ]);
  expect(await waitForJobs(t.services, eventId)).toMatchObject({ failed: 0 });
  return uuid;
}

it('sorts photos without a capture time by when they were accepted, not when they were ingested', async () => {
  const e = await seedEvent(t.services, 'localhost', {
    name: 'Upload Order 5K',
    event_date: '2025-05-01',
    published: true,
  });
  // Accepted second, ingested first; then accepted first, ingested second.
  const second = await ingest(e.id, 10, '2025-05-01T10:00:02.000Z');
  const first = await ingest(e.id, 200, '2025-05-01T10:00:01.000Z');
  // A job queued before the time was carried (or with a broken one) sorts by when it ran.
  const old = await ingest(e.id, 300);
  const broken = await ingest(e.id, 100, 'not a time');
  const page = await t.services.photos.page(e.id, undefined, 10);
  expect(page.photos.map((p) => p.uuid)).toEqual([first, second, old, broken]);
});
