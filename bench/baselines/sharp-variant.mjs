// Baseline: sharp alone making one display variant of a file, as the API does on a first
// request (auto-orient, resize to width, encode). argv: file, reps, width, format. Prints JSON.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

const [file, repsArg, widthArg, format] = process.argv.slice(2);
const times = [];
// One unmeasured run first: libvips start-up, as the warmed API has had.
for (let i = -1; i < Number(repsArg); i++) {
  const t = performance.now();
  const bytes = readFileSync(file);
  const pipeline = sharp(bytes, { failOn: 'warning' })
    .rotate()
    .resize({ width: Number(widthArg), withoutEnlargement: true });
  if (format === 'webp') await pipeline.webp({ quality: 80, effort: 2 }).toBuffer();
  else if (format === 'avif') await pipeline.avif({ quality: 55, effort: 2 }).toBuffer();
  else await pipeline.jpeg({ quality: 82, progressive: true }).toBuffer();
  if (i >= 0) times.push(performance.now() - t);
}
const sorted = [...times].sort((a, b) => a - b);
console.log(JSON.stringify({ times, median: sorted[Math.floor((sorted.length - 1) / 2)] }));
