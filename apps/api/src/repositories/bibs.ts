import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../adapters/db/index.js';
import { certificateTemplates, photoBibs, raceResults } from '../adapters/db/schema.js';

export type PhotoBibRow = typeof photoBibs.$inferSelect;
export type RaceResultRow = typeof raceResults.$inferSelect;
export type NewRaceResultRow = Omit<typeof raceResults.$inferInsert, 'id' | 'eventId'>;

export interface NewDetection {
  bib: string;
  confidence: number;
  box: { x: number; y: number; width: number; height: number } | null;
}

/** Bibs on photos (OCR and manual), race results and certificate templates. */
export class BibRepository {
  constructor(
    private readonly db: Db,
    /** Told after a photo's bibs changed (live galleries re-ask their search). */
    private readonly onChange?: (eventId: number) => void,
  ) {}

  /** Replaces the photo's rows of one source. */
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
      await tx.insert(photoBibs).values(
        detections.map((d) => ({
          photoUuid,
          eventId,
          bib: d.bib,
          confidence: d.confidence,
          boxX: d.box?.x ?? null,
          boxY: d.box?.y ?? null,
          boxW: d.box?.width ?? null,
          boxH: d.box?.height ?? null,
          source,
        })),
      );
    });
    this.onChange?.(eventId);
  }

  async ofPhoto(photoUuid: string): Promise<PhotoBibRow[]> {
    return this.db
      .select()
      .from(photoBibs)
      .where(eq(photoBibs.photoUuid, photoUuid))
      .orderBy(asc(photoBibs.id));
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
