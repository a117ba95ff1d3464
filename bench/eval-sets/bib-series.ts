/**
 * The runner series of the bib evaluation set: events where the same runners are on several
 * photos, as at a real race (several photographers, several places on the course). Each event
 * has a cast of runners with bibs in one of the numbered series' formats; each photo shows some
 * of them, drawn afresh (size, pose, rotation, blur, an arm or another runner over the number,
 * the frame's edge), so a runner's bib is clear on some photos and partly hidden on others.
 *
 * What it measures: the share of each runner's photos that a search for their bib returns, as
 * read photo by photo, and with what the event's other photos say (`confirmByEvent`).
 *
 * Event ids below `SERIES_HELD_OUT_FROM` are for looking at and tuning; from it on they are
 * held out (their photo seeds are above a million, apart from every other part of the set).
 */
import {
  bibsFromLines,
  sharedOcrEngine,
  usualDigitCount,
  type BibDetection,
} from '../../apps/api/src/bibs/index.js';
import { digitsOf, USUAL_DIGITS_MIN_CONFIDENCE } from '../../apps/api/src/bibs/bib-format.js';
import { bibNumberPart } from '../../apps/api/src/bibs/bib-text.js';
import {
  ClearBibs,
  eventConfidence,
  isClearReading,
  type EventContext,
} from '../../apps/api/src/bibs/event-context.js';
import type { OcrTextLine } from '../../apps/api/src/bibs/ocr-engine.js';
import { eventBibNumber, eventFormatOf, type DrawnBib } from './bib-event-formats.js';
import { PHOTOS_PER_EVENT, renderEvalPhoto, type EvalPhoto } from './bib-photos.js';
import { rng } from './random.js';

/** Runners in an event's cast, and photos of the event. */
export const SERIES_RUNNERS = 30;
export const SERIES_PHOTOS = 40;
/** Tuning events are 4000 up; held-out events 30,000 up (photo seeds 3,000,000 up). */
export const SERIES_TUNING_FROM = 4000;
export const SERIES_HELD_OUT_FROM = 30_000;

/**
 * Runners of a real event are far more than a sample of its photos shows: besides its cast, an
 * event has up to this many other runners, each read clearly on some photo outside the sample
 * (at most 60 % of its range's numbers). They make the event's clear bibs as dense as a big
 * race's, where a part of one runner's number is often another runner's whole number.
 */
export const SERIES_OTHER_RUNNERS = 1500;

/**
 * An event of the series: its bib format (as the numbered series draws one), its cast, and its
 * other runners (`SERIES_OTHER_RUNNERS`), as their bibs read: letters and digits, and for a
 * lettered bib its number alone too (the API stores both).
 */
export function seriesEvent(event: number) {
  const format = eventFormatOf(event * PHOTOS_PER_EVENT);
  const r = rng(event * 104_729 + 17);
  const numbers = new Set<string>();
  const draw = (want: number): DrawnBib[] => {
    const out: DrawnBib[] = [];
    for (let tries = 0; out.length < want && tries < want * 20; tries++) {
      const bib = eventBibNumber(r, format);
      if (numbers.has(bib.digits)) continue;
      numbers.add(bib.digits);
      out.push(bib);
    }
    return out;
  };
  const cast = draw(SERIES_RUNNERS);
  const span = format.range.to - format.range.from + 1;
  const others = draw(Math.min(SERIES_OTHER_RUNNERS, Math.floor(span * 0.6))).flatMap((b) =>
    b.compact === b.digits ? [b.digits] : [b.compact, b.digits],
  );
  return { format, cast, others };
}

/** The photos of an event, in the order they are uploaded. */
export async function* seriesPhotos(event: number): AsyncGenerator<EvalPhoto> {
  const { format, cast } = seriesEvent(event);
  for (let i = 0; i < SERIES_PHOTOS; i++)
    yield renderEvalPhoto(event * 100 + i, { event: { format, cast } });
}

