/**
 * Times first-variant requests of a 24-MP JPEG against the API, phase by phase from outside:
 * the same photo at several widths and several photos at one width.
 * Usage: node --import tsx bench/tools/probe-first-variant.ts [photos=5]
 */
import { cli, startApi } from '../lib/api.js';
import { demoContext } from '../lib/context.js';
import { cleanupAll } from '../lib/proc.js';
import { createEvent } from '../figures/features.js';
import { makePhotoFolder } from '../figures/photos.js';

const count = Number(process.argv[2] ?? 5);
try {
  const ctx = await demoContext('probe', 0.02);
  const { store } = ctx.pglite;
  const folder = await makePhotoFolder(ctx, '24mp', count, {
    distinct: 1,
    width: 6000,
    height: 4000,
    seed: 24_000_000,
  });
  const eventId = await createEvent(ctx, 'Probe 24 MP');
  await cli(store, ['import', String(eventId), folder, '--concurrency', '1']);
  const api = await startApi(store);
  const page = (await (
    await fetch(`${api.url}/api/v1/client/events/${eventId}/photos?limit=100`)
  ).json()) as {
    data: { photos: Array<{ uuid: string }> };
  };
  const time = async (url: string) => {
    const t = performance.now();
    const r = await fetch(url, { headers: { accept: 'image/webp' } });
    await r.arrayBuffer();
    return `${(performance.now() - t).toFixed(0)} ms`;
  };
  for (const p of page.data.photos) {
    const base = `${api.url}/events/photos/${p.uuid}`;
    console.log(
      p.uuid.slice(0, 8),
      'w=1600 first',
      await time(`${base}?w=1600`),
      '| again',
      await time(`${base}?w=1600`),
      '| w=1280 first',
      await time(`${base}?w=1280`),
      '| w=960 first',
      await time(`${base}?w=960`),
    );
  }
  await api.stop();
} finally {
  await cleanupAll();
}
