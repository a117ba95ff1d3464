/**
 * Step 3 of a photo's ingest, the `faces` job (events with selfie search on only): the photo's
 * faces are found and described, checked against the event's hide requests, stored (replacing
 * earlier ones) and the others put in the event's loaded search index. After it, selfie search
 * finds the photo. A hidden face is never indexed; it is blurred (a `redact` job) and its bib
 * hidden. A photo of an event with hide requests is held back from visitors from its insert
 * until this job has checked it (repositories/photos.ts, `shown`); a skipped job leaves it held.
 *
 * An event that stores only runners' faces (`selfie_config.indexed_faces: 'runners'`) keeps a
 * face only when it wears a bib read on the photo (faces/wearer.ts, the rule of "This is me"),
 * or when a hide request matched it (its blur needs it). The bibs must be read first: the job
 * queued by the photo's `bibs` job decides (ingest/order.ts); another, finding them still
 * waiting or being read, leaves the photo to that one.
 *
 * Each face is stored with the face recipe's version: when the recipe changes, the photos of
 * faces described before get this job again at start (services/face-recipe-upgrade.ts).
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
import { wearsBib } from '../faces/wearer.js';
import type { PhotoProgressRepository } from '../repositories/photo-progress.js';
import type { BibPhotoSource } from '../services/faces.js';

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
  hides: Pick<HideService, 'facesToHide' | 'facesOnBlurs' | 'hideStoredFaces'>;
  /** Bib OCR is on: a photo's bibs are read by its `bibs` job. */
  ocr: boolean;
  /** The bibs on a photo as a bib search counts them: the runners are the faces above them. */
  wornBibs: Pick<BibPhotoSource, 'bibsOnPhotos'>;
  /** Whether the photo's bibs are still waiting or being read. */
  progress: Pick<PhotoProgressRepository, 'bibsPending'>;
}

/**
 * The `faces` job. Only for events with selfie_search on: no face data is kept for an event that
 * does not use it. Idempotent: the photo's faces are replaced.
 */
export function facesStep(deps: FacesStepDeps): JobHandler<'faces'> {
  return async ({ eventId, uuid, afterBibs }) => {
    if (!deps.detector) return { skipped: 'face search is turned off' };
    const event = await deps.events.findById(eventId);
    if (!event) return { skipped: 'the event was deleted' };
    const config = photosConfigOf(event);
    if (!config.feature_flag.selfie_search)
      return { skipped: 'selfie search is off for the event' };
    const runnersOnly = config.selfie_config.indexed_faces === 'runners';
    if (runnersOnly && deps.ocr && !afterBibs && (await deps.progress.bibsPending(eventId, uuid)))
      return { skipped: 'the photo’s bibs are still being read: their job finds its faces after' };
    const photo = await deps.photos.findByUuid(uuid);
    if (!photo) return { skipped: 'the photo was deleted' };
    const bytes = await deps.blobs.originals.get(photo.blobKey);
    if (!bytes) return { skipped: 'the original is gone' };
    // A face that cannot identify anyone (too small, blurred, turned away) is not kept: it would
    // only match strangers, and a person far in the background is not made findable.
    const seen = (await deps.detector.detectFaces(bytes)).filter(
      (face) => !face.quality || !unidentifiable(face.quality),
    );
    // Hidden: a face a hide request matches, and one on a box blurred before (a photo whose
    // faces are described again keeps every hide, whatever its new descriptor).
    const [matched, blurred] = await Promise.all([
      deps.hides.facesToHide(eventId, seen),
      deps.hides.facesOnBlurs(uuid, seen),
    ]);
    const detected = matched.map((hit, i) => hit || blurred[i]!);
    // Runners only: a face wearing no read bib is not stored, unless a hide request matched it.
    const worn = runnersOnly
      ? wearsBib(seen, (await deps.wornBibs.bibsOnPhotos(event, [uuid])).get(uuid) ?? [])
      : seen.map(() => true);
    const found = seen.filter((_, i) => worn[i] || detected[i]);
    const hide = detected.filter((_, i) => worn[i] || detected[i]);
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
    return {
      uuid,
      faces: ids.length,
      hidden: hidden.length,
      ...(runnersOnly ? { not_runners: seen.length - found.length } : {}),
    };
  };
}
