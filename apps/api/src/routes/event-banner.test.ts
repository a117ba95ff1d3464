import { adminEvent, envelope } from '@eventsite/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer, createEventAsAdmin } from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedOrganiser } from '../test-support/fixtures.js';

let t: TestApp;
let token: string;
let otherToken: string;
let eventId: number;

const png = (width: number, height: number, colour = '#0B5394') =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

const upload = (body: Buffer | string, type = 'image/png', id = eventId, bearerToken = token) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/events/${id}/banner`,
    headers: { ...bearer(bearerToken), 'content-type': type },
    payload: body,
  });

/** The banner the public event config names, as a path of this API. */
async function servedBanner(): Promise<{ enabled: boolean; path: string }> {
  const res = await t.app.inject({ url: `/api/v1/client/events/${eventId}/config` });
  expect(res.statusCode).toBe(200);
  const banner = res.json().data.event_photos_config.banner_config as {
    enabled: boolean;
    image_url: string;
  };
  return {
    enabled: banner.enabled,
    path: banner.image_url ? new URL(banner.image_url).pathname : '',
  };
}

beforeAll(async () => {
  t = await createTestApp({ OCR_ENABLED: 'false' });
  await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
  await seedOrganiser(t.services, { name: 'Trail Co', domains: ['trail.example'] });
  token = await adminToken(t.services, 'city.example');
  otherToken = await adminToken(t.services, 'trail.example');
  eventId = await createEventAsAdmin(t.app, token, {
    name: 'Harbour Ten K',
    event_date: '2025-04-06',
    published: true,
  });
});
afterAll(() => t.close());

describe('an event’s banner, uploaded', () => {
  it('is stored as WebP fitted into 2400x1200, served to everyone, and turned on', async () => {
    const res = await upload(await png(3000, 1000));
    expect(res.statusCode, res.body).toBe(200);
    const saved = envelope(adminEvent).parse(res.json()).data;
    expect(saved.event_photos_config.banner_config.enabled).toBe(true);
    const banner = await servedBanner();
    expect(banner.enabled).toBe(true);
    expect(banner.path).toMatch(new RegExp(`^/assets/banners/${eventId}/[a-f0-9]{16}\\.webp$`));
    const file = await t.app.inject({ url: banner.path });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toMatch(/immutable/);
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 2400, 800]);
  });

  it('replaces the last one (whose file goes) and is removed on request', async () => {
    const before = (await servedBanner()).path;
    expect((await upload(await png(1200, 400, '#1B5E20'), 'image/png')).statusCode).toBe(200);
    const after = (await servedBanner()).path;
    expect(after).not.toBe(before);
    expect((await t.app.inject({ url: before })).statusCode).toBe(404);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/events/${eventId}/banner`,
      headers: bearer(token),
    });
    expect(removed.statusCode).toBe(200);
    expect(await servedBanner()).toEqual({ enabled: false, path: '' });
    expect((await t.app.inject({ url: after })).statusCode).toBe(404);
  });

  it('refuses what is not a picture, with a clear reason, and changes nothing', async () => {
    expect((await upload(await png(800, 300))).statusCode).toBe(200);
    const kept = await servedBanner();
    const cases: Array<[Buffer | string, string, number, RegExp]> = [
      [
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        'image/svg+xml',
        415,
        /SVG banners are not accepted/,
      ],
      ['just some text', 'image/png', 415, /not a PNG, JPEG or WebP image/],
      [Buffer.alloc(0), 'image/png', 400, /The file is empty/],
      [(await png(800, 300)).subarray(0, 200), 'image/png', 400, /cannot be read/],
      [Buffer.alloc(9 * 1024 * 1024, 1), 'image/png', 413, /./],
      ['{}', 'application/json', 415, /./],
    ];
    for (const [body, type, status, message] of cases) {
      const res = await upload(body, type);
      expect(res.statusCode, `${type} ${String(body).slice(0, 20)}`).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    expect(await servedBanner()).toEqual(kept);
  });

  it('is the organiser’s own: another organiser’s event is 404, an unknown file 404, a bad name 400', async () => {
    expect((await upload(await png(800, 300), 'image/png', eventId, otherToken)).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ url: `/assets/banners/${eventId}/0123456789abcdef.webp` })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: `/assets/banners/${eventId}/..%2Fsecret.webp` })).statusCode,
    ).toBe(400);
  });

  it('is kept by the start-up sweep while its event exists', async () => {
    expect((await upload(await png(900, 300, '#AA3300'))).statusCode).toBe(200);
    const { path } = await servedBanner();
    await t.services.sweep.run({ minAgeMs: 0, jobRetentionDays: 14 });
    expect((await t.app.inject({ url: path })).statusCode).toBe(200);
    // A banner left behind by an event that is gone (a crash between the two) is swept.
    await t.blobs.variants.put('event-banners/999999/0123456789abcdef.webp', await png(10, 10));
    await t.services.sweep.run({ minAgeMs: 0, jobRetentionDays: 14 });
    expect(await t.blobs.variants.has('event-banners/999999/0123456789abcdef.webp')).toBe(false);
    expect((await t.app.inject({ url: path })).statusCode).toBe(200);
  });

  it('goes with its event', async () => {
    const doomed = await createEventAsAdmin(t.app, token, {
      name: 'Gone Soon',
      event_date: '2025-06-06',
      published: true,
    });
    const res = await upload(await png(800, 300), 'image/png', doomed);
    expect(res.statusCode).toBe(200);
    const path = new URL(
      (await t.app.inject({ url: `/api/v1/client/events/${doomed}/config` })).json().data
        .event_photos_config.banner_config.image_url,
    ).pathname;
    expect((await t.app.inject({ url: path })).statusCode).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/events/${doomed}`,
      headers: bearer(token),
    });
    expect(deleted.statusCode).toBe(200);
    expect((await t.app.inject({ url: path })).statusCode).toBe(404);
  });
});
