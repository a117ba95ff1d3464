/**
 * Step 2 of a photo's ingest, the `bibs` job: the photo's bibs are read (OCR) and every reading
 * is stored, searchable or not (the event's bib_config decides at search time). After it, a bib
 * search finds the photo. Queues nothing.
 */
import type { BlobStores } from '../adapters/blobs.js';
import {
  USUAL_DIGITS_MIN_CONFIDENCE,
  USUAL_DIGITS_MIN_READINGS,
  usualDigitCount,
} from '../bibs/bib-format.js';
import type { JobHandler } from '../adapters/jobs/worker.js';
import { bibNumberPart } from '../bibs/bib-text.js';
import {
  bibsAffectedBy,
  CLEAR_READING_MIN_CONFIDENCE,
  ClearBibs,
  eventConfidence,
  isClearReading,
  type EventContext,
} from '../bibs/event-context.js';
import type { BibRepository } from '../repositories/bibs.js';
import type { EventRepository } from '../repositories/events.js';
import type { PhotoRepository } from '../repositories/photos.js';
import { canonicalBib } from '../results/index.js';
import type { BibReader } from '../services/engines.js';
import { photosConfigOf } from '../services/event-config.js';
import type { HideService } from '../services/hides.js';
import { EventMemo } from './event-memo.js';

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
      return { readings, digits: usualDigitCount(counts) };
    },
    (known) => known.readings >= USUAL_DIGITS_MIN_READINGS,
  );
  // The event's clear bibs, for "does a clear bib continue this reading"; whether a reading's
  // own bib is clear is asked of the database at each photo (`weigh`), as other workers add them.
  const clearOf = new EventMemo(
    EVENT_MEMO_TTL_MS,
    async (eventId) =>
      new ClearBibs(await deps.bibs.clearBibs(eventId, CLEAR_READING_MIN_CONFIDENCE)),
  );
  return async ({ eventId, uuid }) => {
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
    const learnt = registered.size > 0 || format?.range ? null : (await usual.get(eventId)).digits;
    const read = await deps.reader.readBibs(bytes, {
      ...(registered.size > 0 ? { registeredBibs: registered } : {}),
      ...(format ? { format } : {}),
      ...(learnt !== null ? { usualDigits: learnt } : {}),
    });
    const readings = read.map((r) => ({ ...r, bib: canonicalBib(r.bib) }));
    // What the event's other photos make of these readings, and of theirs now (`eventConfidence`).
    const ownClear = readings.filter(isClearReading).flatMap((r) => clearForms(r.bib));
    const memo = await clearOf.get(eventId);
    /** The event as seen from one photo: clear elsewhere is asked of the database, not the memo. */
    const contextFor = async (bibs: string[]) => {
      const sightings = await deps.bibs.clearSightings(eventId, CLEAR_READING_MIN_CONFIDENCE, [
        ...new Set(bibs),
      ]);
      const clear = memo.with(ownClear).with(sightings.map((s) => s.bib));
      return (photoUuid: string): EventContext => ({
        clearElsewhere: (bib) => sightings.some((s) => s.bib === bib && s.photoUuid !== photoUuid),
        continues: (bib, side) => clear.continues(bib, side),
      });
    };
    const here = (await contextFor(readings.map((r) => r.bib)))(uuid);
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
    // This photo's clear bibs may confirm cut-off readings of them on the event's other photos,
    // or show that readings there are parts of them.
    const others = await deps.bibs.readingsOf(
      eventId,
      [...new Set(ownClear.flatMap(bibsAffectedBy))],
      uuid,
    );
    if (others.length > 0) {
      const there = await contextFor(others.map((o) => o.bib));
      await deps.bibs.setConfidences(
        eventId,
        others.flatMap((reading) => {
          const confidence = eventConfidence(
            { ...reading, confidence: reading.readConfidence },
            there(reading.photoUuid),
          );
          return confidence === reading.confidence ? [] : [{ reading, confidence }];
        }),
      );
    }
    for (const bib of ownClear) memo.add(bib);
    await deps.hides.bibsRead(eventId, uuid);
    return { uuid, bibs: readings.map((r) => r.bib) };
  };
}

/** A clear bib as the event's readings hold it: as read, and a lettered one as its number too. */
function clearForms(bib: string): string[] {
  const number = bibNumberPart(bib);
  return number === null ? [bib] : [bib, number];
}
