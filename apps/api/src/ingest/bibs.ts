/**
 * Step 2 of a photo's ingest, the `bibs` job: the photo's bibs are read (OCR) and every reading
 * is stored, searchable or not (the event's bib_config decides at search time). After it, a bib
 * search finds the photo. Queues nothing, but for an event that stores only runners' faces: its
 * `faces` job, decided with these readings (ingest/order.ts).
 */
import type { BlobStores } from '../adapters/blobs.js';
import {
  USUAL_DIGITS_MIN_CONFIDENCE,
  USUAL_DIGITS_MIN_READINGS,
  usualDigitCount,
  usualDigitLengths,
} from '../bibs/bib-format.js';
import type { JobHandler } from '../adapters/jobs/worker.js';
import { eventConfidence, isClearReading } from '../bibs/event-context.js';
import type { BibRepository } from '../repositories/bibs.js';
import type { EventRepository } from '../repositories/events.js';
import type { PhotoRepository } from '../repositories/photos.js';
import { canonicalBib } from '../results/index.js';
import type { BibReader } from '../services/engines.js';
import { clearForms, EventReadings } from '../services/event-readings.js';
import { photosConfigOf } from '../services/event-config.js';
import type { HideService } from '../services/hides.js';
import type { JobService } from '../services/jobs.js';
import { EventMemo } from './event-memo.js';
import { facesAfterBibsJob } from './order.js';

export interface BibsStepDeps {
  /** Undefined when OCR is off. */
  reader: BibReader | undefined;
  /** The event's bib format (`bib_config.format`) guides the reading. */
  events: Pick<EventRepository, 'findById'>;
  photos: PhotoRepository;
  bibs: BibRepository;
  blobs: BlobStores;
  /** Readings worn by a hidden face stop finding the photo. */
  hides: Pick<HideService, 'bibsRead'>;
  /** Queues the photo's `faces` job after the readings (events that store only runners' faces). */
  jobs: Pick<JobService, 'enqueue'>;
  /** Face detection is on (FACES_ENABLED). */
  faces: boolean;
}

/** How long an event's usual digit count and clear bibs are kept before they are read again. */
const EVENT_MEMO_TTL_MS = 60_000;

/** The `bibs` job. Idempotent: the photo's OCR readings are replaced. */
export function bibsStep(deps: BibsStepDeps): JobHandler<'bibs'> {
  // Counted again from the event's readings once a minute, or at each photo while they are
  // still too few to judge (a new event's first photos; counting a few rows is cheap).
  const usual = new EventMemo(
    EVENT_MEMO_TTL_MS,
    async (eventId) => {
      const counts = await deps.bibs.readingDigitCounts(eventId, USUAL_DIGITS_MIN_CONFIDENCE);
      const readings = [...counts.values()].reduce((sum, n) => sum + n, 0);
      return { readings, digits: usualDigitCount(counts), lengths: usualDigitLengths(counts) };
    },
    (known) => known.readings >= USUAL_DIGITS_MIN_READINGS,
  );
  // The event's clear bibs, for "does a clear bib continue this reading"; whether a reading's
  // own bib is clear on another photo is asked of the database at each photo.
  const weighing = new EventReadings(deps.bibs);
  const clearOf = new EventMemo(EVENT_MEMO_TTL_MS, (eventId) => weighing.clearBibs(eventId));
  return async ({ eventId, uuid }, { jobId }) => {
    if (!deps.reader) return { skipped: 'OCR is turned off' };
    const photo = await deps.photos.findByUuid(uuid);
    if (!photo) return { skipped: 'the photo was deleted' };
    const bytes = await deps.blobs.originals.get(photo.blobKey);
    if (!bytes) return { skipped: 'the original is gone' };
    const registered = await deps.bibs.registeredBibs(eventId);
    const event = await deps.events.findById(eventId);
    const format = event ? photosConfigOf(event).bib_config.format : null;
    // Race results or a range say which readings are whole; without them, the event's own
    // readings so far may (`usualDigitCount`).
    const known = registered.size > 0 || format?.range ? null : await usual.get(eventId);
    const learnt = known?.digits ?? null;
    const lengths = known?.lengths ?? null;
    const read = await deps.reader.readBibs(bytes, {
      ...(registered.size > 0 ? { registeredBibs: registered } : {}),
      ...(format ? { format } : {}),
      ...(learnt !== null ? { usualDigits: learnt } : {}),
      ...(lengths !== null ? { usualLengths: lengths } : {}),
    });
    const readings = read.map((r) => ({ ...r, bib: canonicalBib(r.bib) }));
    // What the event's other photos make of these readings, and of theirs now (`eventConfidence`).
    const ownClear = readings.filter(isClearReading).flatMap((r) => clearForms(r.bib));
    const memo = await clearOf.get(eventId);
    const clear = memo.with(ownClear);
    const here = (
      await weighing.contextFor(
        eventId,
        readings.map((r) => r.bib),
        clear,
      )
    )(uuid);
    await deps.bibs.replace(
      eventId,
      uuid,
      'ocr',
      readings.map((r) => ({
        bib: r.bib,
        confidence: eventConfidence(r, here),
        box: r.box,
        readConfidence: r.confidence,
        ...(r.cutOff ? { cutOff: r.cutOff } : {}),
      })),
    );
    await weighing.weighOthers(eventId, uuid, ownClear, clear);
    for (const bib of ownClear) memo.add(bib);
    await deps.hides.bibsRead(eventId, uuid);
    // The runners are known now: the faces of an event that stores only theirs are decided.
    const config = event ? photosConfigOf(event) : undefined;
    if (
      deps.faces &&
      config?.feature_flag.selfie_search &&
      config.selfie_config.indexed_faces === 'runners'
    )
      await deps.jobs.enqueue([facesAfterBibsJob(eventId, uuid, jobId)]);
    return { uuid, bibs: readings.map((r) => r.bib) };
  };
}
