import type {
  AdminPhoto,
  AdminPhotoPage,
  AdminPhotosQuery,
  EventDeleted,
} from '@eventsite/contract';
import type { BlobStores } from '../adapters/blobs.js';
import { notFound } from '../errors.js';
import type {
  DeletedEventFiles,
  EventContentsRepository,
  PhotoStateRow,
} from '../repositories/event-contents.js';
import type { EventService } from './events.js';
import type { FaceIndexes } from './face-indexes.js';

/** A photo of the console's lists, as the admin API answers it. */
export function adminPhotoOf(r: PhotoStateRow, coverPhotoUuid: string | null): AdminPhoto {
  return {
    uuid: r.uuid,
    width: r.width,
    height: r.height,
    captured_at: r.capturedAt ? r.capturedAt.toISOString() : null,
    added_at: r.createdAt.toISOString(),
    byte_size: r.byteSize,
    file_name: r.originalName,
    bibs: r.bibs,
    faces: r.faces,
    hidden_faces: r.hiddenFaces,
    hidden: r.hidden,
    cover: r.uuid === coverPhotoUuid,
  };
}

/**
 * An event's contents for its organiser: the photo list with each photo's state, and deleting
 * the event with everything of it: the database rows first, in one transaction (photos,
 * bibs, faces, results, jobs go with the event's row), then the files no row wants any more
 * (originals, variants, incoming uploads). This process forgets the event and its photos'
 * look-ups at once (a copy of a variant left in memory is then never reached). A file left
 * behind by a failure after the rows went is no row's, so the start-up sweep removes it.
 */
export class EventContentsService {
  constructor(
    private readonly events: EventService,
    private readonly contents: EventContentsRepository,
    private readonly blobs: BlobStores,
    private readonly faceIndexes: FaceIndexes,
    /** Told the event's photos changed (covers, public answers, live galleries). */
    private readonly photosChanged: (eventId: number) => void,
  ) {}

  /** A page of the event's photos, in gallery order, with their bibs, faces and hidden faces. */
  async photoPage(
    organiserId: number,
    eventId: number,
    query: AdminPhotosQuery,
  ): Promise<AdminPhotoPage> {
    const event = await this.events.requireOwned(eventId, organiserId);
    const total = await this.contents.photoCount(eventId);
    const offset = (query.page - 1) * query.page_size;
    const rows =
      offset < total ? await this.contents.photoPage(eventId, offset, query.page_size) : [];
    return {
      photos: rows.map((r) => adminPhotoOf(r, event.coverPhotoUuid)),
      pagination: {
        total,
        page: query.page,
        page_size: query.page_size,
        total_pages: Math.ceil(total / query.page_size),
      },
    };
  }

  /**
   * Deletes one of the organiser's events. Another organiser's event, and one already deleted,
   * are 404: a repeated delete changes nothing.
   */
  async deleteFor(organiserId: number, eventId: number): Promise<EventDeleted> {
    await this.events.requireOwned(eventId, organiserId);
    const deletion: { files?: DeletedEventFiles | undefined } = {};
    // The event's selfie index is dropped before and after its face rows go.
    await this.faceIndexes.deleteEvent(eventId, async () => {
      deletion.files = await this.contents.deleteEvent(eventId);
      return 0;
    });
    const files = deletion.files;
    if (!files) throw notFound(`No event has the id ${eventId}`);
    this.events.forgetDeleted(eventId);
    this.photosChanged(eventId);
    for (const photo of files.photos) {
      await this.blobs.originals.delete(photo.blobKey);
      await this.blobs.variants.deletePrefix(photo.uuid);
    }
    for (const key of files.incomingKeys) await this.blobs.incoming.delete(key);
    // Its uploaded banner (branding.ts) goes with it.
    await this.blobs.variants.deletePrefix(`event-banners/${eventId}`);
    // And its watermark image and sponsor frames (watermarks.ts, frames.ts).
    await this.blobs.variants.deletePrefix(`event-watermarks/${eventId}`);
    await this.blobs.variants.deletePrefix(`event-frames/${eventId}`);
    return { id: eventId, deleted: true, photos: files.photos.length };
  }
}
