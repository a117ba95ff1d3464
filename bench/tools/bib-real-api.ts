/**
 * The real race photos through the visitor's path (bench/figures/bib-real.ts), printed with the
 * tuning part's misses and wrong answers, photo by photo (the held-out part only as its score).
 * Needs the built API (`npm run build -w apps/api`).
 * Usage: node --import tsx bench/tools/bib-real-api.ts [threshold=0.8]
 */
import { realRaceSearch } from '../figures/bib-real.js';
import { loadRealRace } from '../eval-sets/real-race.js';

const threshold = Number(process.argv[2] ?? 0.8);
const r = await realRaceSearch(threshold);
for (const photo of loadRealRace().tuning) {
  const truth = photo.bibs.map((b) => b.number);
  const found = r.found[photo.file] ?? [];
  const missed = truth.filter((t) => !found.includes(t));
  const wrong = found.filter((b) => !truth.includes(b) && !photo.unlabelled.includes(b));
  if (missed.length === 0 && wrong.length === 0) continue;
  const below = (r.below[photo.file] ?? []).map((b) => `${b.bib}@${b.confidence.toFixed(2)}`);
  console.log(
    `${photo.file}: labelled ${truth.join(',')}` +
      (missed.length ? `; missed ${missed.join(',')}` : '') +
      (wrong.length ? `; wrong ${wrong.join(',')}` : '') +
      (below.length ? `; under the threshold ${below.join(' ')}` : ''),
  );
}
const text = (s: typeof r.tuning) =>
  `precision ${(100 * s.precision).toFixed(1)} %, recall ${(100 * s.recall).toFixed(1)} % (${s.right} right, ${s.wrong} wrong, ${s.labelled} labelled)`;
console.log(`tuning:   ${text(r.tuning)}`);
console.log(`held out: ${text(r.heldOut)}`);
console.log(`whole:    ${text(r.whole)}`);
console.log(`indexing: ${(r.indexingMs / 1000).toFixed(1)} s for ${r.photos} photos`);
