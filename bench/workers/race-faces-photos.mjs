// The photos of an event as stored (uuid and sha256 checksum), straight from the embedded
// database; run only while no API holds the data folder. argv: dataDir, eventId. Prints JSON
// [{uuid, checksum}] on its last line.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const [dataDir, eventId] = process.argv.slice(2);
const db = new PGlite(path.join(dataDir, 'db'));
await db.waitReady;
const { rows } = await db.query('select uuid, checksum from photos where event_id = $1', [Number(eventId)]);
await db.close();
console.log(JSON.stringify(rows));