export interface SeriesFigure {
  /** How the readings were taken: photo by photo, with the learnt digit count, with the event's confirmations. */
  variant: string;
  precision: number;
  recall: number;
  /** Per runner: the share of their photos a search for their bib returns, averaged over runners. */
  meanRunnerShare: number;
  /** Runners all of whose photos a search returns. */
  runnersAllFound: number;
  wrong: number;
  /** Recall of the partly hidden (occluded or cut-off) bibs. */
  hiddenRecall: number;
}

export interface SeriesEvaluation {
  events: number;
  photos: number;
  /** (photo, runner) pairs, and those partly hidden. */
  appearances: number;
  hidden: number;
  runners: number;
  figures: SeriesFigure[];
  cpuMsPerPhoto: number;
  wrongExamples: string[];
  /** Why bibs were missed with every rule on: the best reading of each at any confidence, counted. */
  missReasons: Array<[string, number]>;
}

type Variant = (
  photos: ReadonlyArray<{ photo: EvalPhoto; lines: OcrTextLine[] }>,
  others: readonly string[],
) => BibDetection[][];

/**
 * What the event's other photos say, per photo: the bibs read clearly on them (a lettered bib
 * with its number alone, as the API stores it), and its other runners'.
 */
function contextOfEach(readings: BibDetection[][], others: readonly string[]): EventContext[] {
  const by = new Map<string, Set<number>>();
  readings.forEach((photo, i) =>
    photo.filter(isClearReading).forEach((d) => {
      for (const form of [d.bib, bibNumberPart(d.bib)])
        if (form) by.set(form, (by.get(form) ?? new Set()).add(i));
    }),
  );
  const clear = new ClearBibs([...others, ...by.keys()]);
  const runners = new Set(others);
  return readings.map((_, i) => ({
    clearElsewhere: (bib) => runners.has(bib) || [...(by.get(bib) ?? [])].some((j) => j !== i),
    continues: (bib, side) => clear.continues(bib, side),
  }));
}

const asRead: Variant = (photos) => photos.map(({ lines }) => bibsFromLines(lines));
/**
 * The usual digit count the event settles on (`usualDigitCount`), counted as the `bibs` job
 * counts it: its readings at 0.9 or more as stored, after `weigh` (as read, or weighed against
 * the event's other photos, where a part of a clear bib no longer counts).
 */
const learnt =
  (weigh: Variant): Variant =>
  (photos, others) => {
    const counts = new Map<number, number>();
    for (const photo of weigh(photos, others))
      for (const d of photo.filter((r) => r.confidence >= USUAL_DIGITS_MIN_CONFIDENCE)) {
        const n = digitsOf(d.bib).length;
        counts.set(n, (counts.get(n) ?? 0) + 1);
      }
    const usualDigits = usualDigitCount(counts);
    return photos.map(({ lines }) => bibsFromLines(lines, { usualDigits }));
  };
const confirmed =
  (base: Variant): Variant =>
  (photos, others) => {
    const readings = base(photos, others);
    const context = contextOfEach(readings, others);
    return readings.map((photo, i) =>
      photo.map((d) => ({ ...d, confidence: eventConfidence(d, context[i]!) })),
    );
  };

const VARIANTS: ReadonlyArray<[string, Variant]> = [
  ['as read', asRead],
  ['confirmed by the event', confirmed(asRead)],
  ['learnt digit count', learnt(asRead)],
  ['learnt digit count, confirmed by the event', confirmed(learnt(confirmed(asRead)))],
];

