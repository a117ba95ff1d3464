import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_EXTRA_CONFIG } from '@eventsite/contract';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { OrganiserRepository } from '../../repositories/organisers.js';
import { extraConfigOf } from '../../services/organisers.js';
import {
  createEmptyPgliteDatabase,
  createEmptyPostgresDatabase,
  createTestDatabase,
  testDatabaseKind,
} from '../../test-support/database.js';
import { type Database, MIGRATIONS_FOLDER, openDatabase } from './index.js';

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
        'console_invites',
        'console_sessions',
        'console_sign_in_links',
        'console_users',
        'contact_forms',
        'contact_messages',
        'event_daily_stats',
        'event_frames',
        'event_watermarks',
        'events',
        'hidden_bibs',
        'hidden_faces',
        'hide_requests',
        'jobs',
        'organiser_domains',
        'organisers',
        'photo_bibs',
        'photo_faces',
        'photos',
        'race_results',
        'search_misses',
        'server_secrets',
      ]);
    } finally {
      await database.close();
    }
  });
});

/** The migration set as it stood before `tag` (a copy of the folder with a shorter journal). */
async function migrationsBefore(tag: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'migrations-'));
  await cp(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as {
    entries: Array<{ idx: number; tag: string }>;
  };
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  await writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

/** An empty database of the kind the suite runs on. */
async function emptyDatabase(): Promise<Database> {
  if (testDatabaseKind() === 'pglite') return createEmptyPgliteDatabase();
  const empty = await createEmptyPostgresDatabase();
  const database = await openDatabase({ kind: 'postgres', url: empty.url });
  return {
    ...database,
    close: async () => {
      await database.close();
      await empty.drop();
    },
  };
}

type Rows<T> = { rows: T[] };

describe('0006: the organiser configuration becomes one document', () => {
  it("moves every organiser's settings from their columns into extra_config, then drops the columns", async () => {
    const database = await emptyDatabase();
    const older = await migrationsBefore('0006_organiser_config_document');
    try {
      const migrationsFolder = older;
      if (database.kind === 'pglite')
        await migratePglite(database.db as never, { migrationsFolder });
      else await migratePg(database.db as never, { migrationsFolder });
      await database.db.execute(sql`
        insert into organisers (name, theme_color, google_tag_manager_id, header_design,
          header_cta_text, header_cta_href, header_cta_position, hide_branding, footer_text,
          social_media_links)
        values ('City Runs', '#123ABC', 'GTM-ABC123', 'fill', 'Register',
          'https://cityruns.example/register', 'left', true, '© City Runs',
          '[{"platform":"instagram","url":"https://instagram.com/cityruns","icon":"","label":"Follow us"}]'::jsonb)`);
      // Only what the old columns required; the rest takes the columns' defaults.
      await database.db.execute(
        sql`insert into organisers (name, theme_color) values ('Plain', '#2E6F40')`,
      );

      await database.migrate();

      const { rows } = (await database.db.execute(
        sql`select name, extra_config from organisers order by id`,
      )) as unknown as Rows<{ name: string; extra_config: unknown }>;
      expect(rows).toEqual([
        {
          name: 'City Runs',
          extra_config: {
            themeColor: '#123ABC',
            googleTagManagerId: 'GTM-ABC123',
            headerDesign: 'fill',
            headerCta: {
              text: 'Register',
              href: 'https://cityruns.example/register',
              position: 'left',
            },
            footer_config: {
              hide9picBranding: true,
              footerText: '© City Runs',
              socialMediaLinks: [
                {
                  platform: 'instagram',
                  url: 'https://instagram.com/cityruns',
                  icon: '',
                  label: 'Follow us',
                },
              ],
            },
          },
        },
        // The nine columns' defaults; fields added to the configuration later are not stored.
        { name: 'Plain', extra_config: expect.objectContaining({ themeColor: '#2E6F40' }) },
      ]);
      // What is served for them: the document as it was, whole, laid over today's defaults.
      const organisers = new OrganiserRepository(database.db);
      const migrated = await organisers.findById(1);
      expect(extraConfigOf(migrated!)).toMatchObject(rows[0]!.extra_config as object);
      expect(extraConfigOf((await organisers.findById(2))!)).toEqual(DEFAULT_EXTRA_CONFIG);

      const columns = (await database.db.execute(
        sql`select column_name from information_schema.columns
            where table_schema = 'public' and table_name = 'organisers' order by column_name`,
      )) as unknown as Rows<{ column_name: string }>;
      expect(columns.rows.map((c) => c.column_name)).toEqual([
        'contact_email',
        'created_at',
        'description',
        'expiry_at',
        'extra_config',
        'id',
        'logo',
        'name',
        'updated_at',
        'website',
      ]);
    } finally {
      await database.close();
      await rm(older, { recursive: true, force: true });
    }
  });
});

describe('0007: the number of a lettered bib is indexed beside it', () => {
  it('adds a derived row of the number for each lettered bib stored before, and none for the others', async () => {
    const database = await emptyDatabase();
    const older = await migrationsBefore('0007_photo_bibs_derived');
    try {
      const migrationsFolder = older;
      if (database.kind === 'pglite')
        await migratePglite(database.db as never, { migrationsFolder });
      else await migratePg(database.db as never, { migrationsFolder });
      await database.db.execute(sql`insert into organisers (name) values ('Relay Club')`);
      await database.db.execute(
        sql`insert into events (organiser_id, name, event_date) values (1, 'Relay', '2025-06-01')`,
      );
      await database.db.execute(sql`
        insert into photos (uuid, event_id, checksum, blob_key, byte_size, mime_type, width, height, sort_at)
        values ('00000000-0000-4000-8000-000000000001', 1, 'c', 'k', 1, 'image/jpeg', 1, 1, now())`);
      await database.db.execute(sql`
        insert into photo_bibs (photo_uuid, event_id, bib, confidence, source)
        values ('00000000-0000-4000-8000-000000000001', 1, 'F123', 1, 'manual'),
               ('00000000-0000-4000-8000-000000000001', 1, '1234B', 1, 'manual'),
               ('00000000-0000-4000-8000-000000000001', 1, 'A007', 1, 'manual'),
               ('00000000-0000-4000-8000-000000000001', 1, '456', 0.9, 'ocr')`);

      await database.migrate();

      const { rows } = (await database.db.execute(
        sql`select bib, derived, source from photo_bibs order by id`,
      )) as unknown as Rows<{ bib: string; derived: boolean; source: string }>;
      expect(rows).toEqual([
        { bib: 'F123', derived: false, source: 'manual' },
        { bib: '1234B', derived: false, source: 'manual' },
        { bib: 'A007', derived: false, source: 'manual' },
        { bib: '456', derived: false, source: 'ocr' },
        { bib: '123', derived: true, source: 'manual' },
        { bib: '1234', derived: true, source: 'manual' },
        { bib: '7', derived: true, source: 'manual' },
      ]);
    } finally {
      await database.close();
      await rm(older, { recursive: true, force: true });
    }
  });
});
