import type { BibReviewPage, BibReviewQuery } from '@eventsite/contract';
import { badRequest } from '../errors.js';
import type { BibReviewRepository } from '../repositories/bib-review.js';
import { photosConfigOf } from './event-config.js';
import { adminPhotoOf } from './event-contents.js';
import type { EventService } from './events.js';

/**
 * Bibs by hand: the photos of an event a person should look at (no bib read, or a reading under
 * the event's confidence threshold, and not tagged by hand yet), a page at a time in gallery
 * order. A photo tagged (`PUT /photos/{uuid}/bibs`) leaves the list.
 */
export class BibReviewService {
  constructor(
    private readonly events: EventService,
    private readonly review: BibReviewRepository,
  ) {}

  async page(organiserId: number, eventId: number, query: BibReviewQuery): Promise<BibReviewPage> {
    const event = await this.events.requireOwned(eventId, organiserId);
    const threshold = photosConfigOf(event).bib_config.global_confidence_threshold;
    const after = query.after?.toLowerCase();
    if (after && !(await this.review.isOfEvent(eventId, after)))
      throw badRequest('after: no photo of this event has this id');
    const [total, rows] = await Promise.all([
      this.review.count(eventId, threshold),
      this.review.page(eventId, threshold, after, query.limit + 1),
    ]);
    const photos = rows.slice(0, query.limit);
    return {
      photos: photos.map((r) => adminPhotoOf(r, event.coverPhotoUuid)),
      total,
      threshold,
      next_after: rows.length > query.limit ? (photos.at(-1)?.uuid ?? null) : null,
    };
  }
}
