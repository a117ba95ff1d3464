/**
 * An event's OCR readings weighed against each other in the database (`eventConfidence`): a
 * photo's readings as it is stored, and the readings on other photos that a photo's clear bibs
 * (or an operator's tags) confirm or show to be parts. The `bibs` job and manual tagging use it.
 */
import { bibNumberPart } from '../bibs/bib-text.js';
import {
  bibsAffectedBy,
  CLEAR_READING_MIN_CONFIDENCE,
  ClearBibs,
  eventConfidence,
  type EventContext,
} from '../bibs/event-context.js';
import type { BibRepository } from '../repositories/bibs.js';

type Readings = Pick<
  BibRepository,
  'clearBibs' | 'clearSightings' | 'readingsOf' | 'setConfidences'
>;

/** A clear bib as the event's readings hold it: as read, and a lettered one as its number too. */
export function clearForms(bib: string): string[] {
  const number = bibNumberPart(bib);
  return number === null ? [bib] : [bib, number];
}

export class EventReadings {
  constructor(private readonly bibs: Readings) {}

  /** Every clear bib of the event (for "does a clear bib continue this reading"). */
  async clearBibs(eventId: number): Promise<ClearBibs> {
    return new ClearBibs(await this.bibs.clearBibs(eventId, CLEAR_READING_MIN_CONFIDENCE));
  }

  /**
   * The event as seen from each of its photos, for readings of `bibs`: whether a bib is clear on
   * another photo is asked of the database (an indexed look-up of these few bibs, so that photos
   * stored a moment ago by another worker count); continuations come from `clear`.
   */
  async contextFor(
    eventId: number,
    bibs: string[],
    clear: ClearBibs,
  ): Promise<(photoUuid: string) => EventContext> {
    const sightings = await this.bibs.clearSightings(eventId, CLEAR_READING_MIN_CONFIDENCE, [
      ...new Set(bibs),
    ]);
    const all = clear.with(sightings.map((s) => s.bib));
    return (photoUuid) => ({
      clearElsewhere: (bib) => sightings.some((s) => s.bib === bib && s.photoUuid !== photoUuid),
      continues: (bib, side) => all.continues(bib, side),
    });
  }

  /**
   * After the clear bibs of `photoUuid` changed (`changed`: those it gained or lost): the
   * readings of those bibs and of their starts and ends on the event's other photos, weighed
   * again. Returns how many changed.
   */
  async weighOthers(
    eventId: number,
    photoUuid: string,
    changed: string[],
    clear: ClearBibs,
  ): Promise<number> {
    const others = await this.bibs.readingsOf(
      eventId,
      [...new Set(changed.flatMap(bibsAffectedBy))],
      photoUuid,
    );
    if (others.length === 0) return 0;
    const there = await this.contextFor(
      eventId,
      others.map((o) => o.bib),
      clear,
    );
    const changes = others.flatMap((reading) => {
      const confidence = eventConfidence(
        { ...reading, confidence: reading.readConfidence },
        there(reading.photoUuid),
      );
      return confidence === reading.confidence ? [] : [{ reading, confidence }];
    });
    await this.bibs.setConfidences(eventId, changes);
    return changes.length;
  }

  /**
   * A photo is being deleted: its bibs (`bibs`, read before its rows go) no longer confirm, or
   * show to be parts, the readings on the event's other photos. Called after the rows are gone.
   */
  async photoGone(eventId: number, photoUuid: string, bibs: string[]): Promise<void> {
    const changed = [...new Set(bibs)].flatMap(clearForms);
    if (changed.length > 0)
      await this.weighOthers(eventId, photoUuid, changed, await this.clearBibs(eventId));
  }

  /**
   * An operator's tags say their runners are on the event for sure (clear sightings), and a
   * tagged photo's OCR readings no longer count (`read`: its readings' bibs). Other photos'
   * readings of the tags added or taken away, of the readings when the photo becomes tagged or
   * untagged, and of their parts, are weighed again.
   */
  async tagsChanged(
    eventId: number,
    photoUuid: string,
    tags: { before: string[]; after: string[]; read: string[] },
  ): Promise<void> {
    const { before, after, read } = tags;
    const changed = [
      ...after.filter((bib) => !before.includes(bib)),
      ...before.filter((bib) => !after.includes(bib)),
      ...(before.length > 0 !== after.length > 0 ? read : []),
    ].flatMap(clearForms);
    if (changed.length > 0)
      await this.weighOthers(eventId, photoUuid, changed, await this.clearBibs(eventId));
  }
}
