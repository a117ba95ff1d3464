// Baseline: sharp alone doing an import's image work on a folder: metadata read, a
// thumbhash-size decode (100 px, raw RGBA), and the given variants written to disk.
// argv: folder, outDir, concurrency, variants JSON [{width, format}]. Prints JSON.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const [folder, out, concurrencyArg, variantsArg] = process.argv.slice(2);
const variants = JSON.parse(variantsArg ?? '[]');
const files = readdirSync(folder)
  .filter((f) => !f.startsWith('.'))
  .sort();
mkdirSync(out, { recursive: true });
const options = { failOn: 'warning' };

async function one(name, index) {
  const bytes = readFileSync(path.join(folder, name));
  await sharp(bytes, options).metadata();
  await sharp(bytes, options)
    .rotate()
    .resize(100, 100, { fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  for (const v of variants) {
    const pipeline = sharp(bytes, options)
      .rotate()
      .resize({ width: v.width, withoutEnlargement: true });
    const data =
      v.format === 'webp'
        ? await pipeline.webp({ quality: 80, effort: 2 }).toBuffer()
        : v.format === 'avif'
          ? await pipeline.avif({ quality: 55, effort: 2 }).toBuffer()
          : await pipeline.jpeg({ quality: 82, progressive: true }).toBuffer();
    writeFileSync(path.join(out, `${index}-${v.width}.${v.format}`), data);
  }
}

const started = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: Number(concurrencyArg) || 3 }, async () => {
    while (next < files.length) {
      const i = next++;
      await one(files[i], i);
    }
  }),
);
const ms = performance.now() - started;
console.log(JSON.stringify({ files: files.length, ms, perMinute: files.length / (ms / 60000) }));
