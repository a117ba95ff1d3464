import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test-support/database.js';
import { openDatabase } from './index.js';

describe('migrations', () => {
  it('create every table, and running them again (even from several processes at once) changes nothing', async () => {
    const database = await createTestDatabase();
    try {
      const others =
        database.kind === 'postgres' && database.url
          ? await Promise.all(
              [1, 2].map(() => openDatabase({ kind: 'postgres', url: database.url! })),
            )
          : [];
      try {
        await Promise.all([database.migrate(), ...others.map((o) => o.migrate())]);
      } finally {
        await Promise.all(others.map((o) => o.close()));
      }
      // PGlite and node-postgres both answer raw queries with `rows`.
      const result = (await database.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
      )) as unknown as { rows: Array<{ table_name: string }> };
      expect(result.rows.map((r) => r.table_name)).toEqual([
        'api_tokens',
        'certificate_templates',
        'contact_forms',
        'contact_messages',
        'events',
        'jobs',
        'organiser_domains',
        'organisers',
        'photo_bibs',
        'photo_faces',
        'photos',
        'race_results',
      ]);
    } finally {
      await database.close();
    }
  });
});
