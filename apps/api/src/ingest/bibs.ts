/**
 * Step 2 of a photo's ingest, the `bibs` job: the photo's bibs are read (OCR) and every reading
 * is stored, searchable or not (the event's bib_config decides at search time). After it, a bib
 * search finds the photo. Queues nothing.
 */
import type { BlobStores } from '../adapters/blobs.js';
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

/** The `bibs` job. Idempotent: the photo's OCR readings are replaced. */
export function bibsStep(deps: BibsStepDeps): JobHandler<'bibs'> {
  return async ({ eventId, uuid }) => {
    if (!deps.reader) return { skipped: 'OCR is turned off' };
    const photo = await deps.photos.findByUuid(uuid);
    if (!photo) return { skipped: 'the photo was deleted' };
    const bytes = await deps.blobs.originals.get(photo.blobKey);
    if (!bytes) return { skipped: 'the original is gone' };
    const registered = await deps.bibs.registeredBibs(eventId);
    const event = await deps.events.findById(eventId);
    const format = event ? photosConfigOf(event).bib_config.format : null;
    const readings = await deps.reader.readBibs(bytes, {
      ...(registered.size > 0 ? { registeredBibs: registered } : {}),
      ...(format ? { format } : {}),
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
