import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../adapters/db/index.js';
import { certificateTemplates, photoBibs, raceResults } from '../adapters/db/schema.js';
import { bibNumberPart } from '../bibs/bib-text.js';
import type { CutOff } from '../bibs/read-bibs.js';

export type PhotoBibRow = typeof photoBibs.$inferSelect;
export type RaceResultRow = typeof raceResults.$inferSelect;
export type NewRaceResultRow = Omit<typeof raceResults.$inferInsert, 'id' | 'eventId'>;

export interface NewDetection {
  bib: string;
  /** What a search compares with the threshold. */
  confidence: number;
  box: { x: number; y: number; width: number; height: number } | null;
  /** An OCR reading's confidence from its photo alone, when `confidence` weighs the event's other photos in. */
  readConfidence?: number;
  /** Where the reading's line runs into something, and its confidence as a whole bib. */
  cutOff?: CutOff;
}

/** An OCR reading as stored, for weighing it again against its event's other photos. */
export interface StoredReading {
  id: number;
  photoUuid: string;
  bib: string;
  confidence: number;
  readConfidence: number;
  cutOff?: CutOff;
}

/**
 * A row that says its bib is on its photo for sure: an operator's tag, or an OCR reading that
 * ends on its paper at both ends and was read at this confidence or more (as read, before the
 * event's other photos were weighed in) on a photo nobody tagged (a tagged photo's readings do
 * not count, as in a search).
 */
function clearRow(minConfidence: number) {
  return sql`(${photoBibs.source} = 'manual' or (${photoBibs.cutSide} is null and coalesce(${photoBibs.readConfidence}, ${photoBibs.confidence}) >= ${minConfidence} and not exists (select 1 from photo_bibs m where m.photo_uuid = ${photoBibs.photoUuid} and m.source = 'manual')))`;
}

/** Bibs on photos (OCR and manual), race results and certificate templates. */
export class BibRepository {
  constructor(
    private readonly db: Db,
    /** Told after a photo's bibs changed (live galleries re-ask their search). */
    private readonly onChange?: (eventId: number) => void,
  ) {}

