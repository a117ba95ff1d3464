/**
 * Why bibs of the independent set are missed, on tuning seeds only (below the held-out ones):
 * for each bib not found at the threshold, the best reading of it at any confidence and why it
 * fell short (a reading cut-off, a low one, part of the number only, or nothing at all).
 * Usage: node --import tsx bench/tools/bib-misses.ts [from=1] [count=60] [threshold=0.8]
 */
import { bibsFromLines, createOcrEngine } from '../../apps/api/src/bibs/index.js';
import { HELD_OUT_FROM, renderEvalPhoto } from '../eval-sets/bib-photos.js';

const from = Number(process.argv[2] ?? 1);
const count = Number(process.argv[3] ?? 60);
const threshold = Number(process.argv[4] ?? 0.8);
if (from + count > HELD_OUT_FROM)
  throw new Error('tuning seeds only: the held-out part is not looked at');
const engine = createOcrEngine();
const reasons = new Map<string, number>();
const note = (reason: string) => reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
let bibs = 0;
const examples: string[] = [];
for (let seed = from; seed < from + count; seed++) {
  const photo = await renderEvalPhoto(seed);
  const lines = await engine.readText(photo.jpeg, { skipSmallPrint: true });
  const all = bibsFromLines(lines, { minConfidence: 0 });
  for (const bib of photo.bibs) {
    bibs++;
    const same = all.find((d) => d.bib === bib.digits || d.bib === bib.compact);
    if (same && same.confidence >= threshold) continue;
    const line = lines.find((l) =>
      l.text
        .replace(/[^0-9A-Z]/gi, '')
        .toUpperCase()
        .includes(bib.digits),
    );
    let reason: string;
    if (same) {
      const cut = line && (!line.ends.left || !line.ends.right);
      reason = cut ? 'read whole, lowered as cut off' : 'read whole, low confidence';
    } else if (line) reason = 'inside a longer line';
    else if (all.some((d) => d.bib.length >= 1 && bib.digits.includes(d.bib)))
      reason = 'read in part';
    else reason = 'not read';
    const label = `${reason} [${bib.kinds.filter((k) => ['hidden', 'occluded', 'cut-off', 'small'].includes(k)).join('+') || 'visible'}]`;
    note(label);
    if (examples.length < 60)
      examples.push(
        `${seed}: ${bib.printed} (${bib.kinds.join('+')}, ${Math.round(bib.digitHeight)} px): ${label}; ` +
          `best ${same ? same.confidence.toFixed(2) : '-'}; line ${line ? `"${line.text}" ${line.confidence.toFixed(2)} ends ${line.ends.left ? 'L' : '-'}${line.ends.right ? 'R' : '-'} h${Math.round(line.lineHeight)}` : '-'}`,
      );
  }
}
console.log(
  `${bibs} bibs on ${count} tuning photos (seeds ${from}–${from + count - 1}), threshold ${threshold}`,
);
for (const [reason, n] of [...reasons].sort((a, b) => b[1] - a[1]))
  console.log(`${String(n).padStart(4)}  ${reason}`);
console.log(examples.join('\n'));
await engine.dispose();
