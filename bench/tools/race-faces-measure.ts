/**
 * Genuine and impostor similarities, selfie search and "more photos of you" on the real race
 * photos, from descriptors written by race-faces-describe.ts; tuning and held-out runners apart.
 *
 *   node --conditions=source --import tsx bench/tools/race-faces-measure.ts <described.json>... [--limits none|product]
 *     [--parts tuning] [--match-similarity <x>]
 *
 * `--parts tuning` prints the tuning runners only (while choosing: the held-out runners and the
 * whole set, which holds them, are read once at the end). `--match-similarity` is the similarity
 * floor of the product's rule and the standout lines (default the API's `MATCH_SIMILARITY`, set
 * for `faceres`; another descriptor's similarities run on another scale).
 */
import { readFileSync } from 'node:fs';
import { QUALITY_LIMITS, type QualityLimits } from '../../apps/api/src/faces/quality.js';
import { loadRaceFaces } from '../eval-sets/race-faces.js';
import {
  facesOf,
  morePhotos,
  precision,
  recall,
  selfieSearch,
  similarities,
  type Described,
  type Part,
  type SelfieRule,
} from '../eval-sets/race-faces-score.js';
import { MATCH_SIMILARITY, matchBars } from '../../apps/api/src/faces/thresholds.js';

const args = process.argv.slice(2);
const limitsArg = args.includes('--limits') ? args[args.indexOf('--limits') + 1] : 'none';
const files = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
const limits: QualityLimits | null = limitsArg === 'product' ? QUALITY_LIMITS : null;
const partsArg = args.includes('--parts')
  ? args[args.indexOf('--parts') + 1]!
  : 'tuning,heldOut,all';
const parts = partsArg.split(',') as Part[];
if (parts.some((p) => !['tuning', 'heldOut', 'all'].includes(p)))
  throw new Error(`--parts: a list of tuning, heldOut and all, not ${partsArg}`);
const floor = args.includes('--match-similarity')
  ? Number(args[args.indexOf('--match-similarity') + 1])
  : MATCH_SIMILARITY;
if (!(floor >= -1 && floor <= 1)) throw new Error('--match-similarity: a similarity, -1..1');
const set = loadRaceFaces();
const pct = (x: number) => `${(100 * x).toFixed(1)}`;
const q = (sorted: number[], p: number) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!.toFixed(3)
    : '–';

console.log(
  `held out (${set.heldOut.size}) / tuning (${set.tuning.size}) runners; limits ${limitsArg}`,
);
for (const file of files) {
  const described = JSON.parse(readFileSync(file, 'utf8')) as Described & {
    descriptor: string;
    photoMs: number;
  };
  const faces = facesOf(set, described, limits);
  console.log(
    `\n## ${described.descriptor}: ${faces.length} faces (${faces.filter((f) => f.runner).length} labelled), photos ${(described.photoMs / 1000).toFixed(1)} s`,
  );
  for (const part of (['tuning', 'heldOut'] as Part[]).filter((p) => parts.includes(p))) {
    const { genuine, impostor } = similarities(set, faces, part);
    let above = 0;
    for (const g of genuine) above += impostor.filter((i) => i < g).length;
    const auc =
      genuine.length && impostor.length ? above / (genuine.length * impostor.length) : NaN;
    const bar = Number(q(impostor, 0.999));
    const tar = genuine.filter((g) => g > bar).length / (genuine.length || 1);
    console.log(
      `${part}: AUC ${auc.toFixed(4)}, genuine above the impostor p99.9 ${pct(tar)} %; genuine n ${genuine.length} min ${q(genuine, 0)} p10 ${q(genuine, 0.1)} med ${q(genuine, 0.5)} | impostor n ${impostor.length} med ${q(impostor, 0.5)} p99 ${q(impostor, 0.99)} p99.9 ${q(impostor, 0.999)} max ${q(impostor, 1)}`,
    );
  }
  const standouts = args.includes('--standouts')
    ? args[args.indexOf('--standouts') + 1]!.split(',').map(Number)
    : [];
  const thresholds = args.includes('--thresholds')
    ? args[args.indexOf('--thresholds') + 1]!.split(',').map(Number)
    : [0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8];
  const bibShare = args.includes('--selfie-bibs')
    ? Number(args[args.indexOf('--selfie-bibs') + 1])
    : null;
  const expandArg = args.includes('--expand') ? args[args.indexOf('--expand') + 1]! : null;
  const expand =
    expandArg === null ? undefined : { confirm: expandArg === 'none' ? null : Number(expandArg) };
  const line = (label: string, rule: SelfieRule) => {
    const row = parts.map((part) => {
      const s = selfieSearch(
        set,
        described,
        faces,
        part,
        rule,
        limits,
        bibShare === null ? undefined : { readShare: bibShare },
        expand,
      );
      return `${part} P ${pct(precision(s))} R ${pct(recall(s))} (${s.right}/${s.wrong}, ${s.refused}/${s.selfies} refused)`;
    });
    console.log(`selfie ${label}: ${row.join(' | ')}`);
  };
  for (const t of thresholds) line(`similarity ≥ ${t}`, { similarity: t });
  line(`the product (threshold ${floor.toFixed(2)})`, { bars: matchBars(floor, faces.length) });
  for (const standout of standouts)
    line(`standout ≥ ${standout}`, {
      bars: {
        ...matchBars(floor, faces.length),
        match: { similarity: floor, standout },
      },
    });
  const threshold = args.includes('--fusion-threshold')
    ? Number(args[args.indexOf('--fusion-threshold') + 1])
    : 0.6;
  const fusionLine = (label: string, options: Parameters<typeof morePhotos>[4]) => {
    const row = parts.map((part) => {
      const f = morePhotos(set, faces, part, threshold, options);
      const right = f.right + f.wrong === 0 ? 1 : f.right / (f.right + f.wrong);
      return `${part} ${f.right} right / ${f.wrong} wrong (${pct(right)} %), ${f.missed} missed of ${f.searches}`;
    });
    console.log(`more photos of you, ${label}: ${row.join(' | ')}`);
  };
  for (const readShare of [1, 0.7]) {
    fusionLine(`before (no standout, no worn-bib rule), ${readShare} read`, {
      readShare,
      minStandout: null,
      wornBib: false,
    });
    fusionLine(`the product, ${readShare} read`, { readShare });
  }
}
