import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localBlobStores } from '../adapters/blobs.js';
import { RedisChangeBus } from '../adapters/changes.js';
import type { Database } from '../adapters/db/index.js';
import { createTestDatabase } from '../test-support/database.js';
import { seedEvent, seedOrganiser } from '../test-support/fixtures.js';
import { requireRedis, TEST_REDIS_URL, testRedisPrefix } from '../test-support/redis.js';
import { createServices, type Services } from './index.js';
import { shareChanges } from './shared-changes.js';

const ready = await requireRedis('shared-changes');

let database: Database;
const buses: RedisChangeBus[] = [];

beforeAll(async () => {
  if (ready) database = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(buses.map((b) => b.close()));
  await database?.close();
});

/** One API process's services: their own caches, the shared database, a bus on one channel. */
async function process_(prefix: string): Promise<{ services: Services; heard: string[] }> {
  const services = createServices(database.db, localBlobStores('/nonexistent'), {
    ocrEnabled: false,
    facesEnabled: false,
  });
  const bus = new RedisChangeBus(TEST_REDIS_URL, prefix);
  buses.push(bus);
  await bus.ready;
  const heard: string[] = [];
  bus.subscribe((change) => heard.push(change));
  shareChanges(services, bus);
  return { services, heard };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!ready)('answer caches across processes', () => {
  it("drops another process's cached answers when an event changes here", async () => {
    const prefix = testRedisPrefix();
    const a = await process_(prefix);
    const b = await process_(prefix);
    await seedOrganiser(a.services, { name: 'City Runs', domains: ['localhost'] });
    const event = await seedEvent(a.services, 'localhost', {
      name: 'Harbour Run',
      event_date: '2025-01-01',
      published: true,
    });
    // The seeding's own message (a burst, published once) is heard first.
    while (b.heard.length === 0) await sleep(20);
    const heardBefore = b.heard.length;
    // B caches the organiser's answer (its recent events name the event).
    const answer = () =>
      b.services.answers.get('data\nlocalhost', async () =>
        JSON.stringify(await b.services.organisers.data('localhost', 'http://api')),
      );
    expect(await answer()).toContain('Harbour Run');
    expect(b.services.answers.size).toBe(1);

    await a.services.events.update(event.id, { name: 'Harbour Night Run' });
    while (b.heard.length === heardBefore) await sleep(20);
    // Heard: B's cache is empty, and its next answer is the renamed event, well within its TTL.
    expect(b.services.answers.size).toBe(0);
    expect(await answer()).toContain('Harbour Night Run');
    // A process does not hear its own changes.
    expect(a.heard).toEqual([]);
  });

  it('keeps deployments with different prefixes apart', async () => {
    const other = await process_(testRedisPrefix());
    const shared = testRedisPrefix();
    const b = await process_(shared);
    const c = await process_(shared);
    other.services.answers.clear();
    b.services.answers.clear();
    // c shares b's prefix and hears b's clear; b hears neither its own nor the other deployment's.
    while (c.heard.length === 0) await sleep(20);
    expect(c.heard).toEqual(['answers']);
    expect(b.heard).toEqual([]);
  });

  it('drops what a process keeps once it listens again after its connection dropped', async () => {
    const b = await process_(testRedisPrefix());
    const bus = buses.at(-1)!;
    await b.services.answers.get('k', async () => 'cached');
    expect(b.services.answers.size).toBe(1);
    // Redis restarted, a network blip: ioredis reconnects and subscribes again by itself; what
    // was published meanwhile is lost.
    (
      bus as unknown as { subscriber: { disconnect(reconnect: boolean): void } }
    ).subscriber.disconnect(true);
    while (!b.heard.includes('resync')) await sleep(20);
    expect(b.services.answers.size).toBe(0);
  });
});
