// Seeds an event with photo rows and FACES faces (two per photo) with random unit-free
// embeddings, straight into the embedded database (columns from information_schema, like
// seed-search.mjs). For the selfie search figure; run only while no API holds the data folder.
// argv: dataDir, eventId, faces, queries, recipeVersion (the face recipe the faces count as
// described under, where the column exists: else the API's start would describe them again).
// Prints JSON { queries: number[][], ms } on its last line: each query is a seeded face's
// embedding plus noise (cosine ≈ 0.93 with it), unit length.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { columns, insertSelect } from './seed-sql.mjs';

const [dataDir, eventIdArg, facesArg, queriesArg, recipeVersion] = process.argv.slice(2);
const eventId = Number(eventIdArg);
const faces = Number(facesArg);
const queryCount = Number(queriesArg ?? 50);
const PER_PHOTO = 2;
const DIMENSIONS = 1024;
const started = performance.now();
const db = new PGlite(path.join(dataDir, 'db'));
await db.waitReady;

const photos = Math.ceil(faces / PER_PHOTO);
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
    checksum: `md5('faces' || i)`,
    byte_size: '150000',
    mime_type: `'image/jpeg'`,
    blob_key: `'${eventId}/faces-' || i || '.jpg'`,
    placeholder: 'null',
  },
  `generate_series(1, ${photos}) as i`,
);
// Faces: random embeddings (the index normalises them), boxes side by side. Written like the
// faces job writes them: Float32 little-endian bytes in embedding_f32 where the column exists,
// else (an API build before it) real[] generated in SQL.
const faceCols = (await columns(db, 'photo_faces')).map((c) => c.column_name);
let picked;
if (faceCols.includes('embedding_f32')) {
  const uuids = (
    await db.query(`select uuid from photos where event_id = $1 order by uuid limit $2`, [
      eventId,
      photos,
    ])
  ).rows.map((r) => r.uuid);
  const keep = new Set();
  while (keep.size < Math.min(queryCount, faces)) keep.add(Math.floor(Math.random() * faces));
  picked = [];
  const BATCH = 100;
  await db.exec('begin');
  for (let start = 0; start < faces; start += BATCH) {
    const values = [];
    const params = [];
    for (let f = start; f < Math.min(faces, start + BATCH); f++) {
      const embedding = new Float32Array(DIMENSIONS);
      for (let i = 0; i < DIMENSIONS; i++) embedding[i] = Math.random() - 0.5;
      if (keep.has(f)) picked.push({ embedding: Array.from(embedding) });
      const k = f % PER_PHOTO;
      params.push(uuids[Math.floor(f / PER_PHOTO)], k * 400, new Uint8Array(embedding.buffer));
      const n = params.length;
      values.push(`($${n - 2}, ${eventId}, $${n - 1}, 200, 200, 240, 0.9, $${n})`);
    }
    await db.query(
      `insert into photo_faces (photo_uuid, event_id, box_x, box_y, box_w, box_h, score, embedding_f32) values ${values.join(', ')}`,
      params,
    );
  }
  if (recipeVersion && faceCols.includes('recipe_version'))
    await db.query('update photo_faces set recipe_version = $1 where event_id = $2', [
      recipeVersion,
      eventId,
    ]);
  await db.exec('commit');
  await db.exec('analyze');
} else {
  await insertSelect(
    db,
    'photo_faces',
    {
      photo_uuid: 'p.uuid',
      event_id: String(eventId),
      box_x: '(k - 1) * 400',
      box_y: '200',
      box_w: '200',
      box_h: '240',
      score: '0.9',
      embedding: `array(select (random() - 0.5 + 0 * k)::real from generate_series(1, ${DIMENSIONS}))`,
    },
    `(select uuid from photos where event_id = ${eventId} limit ${photos}) p, generate_series(1, ${PER_PHOTO}) k
     limit ${faces}`,
  );
  await db.exec('analyze');
  picked = (
    await db.query(
      `select embedding from photo_faces where event_id = $1 order by random() limit $2`,
      [eventId, queryCount],
    )
  ).rows;
}
await db.close();

const unit = (v) => {
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
};
const queries = picked.map((row) => {
  const face = unit(row.embedding);
  const noise = unit(face.map(() => Math.random() - 0.5));
  return unit(face.map((x, i) => x + 0.4 * noise[i])).map((x) => Math.round(x * 1e6) / 1e6);
});
console.log(JSON.stringify({ queries, ms: performance.now() - started }));
