// Sponsor frames: an organiser's uploads checked (a PNG with a transparent window, within the
// limits, with a clear 400 for a broken, huge or non-PNG file), listed to visitors, and a photo
// downloaded in one (a JPEG attachment: the frame around, the photo in its window).
import { randomBytes } from 'node:crypto';
import { MAX_FRAMES_PER_EVENT, envelope, eventFrame, eventFrames } from '@eventsite/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer, createEventAsAdmin } from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedOrganiser, seedPhotos } from '../test-support/fixtures.js';
import { framePng, pixelAt } from '../test-support/pixels.js';

let t: TestApp;
let token: string;
let otherToken: string;
let eventId: number;
let otherEventId: number;
let uuid: string;

const send = (
  body: Buffer | string,
  name = 'Harbour Bank',
  type = 'image/png',
  id = eventId,
  auth = token,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/events/${id}/frames?name=${encodeURIComponent(name)}`,
    headers: { ...bearer(auth), 'content-type': type },
    payload: body,
  });

const listed = async (id = eventId) => {
  const res = await t.app.inject({ url: `/api/v1/client/events/${id}/frames` });
  return {
    status: res.statusCode,
    frames: res.statusCode === 200 ? envelope(eventFrames).parse(res.json()).data.frames : [],
  };
};

async function refused(body: Buffer | string, pattern: RegExp, type = 'image/png') {
  const res = await send(body, 'Bad', type);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().message).toMatch(pattern);
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
  otherEventId = await createEventAsAdmin(t.app, otherToken, {
    name: 'Ridge Run',
    event_date: '2025-05-06',
    published: true,
  });
  const [photo] = await seedPhotos(t.services, eventId, [
    { width: 1200, height: 800, colour: '#1565C0' },
  ]);
  uuid = photo!.uuid;
});
afterAll(() => t.close());

describe('sponsor frames', () => {
  it('an event without frames lists none; an unpublished or unknown event is 404', async () => {
    expect(await listed()).toEqual({ status: 200, frames: [] });
    const draft = await createEventAsAdmin(t.app, token, {
      name: 'Draft',
      event_date: '2025-06-01',
    });
    expect((await listed(draft)).status).toBe(404);
    expect((await listed(999_999)).status).toBe(404);
  });

  it('a PNG with a transparent window is stored, its window found, and listed to visitors', async () => {
    const res = await send(await framePng(1000, 1000, 100));
    expect(res.statusCode, res.body).toBe(201);
    const frame = envelope(eventFrame).parse(res.json()).data;
    expect(frame).toMatchObject({ name: 'Harbour Bank', width: 1000, height: 1000 });
    // Found on a 200-cell grid: within a cell (5 px) of the drawn 800×800 window at 100,100.
    expect(Math.abs(frame.window.x - 100)).toBeLessThanOrEqual(5);
    expect(Math.abs(frame.window.y - 100)).toBeLessThanOrEqual(5);
    expect(Math.abs(frame.window.width - 800)).toBeLessThanOrEqual(10);
    expect(Math.abs(frame.window.height - 800)).toBeLessThanOrEqual(10);
    expect(frame.url).toMatch(new RegExp(`/assets/frames/${eventId}/[a-f0-9]{16}\\.png$`));
    const png = await t.app.inject({ url: new URL(frame.url).pathname });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['cache-control']).toMatch(/immutable/);
    expect((await listed()).frames).toEqual([frame]);
  });

  it('refuses a broken, huge, tiny, opaque or non-PNG file with a clear 400', async () => {
    const good = await framePng(800, 600, 80);
    await refused(await sharp(good).jpeg().toBuffer(), /must be a PNG/, 'image/jpeg');
    await refused(Buffer.from('GIF89a not a frame'), /must be a PNG/);
    await refused('<svg xmlns="http://www.w3.org/2000/svg"/>', /SVG/, 'image/svg+xml');
    await refused(good.subarray(0, Math.floor(good.length * 0.6)), /damaged|cannot be read/);
    // No alpha channel at all, and an alpha channel with nothing see-through.
    await refused(
      await sharp({ create: { width: 800, height: 600, channels: 3, background: '#C62828' } })
        .png()
        .toBuffer(),
      /no transparency/,
    );
    await refused(
      await sharp({
        create: {
          width: 800,
          height: 600,
          channels: 4,
          background: { r: 200, g: 40, b: 40, alpha: 1 },
        },
      })
        .png()
        .toBuffer(),
      /no transparent window/,
    );
    await refused(
      await sharp({
        create: {
          width: 800,
          height: 600,
          channels: 4,
          background: { r: 0, g: 0, b: 0, alpha: 0 },
        },
      })
        .png()
        .toBuffer(),
      /all transparent/,
    );
    await refused(await framePng(300, 300, 30), /at least 400/);
    await refused(
      await sharp({
        create: {
          width: 6000,
          height: 500,
          channels: 4,
          background: { r: 0, g: 0, b: 0, alpha: 0 },
        },
      })
        .png()
        .toBuffer(),
      /at most 4000/,
    );
    // A file over 8 MB (noise does not compress): 400 with its size; far over it, 413.
    const noisy = await sharp(randomBytes(2000 * 2000 * 4), {
      raw: { width: 2000, height: 2000, channels: 4 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(8 * 1024 * 1024);
    await refused(noisy, /at most 8 MB/);
    expect((await send(Buffer.alloc(30 * 1024 * 1024))).statusCode).toBe(413);
    expect((await send(Buffer.alloc(0))).statusCode).toBe(400);
    expect((await listed()).frames).toHaveLength(1);
  });

  it('puts a photo in a frame: a JPEG attachment, the frame around, the photo in the window', async () => {
    const [frame] = (await listed()).frames;
    const res = await t.app.inject({ url: `/events/photos/${uuid}/frames/${frame!.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="harbour-ten-k-[0-9a-f-]{36}-harbour-bank\.jpg"$/,
    );
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1000, 1000]);
    const [br, bg, bb] = await pixelAt(res.rawPayload, 30, 500);
    expect(br).toBeGreaterThan(150); // the frame's red border
    expect(bb).toBeLessThan(90);
    const [pr, , pb] = await pixelAt(res.rawPayload, 500, 500);
    expect(pb).toBeGreaterThan(150); // the photo's blue in the window
    expect(pr).toBeLessThan(60);
    expect(bg).toBeLessThan(90);
    // Made once: the second download is the same bytes.
    const again = await t.app.inject({ url: `/events/photos/${uuid}/frames/${frame!.id}` });
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('another event’s frame, an unknown frame or photo is 404; another organiser cannot add or remove', async () => {
    const theirs = await send(
      await framePng(600, 600, 60),
      'Ridge Co',
      'image/png',
      otherEventId,
      otherToken,
    );
    expect(theirs.statusCode).toBe(201);
    const theirId = theirs.json().data.id as number;
    expect(
      (await t.app.inject({ url: `/events/photos/${uuid}/frames/${theirId}` })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: `/events/photos/${uuid}/frames/999999` })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ url: `/events/photos/00000000-0000-4000-8000-000000000000/frames/1` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await send(await framePng(600, 600, 60), 'X', 'image/png', otherEventId, token)).statusCode,
    ).toBe(404);
    const removeTheirs = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/events/${otherEventId}/frames/${theirId}`,
      headers: bearer(token),
    });
    expect(removeTheirs.statusCode).toBe(404);
  });

  it('an event takes at most 12 frames; a removed frame is gone from the list and its downloads', async () => {
    for (let i = (await listed()).frames.length; i < MAX_FRAMES_PER_EVENT; i++)
      expect((await send(await framePng(500 + i, 500, 50), `Sponsor ${i}`)).statusCode).toBe(201);
    const full = await send(await framePng(640, 480, 40), 'One too many');
    expect(full.statusCode).toBe(409);
    const [first] = (await listed()).frames;
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/events/${eventId}/frames/${first!.id}`,
      headers: bearer(token),
    });
    expect(removed.statusCode).toBe(200);
    expect((await listed()).frames.map((f) => f.id)).not.toContain(first!.id);
    expect(
      (await t.app.inject({ url: `/events/photos/${uuid}/frames/${first!.id}` })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: new URL(first!.url).pathname })).statusCode).toBe(404);
  });

  it('needs a name', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/events/${eventId}/frames?name=`,
      headers: { ...bearer(token), 'content-type': 'image/png' },
      payload: await framePng(600, 600, 60),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/name/i);
  });

  it('the start-up sweep keeps an event’s frames; deleting the event takes them', async () => {
    const [kept] = (await listed()).frames;
    await t.services.sweep.run({ minAgeMs: 0, jobRetentionDays: 14 });
    expect((await t.app.inject({ url: new URL(kept!.url).pathname })).statusCode).toBe(200);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/events/${eventId}`,
      headers: bearer(token),
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await t.app.inject({ url: new URL(kept!.url).pathname })).statusCode).toBe(404);
  });
});
