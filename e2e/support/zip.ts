// Reading the zips the gallery downloads, and the originals they must hold.
import { createHash } from 'node:crypto';
import assert from 'node:assert/strict';
import yauzl from 'yauzl';
import { apiUrl } from './stack.js';

export const sha = (b: Buffer | Uint8Array) => createHash('sha256').update(b).digest('hex');

/** A photo's original, as the API serves it for download. */
export async function original(uuid: string): Promise<Buffer> {
  const res = await fetch(`${apiUrl}/events/photos/${uuid}?download=1`);
  assert.equal(res.status, 200, `original of ${uuid}`);
  return Buffer.from(await res.arrayBuffer());
}

/** The files of a zip on disk, with their bytes. */
export function zipEntries(file: string): Promise<{ name: string; data: Buffer }[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const out: { name: string; data: Buffer }[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.push({ name: entry.fileName, data: Buffer.concat(chunks) });
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