export async function evaluateSeries(options: {
  events: readonly number[];
  threshold?: number;
  /** The event's other runners (`SERIES_OTHER_RUNNERS`) among its clear bibs; default true. */
  withOthers?: boolean;
  onProgress?: (done: number, total: number) => void;
}): Promise<SeriesEvaluation> {
  const threshold = options.threshold ?? 0.8;
  const engine = sharedOcrEngine();
  /** Per event, its other runners' bibs; none with `withOthers: false`. */
  const othersOf = (event: number) =>
    options.withOthers === false ? [] : seriesEvent(event).others;
  const read: Array<Array<{ photo: EvalPhoto; lines: OcrTextLine[] }>> = [];
  let cpuMs = 0;
  let done = 0;
  for (const event of options.events) {
    const photos: Array<{ photo: EvalPhoto; lines: OcrTextLine[] }> = [];
    for await (const photo of seriesPhotos(event)) {
      const cpu = process.cpuUsage();
      photos.push({ photo, lines: await engine.readText(photo.jpeg, { skipSmallPrint: true }) });
      const used = process.cpuUsage(cpu);
      cpuMs += (used.user + used.system) / 1000;
      options.onProgress?.(++done, options.events.length * SERIES_PHOTOS);
    }
    read.push(photos);
  }
  const wrongExamples: string[] = [];
  const missReasons = new Map<string, number>();
  const figures = VARIANTS.map(([variant, take]) => {
    let returned = 0;
    let wrong = 0;
    let found = 0;
    let appearances = 0;
    let hidden = 0;
    let hiddenFound = 0;
    const shares: number[] = [];
    read.forEach((photos, e) => {
      const readings = take(photos, othersOf(options.events[e]!));
      const perRunner = new Map<string, { on: number; found: number }>();
      photos.forEach(({ photo }, i) => {
        const answers = new Set(
          readings[i]!.filter((d) => d.confidence >= threshold).map((d) => d.bib.toUpperCase()),
        );
        for (const bib of photo.bibs) {
          const hit = answers.has(bib.digits) || answers.has(bib.compact);
          const runner = perRunner.get(bib.compact) ?? { on: 0, found: 0 };
          runner.on++;
          appearances++;
          if (hit) {
            runner.found++;
            found++;
          } else if (variant === VARIANTS.at(-1)![0]) {
            const all = readings[i]!;
            const same = all.find((d) => d.bib === bib.digits || d.bib === bib.compact);
            const reason = same
              ? same.cutOff
                ? 'read whole, lowered as cut off'
                : 'read whole, low confidence'
              : all.some((d) => bib.compact.includes(d.bib))
                ? 'read in part'
                : 'not read';
            const key = `${reason} [${bib.kinds.filter((k) => ['hidden', 'occluded', 'cut-off', 'small'].includes(k)).join('+') || 'visible'}]`;
            missReasons.set(key, (missReasons.get(key) ?? 0) + 1);
          }
          if (bib.kinds.includes('occluded') || bib.kinds.includes('cut-off')) {
            hidden++;
            if (hit) hiddenFound++;
          }
          perRunner.set(bib.compact, runner);
        }
        for (const answer of answers) {
          returned++;
          if (photo.bibs.some((b) => b.digits === answer || b.compact === answer)) continue;
          wrong++;
          if (variant === VARIANTS.at(-1)![0] && wrongExamples.length < 30)
            wrongExamples.push(
              `event ${options.events[e]} photo ${photo.seed}: ${answer} (on it: ${photo.bibs.map((b) => b.printed).join(', ')})`,
            );
        }
      });
      for (const runner of perRunner.values()) shares.push(runner.found / runner.on);
    });
    return {
      variant,
      precision: returned ? (returned - wrong) / returned : 1,
      recall: appearances ? found / appearances : 1,
      meanRunnerShare: shares.length ? shares.reduce((a, b) => a + b, 0) / shares.length : 1,
      runnersAllFound: shares.filter((s) => s === 1).length,
      wrong,
      hiddenRecall: hidden ? hiddenFound / hidden : 1,
      appearances,
      hidden,
      runners: shares.length,
    };
  });
  const first = figures[0]!;
  return {
    events: options.events.length,
    photos: options.events.length * SERIES_PHOTOS,
    appearances: first.appearances,
    hidden: first.hidden,
    runners: first.runners,
    figures: figures.map(
      ({ appearances: _a, hidden: _h, runners: _r, ...figure }): SeriesFigure => figure,
    ),
    cpuMsPerPhoto: cpuMs / (options.events.length * SERIES_PHOTOS),
    wrongExamples,
    missReasons: [...missReasons].sort((a, b) => b[1] - a[1]),
  };
}
