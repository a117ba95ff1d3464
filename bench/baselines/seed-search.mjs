// Seeds an event with N photo rows, their bibs and race results, straight into the embedded
// database (SQL generated from information_schema, so new NOT NULL columns get plain values).
// For the search figures; run only while no API holds the data folder.
// argv: dataDir, eventId, count. Prints JSON { bibs: string[] (queries), names: string[], ms }.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { columns, insertSelect } from './seed-sql.mjs';

const [dataDir, eventIdArg, countArg] = process.argv.slice(2);
const eventId = Number(eventIdArg);
const count = Number(countArg);
const started = performance.now();
const db = new PGlite(path.join(dataDir, 'db'));
await db.waitReady;

const FIRST = [
  'maria',
  'jose',
  'anna',
  'luca',
  'sofia',
  'david',
  'emma',
  'noah',
  'lea',
  'omar',
  'ines',
  'paul',
];
const LAST = [
  'garcia',
  'muller',
  'rossi',
  'martin',
  'silva',
  'novak',
  'smith',
  'dubois',
  'kowalski',
  'jensen',
];
const RUNNERS = 15000;

// Photos: capture times one second apart.
await insertSelect(
  db,
  'photos',
  {
    uuid: 'gen_random_uuid()',
    event_id: String(eventId),
    width: '1600',
    height: '1067',
    captured_at: `timestamptz '2026-06-01 08:00:00+00' + i * interval '1 second'`,
    sort_at: `timestamptz '2026-06-01 08:00:00+00' + i * interval '1 second'`,
    checksum: `md5('bench' || i)`,
    byte_size: '150000',
    mime_type: `'image/jpeg'`,
    blob_key: `'${eventId}/bench-' || i || '.jpg'`,
    placeholder: 'null',
  },
  `generate_series(1, ${count}) as i`,
);
const tables = (
  await db.query(`select table_name from information_schema.tables where table_schema = 'public'`)
).rows.map((r) => r.table_name);
// Bibs: 1 to 3 runners per photo, bib numbers 1..RUNNERS.
if (tables.includes('photo_bibs')) {
  const cols = (await columns(db, 'photo_bibs')).map((c) => c.column_name);
  const photoCol = cols.find((c) => /^photo_(uuid|id)$/.test(c)) ?? 'photo_uuid';
  await insertSelect(
    db,
    'photo_bibs',
    {
      [photoCol]: 'p.uuid',
      event_id: String(eventId),
      bib: `((abs(hashtext(p.uuid::text || k)) % ${RUNNERS}) + 1)::text`,
      confidence: '0.95',
      source: `'ocr'`,
    },
    `(select uuid from photos where event_id = ${eventId}) p, generate_series(1, 1 + (abs(hashtext(p.uuid::text)) % 3)) k
     on conflict do nothing`,
  );
}
if (tables.includes('race_results')) {
  const first = `(array[${FIRST.map((n) => `'${n}'`).join(',')}])[1 + i % ${FIRST.length}]`;
  const last = `(array[${LAST.map((n) => `'${n}'`).join(',')}])[1 + (i / ${FIRST.length})::int % ${LAST.length}]`;
  await insertSelect(
    db,
    'race_results',
    {
      event_id: String(eventId),
      bib: 'i::text',
      name: `initcap(${first} || ' ' || ${last})`,
      name_normalised: `${first} || ' ' || ${last}`,
      overall_rank: 'i',
      splits: `'{}'`,
    },
    `generate_series(1, ${RUNNERS}) as i on conflict do nothing`,
  );
}
await db.exec('analyze');
await db.close();
const bibs = Array.from({ length: 500 }, (_, i) => String(((i * 7919) % RUNNERS) + 1));
const names = Array.from(
  { length: 100 },
  (_, i) => `${FIRST[i % FIRST.length]} ${LAST[i % LAST.length].slice(0, 3)}`,
);
console.log(JSON.stringify({ bibs, names: [...names, ...FIRST], ms: performance.now() - started }));
