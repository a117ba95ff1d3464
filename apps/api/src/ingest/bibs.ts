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
import type { BibRepository } from '../repositories/bibs.js';
import type { EventRepository } from '../repositories/events.js';
import type { PhotoRepository } from '../repositories/photos.js';
import { canonicalBib } from '../results/index.js';
import type { BibReader } from '../services/engines.js';
import { photosConfigOf } from '../services/event-config.js';
import type { HideService } from '../services/hides.js';

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

/** How long an event's usual digit count is kept before it is counted again from its readings. */
const USUAL_DIGITS_TTL_MS = 60_000;

/** The `bibs` job. Idempotent: the photo's OCR readings are replaced. */
export function bibsStep(deps: BibsStepDeps): JobHandler<'bibs'> {
  // Per event: counted again from its readings once a minute, or at each photo while they are
  // still too few to judge (a new event's first photos; counting a few rows is cheap).
  const usual = new Map<number, { at: number; readings: number; digits: number | null }>();
  const usualDigits = async (eventId: number): Promise<number | null> => {
    const known = usual.get(eventId);
    if (
      known &&
      known.readings >= USUAL_DIGITS_MIN_READINGS &&
      Date.now() - known.at < USUAL_DIGITS_TTL_MS
    )
      return known.digits;
    const counts = await deps.bibs.readingDigitCounts(eventId, USUAL_DIGITS_MIN_CONFIDENCE);
    const readings = [...counts.values()].reduce((sum, n) => sum + n, 0);
    const digits = usualDigitCount(counts);
    usual.delete(eventId);
    usual.set(eventId, { at: Date.now(), readings, digits });
    // The events of the last hour's work are plenty; the oldest go first.
    if (usual.size > 1000) usual.delete(usual.keys().next().value!);
    return digits;
  };
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
    const learnt = registered.size > 0 || format?.range ? null : await usualDigits(eventId);
    const readings = await deps.reader.readBibs(bytes, {
      ...(registered.size > 0 ? { registeredBibs: registered } : {}),
      ...(format ? { format } : {}),
      ...(learnt !== null ? { usualDigits: learnt } : {}),
    });
    await deps.bibs.replace(
      eventId,
      uuid,
      'ocr',
      readings.map((r) => ({ bib: canonicalBib(r.bib), confidence: r.confidence, box: r.box })),
    );
    await deps.hides.bibsRead(eventId, uuid);
    return { uuid, bibs: readings.map((r) => r.bib) };
  };
}