  /**
   * Replaces the photo's rows of one source. A lettered bib (F123, 1234B) is stored as read and
   * also as its number (123, 1234), marked `derived`, so that a visitor who types the number
   * without its letters finds the photo; the derived row has the reading's confidence and box.
   */
  async replace(
    eventId: number,
    photoUuid: string,
    source: 'ocr' | 'manual',
    detections: NewDetection[],
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .delete(photoBibs)
        .where(and(eq(photoBibs.photoUuid, photoUuid), eq(photoBibs.source, source)));
      if (detections.length === 0) return;
      const row = (d: NewDetection, bib: string, derived: boolean) => ({
        photoUuid,
        eventId,
        bib,
        confidence: d.confidence,
        boxX: d.box?.x ?? null,
        boxY: d.box?.y ?? null,
        boxW: d.box?.width ?? null,
        boxH: d.box?.height ?? null,
        source,
        derived,
        readConfidence: d.readConfidence ?? null,
        cutSide: d.cutOff?.side ?? null,
        wholeConfidence: d.cutOff?.wholeConfidence ?? null,
      });
      await tx.insert(photoBibs).values(
        detections.flatMap((d) => {
          const number = bibNumberPart(d.bib);
          return number === null
            ? [row(d, d.bib, false)]
            : [row(d, d.bib, false), row(d, number, true)];
        }),
      );
    });
    this.onChange?.(eventId);
  }

  /** Every row of the photo, the derived numbers of lettered bibs too (`derived`). */
  async ofPhoto(photoUuid: string): Promise<PhotoBibRow[]> {
    return this.db
      .select()
      .from(photoBibs)
      .where(eq(photoBibs.photoUuid, photoUuid))
      .orderBy(asc(photoBibs.id));
  }

  /** The rows of these photos as read or tagged (no derived numbers), oldest first. */
  async ofPhotos(photoUuids: string[]): Promise<PhotoBibRow[]> {
    if (photoUuids.length === 0) return [];
    return this.db
      .select()
      .from(photoBibs)
      .where(and(inArray(photoBibs.photoUuid, photoUuids), eq(photoBibs.derived, false)))
      .orderBy(asc(photoBibs.id));
  }

  /** The event's bibs read clearly (`clearRow`) on some photo, or tagged. */
  async clearBibs(eventId: number, minConfidence: number): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ bib: photoBibs.bib })
      .from(photoBibs)
      .where(and(eq(photoBibs.eventId, eventId), clearRow(minConfidence)));
    return rows.map((r) => r.bib);
  }

  /** Where these bibs are read clearly (`clearRow`) or tagged in the event: bib and photo. */
  async clearSightings(
    eventId: number,
    minConfidence: number,
    bibs: string[],
  ): Promise<Array<{ bib: string; photoUuid: string }>> {
    if (bibs.length === 0) return [];
    return this.db
      .selectDistinct({ bib: photoBibs.bib, photoUuid: photoBibs.photoUuid })
      .from(photoBibs)
      .where(
        and(eq(photoBibs.eventId, eventId), inArray(photoBibs.bib, bibs), clearRow(minConfidence)),
      );
  }

  /**
   * The event's OCR readings of these bibs that can be weighed again (stored with their
   * confidence as read), but those of `exceptPhoto`; readings, not the derived numbers of
   * lettered bibs (`setConfidences` moves those with their reading).
   */
  async readingsOf(eventId: number, bibs: string[], exceptPhoto: string): Promise<StoredReading[]> {
    if (bibs.length === 0) return [];
    const rows = await this.db
      .select()
      .from(photoBibs)
      .where(
        and(
          eq(photoBibs.eventId, eventId),
          inArray(photoBibs.bib, bibs),
          eq(photoBibs.source, 'ocr'),
          eq(photoBibs.derived, false),
          sql`${photoBibs.readConfidence} is not null`,
          sql`${photoBibs.photoUuid} <> ${exceptPhoto}`,
        ),
      );
    return rows.map((r) => ({
      id: r.id,
      photoUuid: r.photoUuid,
      bib: r.bib,
      confidence: r.confidence,
      readConfidence: r.readConfidence!,
      ...(r.cutSide && r.wholeConfidence !== null
        ? { cutOff: { side: r.cutSide, wholeConfidence: r.wholeConfidence } }
        : {}),
    }));
  }

  /**
   * New confidences for stored readings (`StoredReading.id`); the derived number of a lettered
   * reading (same photo, its number) takes the same.
   */
  async setConfidences(
    eventId: number,
    changes: Array<{ reading: StoredReading; confidence: number }>,
  ): Promise<void> {
    if (changes.length === 0) return;
    await this.db.transaction(async (tx) => {
      for (const { reading, confidence } of changes) {
        const number = bibNumberPart(reading.bib);
        await tx
          .update(photoBibs)
          .set({ confidence })
          .where(
            and(
              eq(photoBibs.photoUuid, reading.photoUuid),
              eq(photoBibs.source, 'ocr'),
              number === null
                ? eq(photoBibs.id, reading.id)
                : sql`(${photoBibs.id} = ${reading.id} or (${photoBibs.derived} and ${photoBibs.bib} = ${number}))`,
            ),
          );
      }
    });
    this.onChange?.(eventId);
  }

  /** The bibs of the event's results (what an import would replace). */
  async resultBibs(eventId: number): Promise<string[]> {
    const rows = await this.db
      .select({ bib: raceResults.bib })
      .from(raceResults)
      .where(eq(raceResults.eventId, eventId));
    return rows.map((r) => r.bib);
  }

  /** Replaces the event's results in one transaction. */
  async replaceResults(eventId: number, rows: NewRaceResultRow[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(raceResults).where(eq(raceResults.eventId, eventId));
      for (let i = 0; i < rows.length; i += 1000) {
        await tx
          .insert(raceResults)
          .values(rows.slice(i, i + 1000).map((r) => ({ ...r, eventId })));
      }
    });
  }

  async result(eventId: number, bib: string): Promise<RaceResultRow | undefined> {
    const rows = await this.db
      .select()
      .from(raceResults)
      .where(and(eq(raceResults.eventId, eventId), eq(raceResults.bib, bib)))
      .limit(1);
    return rows[0];
  }

  /**
   * The event's registered bibs a search for `bib` means: `bib` itself when registered, and for
   * a number of digits only, the lettered bibs it is the number of (F123, 123B for "123").
   */
  async registeredForms(eventId: number, bib: string): Promise<string[]> {
    const lettered = /^[0-9]+$/.test(bib)
      ? sql` or ${raceResults.bib} ~ ${`^([A-Z]{1,2}${bib}|${bib}[A-Z])$`}`
      : sql``;
    const rows = await this.db
      .select({ bib: raceResults.bib })
      .from(raceResults)
      .where(and(eq(raceResults.eventId, eventId), sql`(${raceResults.bib} = ${bib}${lettered})`));
    return rows.map((r) => r.bib).sort();
  }

  async hasResults(eventId: number): Promise<boolean> {
    const rows = await this.db
      .select({ one: sql<number>`1` })
      .from(raceResults)
      .where(eq(raceResults.eventId, eventId))
      .limit(1);
    return rows.length > 0;
  }

  /** Bib and name of every result of the event: the name index is built from them. */
  async names(eventId: number): Promise<Array<{ bib: string; name: string }>> {
    return this.db
      .select({ bib: raceResults.bib, name: raceResults.name })
      .from(raceResults)
      .where(eq(raceResults.eventId, eventId));
  }

  /**
   * How many of the event's OCR readings at or above the confidence have each count of digits
   * (letters aside; the derived numbers of lettered bibs are not counted twice).
   */
  async readingDigitCounts(eventId: number, minConfidence: number): Promise<Map<number, number>> {
    const digits = sql<number>`length(regexp_replace(${photoBibs.bib}, '[^0-9]', '', 'g'))`;
    const rows = await this.db
      .select({ digits, count: sql<number>`count(*)` })
      .from(photoBibs)
      .where(
        and(
          eq(photoBibs.eventId, eventId),
          eq(photoBibs.source, 'ocr'),
          eq(photoBibs.derived, false),
          sql`${photoBibs.confidence} >= ${minConfidence}`,
        ),
      )
      .groupBy(digits);
    return new Map(rows.map((r) => [Number(r.digits), Number(r.count)]));
  }

  async registeredBibs(eventId: number): Promise<Set<string>> {
    const rows = await this.db
      .select({ bib: raceResults.bib })
      .from(raceResults)
      .where(eq(raceResults.eventId, eventId));
    return new Set(rows.map((r) => r.bib));
  }

  async setTemplate(eventId: number, template: Record<string, unknown>): Promise<void> {
    await this.db
      .insert(certificateTemplates)
      .values({ eventId, template })
      .onConflictDoUpdate({
        target: certificateTemplates.eventId,
        set: { template, updatedAt: new Date() },
      });
  }

  async template(eventId: number): Promise<Record<string, unknown> | undefined> {
    const rows = await this.db
      .select({ template: certificateTemplates.template })
      .from(certificateTemplates)
      .where(eq(certificateTemplates.eventId, eventId))
      .limit(1);
    return rows[0]?.template;
  }
}
