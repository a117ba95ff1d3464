import { MAX_PHOTO_PIXELS } from '@eventsite/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedEvent, seedOrganiser } from '../test-support/fixtures.js';
import { testImage } from '../test-support/images.js';
import { hugeClaimingPng } from '../test-support/png.js';
import { scaledTestStack, storedKeys } from '../test-support/stack.js';
import type { ImportSource } from './import.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedOrganiser(t.services, { name: 'City Runs', domains: ['localhost'] });
});
afterAll(() => t.close());

const source = (name: string, bytes: Buffer): ImportSource => ({ name, read: async () => bytes });

/** The event's originals, by file name (unfinished writes included), in the blob store. */
async function originalsOnDisk(id: number): Promise<string[]> {
  return (await storedKeys(t.blobs.originals))
    .filter((key) => key.startsWith(`${id}/`))
    .map((key) => key.slice(`${id}/`.length))
    .sort();
}

async function photoPage(id: number) {
  const event = await t.services.events.require(id);
  const wasPublished = event.published;
  if (!wasPublished) await t.services.events.update(id, { published: true });
  try {
    return await t.services.photos.page(id, undefined, 200);
  } finally {
    if (!wasPublished) await t.services.events.update(id, { published: false });
  }
}

describe('import', () => {
  it('stores the original, size after EXIF orientation, capture time and a placeholder', async () => {
    const e = await seedEvent(t.services, 'localhost', { name: 'A', event_date: '2025-01-01' });
    const capturedAt = new Date('2025-03-04T09:10:11Z');
    const jpeg = await testImage({ width: 120, height: 80, orientation: 6, capturedAt });
    const png = await testImage({ width: 50, height: 40, format: 'png' });
    const webp = await testImage({ width: 30, height: 20, format: 'webp' });
    // Names lie about the type: the bytes decide.
    const summary = await t.services.imports.importAll(e.id, [
      source('a.png', jpeg),
      source('b.jpg', png),
      source('c.bin', webp),
    ]);
    expect(summary).toMatchObject({ imported: 3, skipped: 0, failed: 0 });
    const page = await photoPage(e.id);
    const bySize = page.photos.map((p) => [p.width, p.height, p.captured_at]);
    expect(bySize).toContainEqual([80, 120, capturedAt.toISOString()]);
    expect(bySize).toContainEqual([50, 40, null]);
    expect(bySize).toContainEqual([30, 20, null]);
    for (const p of page.photos)
      expect(Buffer.from(p.placeholder!, 'base64').length).toBeGreaterThan(5);
    expect((await originalsOnDisk(e.id)).map((f) => f.split('.').pop()).sort()).toEqual([
      'jpg',
      'png',
      'webp',
    ]);
  });

  it('is idempotent: the same bytes twice are one photo, even under other names', async () => {
    const e = await seedEvent(t.services, 'localhost', { name: 'B', event_date: '2025-01-01' });
    const bytes = await testImage({ colour: '#010203' });
    const first = await t.services.imports.importAll(e.id, [
      source('x.jpg', bytes),
      source('copy-of-x.jpg', bytes),
    ]);
    expect(first).toMatchObject({ imported: 1, skipped: 1, failed: 0 });
    const again = await t.services.imports.importAll(e.id, [source('x.jpg', bytes)]);
    expect(again).toMatchObject({ imported: 0, skipped: 1 });
    expect(again.results[0]).toEqual({
      name: 'x.jpg',
      status: 'skipped',
      reason: 'already imported',
    });
    expect((await photoPage(e.id)).total).toBe(1);
    expect(await originalsOnDisk(e.id)).toHaveLength(1);
    // The same photo may belong to another event.
    const other = await seedEvent(t.services, 'localhost', { name: 'C', event_date: '2025-01-01' });
    expect((await t.services.imports.importAll(other.id, [source('x.jpg', bytes)])).imported).toBe(
      1,
    );
  });

  it('resumes after an interruption: done files are skipped, nothing is half-stored', async () => {
    const e = await seedEvent(t.services, 'localhost', { name: 'D', event_date: '2025-01-01' });
    const files = await Promise.all(
      [1, 2, 3, 4].map((i) => testImage({ colour: `rgb(${i * 40}, 10, 10)` })),
    );
    const repo = (
      t.services.imports as unknown as {
        photos: { insertUnlessDuplicate: (...a: unknown[]) => Promise<boolean> };
      }
    ).photos;
    // The "crash": the row of file 3 cannot be written after its original was.
    const original = repo.insertUnlessDuplicate.bind(repo);
    let calls = 0;
    repo.insertUnlessDuplicate = async (...args: unknown[]) => {
      calls++;
      if (calls === 3) throw new Error('connection lost');
      return original(...(args as [never]));
    };
    let first;
    try {
      first = await t.services.imports.importAll(
        e.id,
        files.map((b, i) => source(`f${i + 1}.jpg`, b)),
        { concurrency: 1 },
      );
    } finally {
      repo.insertUnlessDuplicate = original;
    }
    expect(first).toMatchObject({ imported: 3, failed: 1 });
    expect(first.results[2]).toEqual({
      name: 'f3.jpg',
      status: 'failed',
      reason: 'could not be imported: connection lost',
    });
    // Every row has its original and no original is left without a row.
    expect(await originalsOnDisk(e.id)).toHaveLength(3);
    const rerun = await t.services.imports.importAll(
      e.id,
      files.map((b, i) => source(`f${i + 1}.jpg`, b)),
    );
    expect(rerun).toMatchObject({ imported: 1, skipped: 3, failed: 0 });
    expect((await photoPage(e.id)).total).toBe(4);
    expect(await originalsOnDisk(e.id)).toHaveLength(4);
  });

  // The local folder's temporary files; S3 never shows an unfinished upload as an object.
  it.skipIf(scaledTestStack())(
    'never lets a temp file of an interrupted write become a photo',
    async () => {
      const e = await seedEvent(t.services, 'localhost', { name: 'E', event_date: '2025-01-01' });
      const bytes = await testImage({ colour: '#445566' });
      const blobs = t.blobs.originals as unknown as { root: string };
      const { mkdir, writeFile } = await import('node:fs/promises');
      const path = await import('node:path');
      await mkdir(path.join(blobs.root, String(e.id)), { recursive: true });
      await writeFile(
        path.join(blobs.root, String(e.id), '.half.jpg.abc.tmp'),
        bytes.subarray(0, 100),
      );
      expect((await t.services.imports.importAll(e.id, [source('ok.jpg', bytes)])).imported).toBe(
        1,
      );
      expect((await photoPage(e.id)).total).toBe(1);
    },
  );

  it('reports bad files by name with the reason and stores nothing for them', async () => {
    const e = await seedEvent(t.services, 'localhost', { name: 'F', event_date: '2025-01-01' });
    const good = await testImage({ width: 400, height: 300, colour: '#778899' });
    const noisy = await testImage({ width: 400, height: 300, colour: '#123456' });
    const summary = await t.services.imports.importAll(e.id, [
      source('notes.txt', Buffer.from('these are not the photos you are looking for')),
      source('truncated.jpg', noisy.subarray(0, Math.floor(noisy.length / 2))),
      source('huge.png', hugeClaimingPng(12_000, 9_000)),
      source('empty.jpg', Buffer.alloc(0)),
      source('good.jpg', good),
    ]);
    expect(summary).toMatchObject({ imported: 1, skipped: 0, failed: 4 });
    const reasons = Object.fromEntries(
      summary.results.map((r) => [r.name, r.status === 'imported' ? 'ok' : r.reason]),
    );
    expect(reasons['notes.txt']).toBe('is not a JPEG, PNG or WebP image');
    expect(reasons['truncated.jpg']).toMatch(/^is damaged or truncated/);
    expect(reasons['huge.png']).toBe(
      `is 108.0 megapixels (12000x9000); the most accepted is ${MAX_PHOTO_PIXELS / 1e6} megapixels`,
    );
    expect(reasons['empty.jpg']).toBe('is not a JPEG, PNG or WebP image');
    expect(reasons['good.jpg']).toBe('ok');
    expect(await originalsOnDisk(e.id)).toHaveLength(1);
    expect((await photoPage(e.id)).total).toBe(1);
  });

  it('refuses an unknown event', async () => {
    await expect(t.services.imports.importAll(987654, [])).rejects.toThrow(
      'No event has the id 987654',
    );
  });
});
