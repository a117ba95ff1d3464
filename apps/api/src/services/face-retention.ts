import {
  faceDataErasedMessage,
  faceDataExpiresAt,
  retentionDays,
  selfieSearchEndedMessage,
} from '../faces/retention.js';
import { AppError } from '../errors.js';
import type { EventRepository, EventRow } from '../repositories/events.js';
import type { FaceRepository } from '../repositories/faces.js';
import { photosConfigOf } from './event-config.js';
import type { FaceIndexes } from './face-indexes.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How often each process looks for events past their face data retention. */
export const FACE_RETENTION_CHECK_MS = 60 * 60 * 1000;

/**
 * An event's face data is deleted a set time after the event (`selfie_config.face_retention_days`,
 * capped by the operator's FACE_RETENTION_MAX_DAYS): each face's descriptor, and so the event's
 * search index. A face found on a photo added later is kept as many days after it was found.
 * Photos stay, and so do the faces hide requests matched (their blur holds). Every process
 * checks every hour and at start; a delete done twice deletes nothing the second time. Once an
 * event is past its date and no face of it is left, selfie search on it answers 410.
 */
export class FaceRetention {
  constructor(
    private readonly faces: FaceRepository,
    private readonly events: Pick<EventRepository, 'findById'>,
    private readonly indexes: FaceIndexes,
    /** The operator's cap on any event's days. */
    readonly maxDays: number,
  ) {}

  /** The clock the retention is read on (a test moves it). */
  now: () => Date = () => new Date();

  /** The days the event keeps its face data. */
  daysOf(event: Pick<EventRow, 'photosConfig'>): number {
    return retentionDays(photosConfigOf(event).selfie_config.face_retention_days, this.maxDays);
  }

  /** When the event's face data is deleted. */
  expiresAt(event: Pick<EventRow, 'photosConfig' | 'eventDate'>): Date {
    return faceDataExpiresAt(event.eventDate, this.daysOf(event));
  }

  expired(event: Pick<EventRow, 'photosConfig' | 'eventDate'>, now = this.now()): boolean {
    return now.getTime() >= this.expiresAt(event).getTime();
  }

  /**
   * Refuses a face search of an event whose face data is gone, saying so plainly (410): erased
   * by its organiser and no face found since; or past its day, no face left, and photos older
   * than the retention (whose faces it deleted). An old event whose photos were just added, and
   * are still being worked, is not "ended".
   */
  async requireKept(
    event: Pick<EventRow, 'id' | 'photosConfig' | 'eventDate' | 'facesErasedAt'>,
    searchableFaces: number,
    now = this.now(),
  ): Promise<void> {
    if (searchableFaces > 0) return;
    if (event.facesErasedAt) throw new AppError(410, faceDataErasedMessage(event.facesErasedAt));
    if (!this.expired(event, now)) return;
    const cutoff = new Date(now.getTime() - this.daysOf(event) * DAY_MS);
    if (await this.faces.hasPhotosAddedBefore(event.id, cutoff))
      throw new AppError(410, selfieSearchEndedMessage(this.expiresAt(event), this.daysOf(event)));
  }

  /**
   * Deletes the faces past their retention: of events past their date, those found more than
   * the event's days ago. How many events lost faces, and how many faces.
   */
  async expireDue(now = this.now()): Promise<{ events: number; faces: number }> {
    let events = 0;
    let faces = 0;
    for (const eventId of await this.faces.eventsWithSearchableFaces()) {
      const event = await this.events.findById(eventId);
      if (!event || !this.expired(event, now)) continue;
      const madeBefore = new Date(now.getTime() - this.daysOf(event) * DAY_MS);
      if (!(await this.faces.hasSearchableFacesBefore(eventId, madeBefore))) continue;
      events += 1;
      faces += await this.indexes.deleteEvent(eventId, () =>
        this.faces.deleteForEvent(eventId, { keepHidden: true, madeBefore }),
      );
    }
    return { events, faces };
  }

  /**
   * Checks now and then every `everyMs`, in the background (the process may exit meanwhile);
   * the returned function stops it.
   */
  every(everyMs: number, onError: (error: unknown) => void): () => void {
    const check = () => void this.expireDue().catch(onError);
    check();
    const timer = setInterval(check, everyMs);
    timer.unref();
    return () => clearInterval(timer);
  }
}
