import type { EventCover, PhotoVisibility } from '@eventsite/contract';
import { notFound } from '../errors.js';
import type { EventRepository } from '../repositories/events.js';
import type { PhotoRepository } from '../repositories/photos.js';
import type { EventService } from './events.js';

/**
 * What the organiser shows of an event's photos: a photo hidden from visitors is kept (its
 * files, bibs and faces stay) but no listing, search, selfie answer, zip or photo URL serves it
 * any more; restoring it shows it again. The cover photo is the one listed first for the event.
 * Another organiser's photo or event is 404, as if it did not exist.
 */
export class PhotoVisibilityService {
  constructor(
    private readonly events: EventService,
    private readonly eventRows: EventRepository,
    private readonly photos: PhotoRepository,
    /** Told of a photo whose visibility changed: its look-up and copies in memory are dropped. */
    private readonly forgetPhoto: (uuid: string) => void,
    /** Told the event's public answers changed (the cover photo). */
    private readonly photosChanged: (eventId: number) => void,
  ) {}

  async setHidden(uuid: string, organiserId: number, hidden: boolean): Promise<PhotoVisibility> {
    const id = uuid.toLowerCase();
    const photo = await this.photos.findOwned(id, organiserId);
    if (!photo) throw notFound(`No photo has the id ${uuid}`);
    // Hiding twice keeps the first time; restoring a shown photo changes nothing.
    if ((photo.hiddenAt !== null) !== hidden)
      await this.photos.setHidden(photo.eventId, id, hidden ? new Date() : null);
    this.forgetPhoto(id);
    return { uuid: id, hidden };
  }

  async setCover(
    eventId: number,
    organiserId: number,
    photoUuid: string | null,
  ): Promise<EventCover> {
    await this.events.requireOwned(eventId, organiserId);
    const id = photoUuid?.toLowerCase() ?? null;
    if (id) {
      const photo = await this.photos.findOwned(id, organiserId);
      if (!photo || photo.eventId !== eventId)
        throw notFound(`The event ${eventId} has no photo with the id ${photoUuid}`);
    }
    await this.eventRows.setCover(eventId, id);
    this.photosChanged(eventId);
    return { event_id: eventId, cover_photo_uuid: id };
  }
}
