import type { FaceDataDeleted, FaceDataRecord } from '@eventsite/contract';
import type { EventRepository } from '../repositories/events.js';
import type { FaceRepository } from '../repositories/faces.js';
import type { HideRepository } from '../repositories/hides.js';
import { photosConfigOf } from './event-config.js';
import type { EventService } from './events.js';
import type { FaceIndexes } from './face-indexes.js';
import type { FaceRetention } from './face-retention.js';

/**
 * An event's face data as its organiser accounts for it (docs/privacy.md): what is held (face
 * templates, the photos they come from, hide requests, when the retention deletes them, the
 * photos still to be described again under the current face recipe), and the erase of every
 * face at once. Counts only: no face is ever shown.
 */
export class FaceDataService {
  constructor(
    private readonly faces: Pick<
      FaceRepository,
      'countsForEvent' | 'deleteForEvent' | 'photosDescribedOtherwise'
    >,
    private readonly hides: Pick<HideRepository, 'stats'>,
    private readonly eventRows: Pick<EventRepository, 'update'>,
    private readonly events: Pick<EventService, 'requireOwned' | 'forget'>,
    private readonly indexes: Pick<FaceIndexes, 'deleteEvent'>,
    private readonly retention: Pick<FaceRetention, 'expiresAt'>,
  ) {}

  /** What face data the organiser's event holds (another organiser's event is 404). */
  async record(eventId: number, organiserId: number): Promise<FaceDataRecord> {
    const event = await this.events.requireOwned(eventId, organiserId);
    const [counts, hides, describeAgain] = await Promise.all([
      this.faces.countsForEvent(eventId),
      this.hides.stats(eventId),
      this.faces.photosDescribedOtherwise(eventId),
    ]);
    return {
      faces: counts.faces,
      photos: counts.photos,
      hide_requests: hides.requests,
      expires_at: this.retention.expiresAt(event).toISOString(),
      erased_at: event.facesErasedAt ? event.facesErasedAt.toISOString() : null,
      indexed_faces: photosConfigOf(event).selfie_config.indexed_faces,
      photos_to_describe_again: describeAgain,
    };
  }

  /**
   * Erases every face of the organiser's event, from the database and from memory, and records
   * when: selfie search then says the face data was erased, until faces are found again (photos
   * added later, or POST …/faces/detect). Hide requests stay, and so does every blur.
   */
  async erase(eventId: number, organiserId: number): Promise<FaceDataDeleted> {
    await this.events.requireOwned(eventId, organiserId);
    const deleted = await this.indexes.deleteEvent(eventId, () =>
      this.faces.deleteForEvent(eventId),
    );
    await this.eventRows.update(eventId, { facesErasedAt: new Date() });
    this.events.forget(eventId);
    return { deleted };
  }
}
