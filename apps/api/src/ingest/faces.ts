/**
 * Step 3 of a photo's ingest, the `faces` job (events with selfie search on only): the photo's
 * faces are found and described, checked against the event's hide requests, stored (replacing
 * earlier ones) and the others put in the event's loaded search index. After it, selfie search
 * finds the photo. A hidden face is never indexed; it is blurred (a `redact` job) and its bib
 * hidden. A photo of an event with hide requests is held back from visitors from its insert
 * until this job has checked it (repositories/photos.ts, `shown`); a skipped job leaves it held.
 */
import type { BlobStores } from '../adapters/blobs.js';
import type { JobHandler } from '../adapters/jobs/worker.js';
import type { EventRepository } from '../repositories/events.js';
import type { FaceRepository } from '../repositories/faces.js';
import type { PhotoRepository } from '../repositories/photos.js';
import { photosConfigOf } from '../services/event-config.js';
import type { FaceDetector } from '../services/engines.js';
import type { FaceIndexes } from '../services/face-indexes.js';
import type { HideService } from '../services/hides.js';
import { unidentifiable } from '../faces/quality.js';

export interface FacesStepDeps {
  /** Undefined when face search is off. */
  detector: FaceDetector | undefined;
  events: EventRepository;
  photos: PhotoRepository;
  faces: FaceRepository;
  blobs: BlobStores;
  /** The loaded selfie search indexes, told of the photo's new faces. */
  indexes: FaceIndexes;
  /** The event's hide requests: a matching face is hidden before it is searchable. */
  hides: Pick<HideService, 'facesToHide' | 'hideStoredFaces'>;
}

/**
 * The `faces` job. Only for events with selfie_search on: no face data is kept for an event that
 * does not use it. Idempotent: the photo's faces are replaced.
 */
export function facesStep(deps: FacesStepDeps): JobHandler<'faces'> {
  return async ({ eventId, uuid }) => {
    if (!deps.detector) return { skipped: 'face search is turned off' };
    const event = await deps.events.findById(eventId);
    if (!event) return { skipped: 'the event was deleted' };
    if (!photosConfigOf(event).feature_flag.selfie_search)
      return { skipped: 'selfie search is off for the event' };
    const photo = await deps.photos.findByUuid(uuid);
    if (!photo) return { skipped: 'the photo was deleted' };
    const bytes = await deps.blobs.originals.get(photo.blobKey);
    if (!bytes) return { skipped: 'the original is gone' };
    // A face that cannot identify anyone (too small, blurred, turned away) is not kept: it would
    // only match strangers, and a person far in the background is not made findable.
    const found = (await deps.detector.detectFaces(bytes)).filter(
      (face) => !face.quality || !unidentifiable(face.quality),
    );
    const hide = await deps.hides.facesToHide(eventId, found);
    const ids = await deps.faces.replace(
      eventId,
      uuid,
      found.map((face, i) => ({ ...face, hidden: hide[i] })),
    );
    await deps.indexes.photoChanged(
      eventId,
      uuid,
      ids.flatMap((id, i) => (hide[i] ? [] : [{ id, embedding: found[i]!.embedding }])),
    );
    const hidden = ids.filter((_, i) => hide[i]);
    if (hidden.length > 0) await deps.hides.hideStoredFaces(eventId, uuid, hidden);
    // Checked: a photo held back for the event's hide requests is shown now (blurred where hidden).
    await deps.photos.release(uuid);
    return { uuid, faces: ids.length, hidden: hidden.length };
  };
}
