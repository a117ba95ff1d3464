/**
 * EXPLAIN ANALYZE of the bib and name searches on an event seeded like the bench's search figure
 * (bench/baselines/seed-search.mjs: 100,000 photos, 1-3 bibs each, 15,000 results), then timings
 * of PhotoService.page for a few searches, in this process.
 *   node --import tsx bench/tools/probe-search.ts [photos]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventInput, organiserInput } from '@eventsite/contract';
import { localBlobStores } from '../../apps/api/src/adapters/blobs.js';
import { openDatabase } from '../../apps/api/src/adapters/db/index.js';
import { createServices } from '../../apps/api/src/services/index.js';

const photos = Number(process.argv[2] ?? 100_000);
const dir = mkdtempSync(path.join(os.tmpdir(), 'eventsite-probe-search-'));
try {
  let database = await openDatabase({ kind: 'pglite', dir: path.join(dir, 'db') });
  await database.migrate();
  let services = createServices(database.db, localBlobStores(dir), {
    ocrEnabled: false,
    facesEnabled: false,
  });
  await services.organisers.apply(
    organiserInput.parse({ name: 'Probe', domains: ['probe.localhost'] }),
  );
  const event = await services.events.create(
    'probe.localhost',
    eventInput.parse({
      name: 'Probe search',
      event_date: '2026-06-01',
      published: true,
      event_photos_config: { feature_flag: { bib_search: true, name_search: true } },
    }),
  );
  await database.close();
  const out = execFileSync(process.execPath, [
    path.join(import.meta.dirname, '../baselines/seed-search.mjs'),
    dir,
    String(event.id),
    String(photos),
  ]).toString();
  const seeded = JSON.parse(out.trim().split('\n').pop()!) as { bibs: string[]; names: string[] };
  database = await openDatabase({ kind: 'pglite', dir: path.join(dir, 'db') });
  services = createServices(database.db, localBlobStores(dir), {
    ocrEnabled: false,
    facesEnabled: false,
  });

  // The SQL of one name search, as the repository sends it, explained.
  const { sql } = await import('drizzle-orm');
  const row = await services.events.require(event.id);
  const filter = await services.bibs.filterFor(row, { name: seeded.names[0] });
  console.log(`name '${seeded.names[0]}': ${filter.ocrBibs.length} bibs`);
  const explain = async (label: string, query: { toSQL(): { sql: string; params: unknown[] } }) => {
    const q = query.toSQL();
    const raw = (
      database.db as unknown as {
        $client: {
          query(s: string, p: unknown[]): Promise<{ rows: Array<Record<string, string>> }>;
        };
      }
    ).$client;
    const result = await raw.query(`explain (analyze, buffers off) ${q.sql}`, q.params);
    console.log(`\n--- ${label}\n${result.rows.map((r) => Object.values(r)[0]).join('\n')}`);
  };
  const repo = (
    services.photos as unknown as {
      photos: {
        searchQuery?: (...a: unknown[]) => { toSQL(): { sql: string; params: unknown[] } };
      };
    }
  ).photos;
  if (repo.searchQuery)
    await explain('name search (one query)', repo.searchQuery(event.id, filter, null, 61));
  void sql;

  for (const [kind, values] of [
    ['bib', seeded.bibs],
    ['name', seeded.names],
  ] as const) {
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t = performance.now();
      await services.photos.page(event.id, undefined, 60, { [kind]: values[i % values.length] });
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${kind}: p50 ${times[100]!.toFixed(1)} ms, p99 ${times[197]!.toFixed(1)} ms (200 in-process searches)`,
    );
  }
  await database.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
