import {
  MAX_RUNNER_MATCHES,
  type CertificateTemplate,
  type PhotoBibsAnswer,
  type RaceResult,
  type ResultsImportAnswer,
  type ResultsPreview,
  type RunnerMatches,
} from '@eventsite/contract';
import { typedBib } from '../bibs/bib-text.js';
import { AppError, badRequest, notFound } from '../errors.js';
import type { BibRepository, NewRaceResultRow, RaceResultRow } from '../repositories/bibs.js';
import type { EventRow } from '../repositories/events.js';
import type { BibFilter, PhotoRepository } from '../repositories/photos.js';
import {
  buildNameIndex,
  formatSeconds,
  type NameIndex,
  normaliseName,
  parseResultsCsv,
  type ResultField,
  ResultsFileError,
  RESULT_FIELDS,
  splitsObject,
} from '../results/index.js';
import { checkResultsFile, importCounts, previewResults, rowProblems } from '../results/preview.js';
import { photosConfigOf } from './event-config.js';
import { EventReadings } from './event-readings.js';
import type { EventService } from './events.js';
import type { JobService } from './jobs.js';
import { absoluteAssetUrl } from './urls.js';
import type { PhotoSearch, PhotoSearchResolver } from './photos.js';

export { engineBibReader, type BibReader, type BibReading } from './engines.js';

/** Runners a name search looks at (best matches first). */
export const MAX_NAME_MATCHES = 50;
/** In privacy mode, a name search may match at most this many runners. */
export const MAX_PRIVATE_NAME_MATCHES = 5;

export const BIB_SEARCH_OFF_MESSAGE = 'Bib search is turned off for this event.';
export const NAME_SEARCH_OFF_MESSAGE = 'Name search is turned off for this event.';
export const TIMING_OFF_MESSAGE = 'Race results are not shown for this event.';

/** `bib:Dorsal,name:Nom` → { bib: 'Dorsal', name: 'Nom' }. */
export function parseColumnMap(map: string | undefined): Partial<Record<ResultField, string>> {
  if (!map) return {};
  const mapping: Partial<Record<ResultField, string>> = {};
  for (const pair of map.split(',')) {
    const [field = '', column = ''] = pair.split(':');
    if (!(RESULT_FIELDS as readonly string[]).includes(field))
      throw badRequest(
        `map: '${field}' is not a results field (one of ${RESULT_FIELDS.join(', ')})`,
      );
    // `field:-`: no column for that field (and none guessed).
    mapping[field as ResultField] = column.trim() === '-' ? undefined : column.trim();
  }
  return mapping;
}

/**
 * Bibs and names: OCR readings and manual tags on photos, race results, name search, the
 * certificate template. Decides which photos a bib or name search finds (bib_config).
 */
/** The photos of a bib, with the bib's boxes on each ("more photos of you" looks above them). */
export type BibPhotos = Array<{
  uuid: string;
  bibBoxes: Array<{ x: number; y: number; width: number; height: number }>;
}>;

/** The bibs on one photo, with the box each was read in (null for an operator's tag). */
export type WornBibs = Array<{
  bib: string;
  box: { x: number; y: number; width: number; height: number } | null;
}>;

export class BibService implements PhotoSearchResolver {
  private readonly nameIndexes = new Map<
    number,
    Promise<NameIndex<{ bib: string; name: string }>>
  >();

  /**
   * Called before a photo's manual tags are stored (hide-me: a hidden runner's bib stays hidden
   * on the photo; services/index.ts sets it to HideService.beforeManualTags).
   */
  beforeManualTags?: (eventId: number, uuid: string, bibs: readonly string[]) => Promise<void>;

  constructor(
    private readonly bibs: BibRepository,
    private readonly photos: PhotoRepository,
    private readonly events: EventService,
    /** Bib OCR of ingested photos is on (OCR_ENABLED): the `bibs` job is ingest/bibs.ts. */
    readonly ocrEnabled: boolean,
    private readonly jobs?: Pick<JobService, 'enqueueEventRun'>,
  ) {
    this.weighing = new EventReadings(bibs);
  }

  private readonly weighing: EventReadings;

  /**
   * Queues a new reading of every photo of the event (its bib format changed: readings made
   * under the old one go). Each photo's readings are replaced by its job; manual tags stay.
   * Nothing when OCR is off here.
   */
  async readEventAgain(eventId: number): Promise<{ queued: number }> {
    if (!this.ocrEnabled || !this.jobs) return { queued: 0 };
    const uuids = await this.photos.uuidsOfEvent(eventId);
    return { queued: await this.jobs.enqueueEventRun('bibs', eventId, uuids) };
  }

  /** Replaces the photo's manual tags; an empty list clears them (OCR readings count again). */
  async setManual(
    uuid: string,
    organiserId: number | null,
    bibs: string[],
  ): Promise<PhotoBibsAnswer> {
    const id = uuid.toLowerCase();
    const photo =
      organiserId === null
        ? await this.photos.findByUuid(id)
        : await this.photos.findOwned(id, organiserId);
    if (!photo) throw notFound(`No photo has the id ${uuid}`);
    const unique = [...new Set(bibs.map((b) => typedBib(b)))].sort();
    await this.beforeManualTags?.(photo.eventId, photo.uuid, unique);
    const rows = (await this.bibs.ofPhoto(photo.uuid)).filter((r) => !r.derived);
    const before = rows.filter((r) => r.source === 'manual').map((r) => r.bib);
    const read = rows.filter((r) => r.source === 'ocr').map((r) => r.bib);
    await this.bibs.replace(
      photo.eventId,
      photo.uuid,
      'manual',
      unique.map((bib) => ({ bib, confidence: 1, box: null })),
    );
    await this.weighing.tagsChanged(photo.eventId, photo.uuid, { before, after: unique, read });
    return { uuid: photo.uuid, bibs: unique };
  }

  /**
   * Deletes a photo (`remove`) so that its bibs stop counting as the event's sightings: a cut-off
   * reading elsewhere that only this photo confirmed is lowered again.
   */
  async deletingPhoto(eventId: number, uuid: string, remove: () => Promise<void>): Promise<void> {
    const bibs = (await this.bibs.ofPhoto(uuid)).filter((r) => !r.derived).map((r) => r.bib);
    await remove();
    await this.weighing.photoGone(eventId, uuid, bibs);
  }

  /** Turns a bib or name search into the rows that find photos, per the event's bib_config. */
  async filterFor(event: EventRow, search: PhotoSearch): Promise<BibFilter> {
    const config = photosConfigOf(event);
    const strategies = new Set(config.bib_config.strategies);
    const threshold = config.bib_config.global_confidence_threshold;
    const useManual = strategies.has('manual');
    const useOcr = strategies.has('ocr');
    const useResults = strategies.has('results');
    let bibs: string[];
    let ocrCounts: (bib: string) => boolean;
    if (search.bib !== undefined) {
      if (!config.feature_flag.bib_search) throw new AppError(403, BIB_SEARCH_OFF_MESSAGE);
      // "F-123" and "f 123" are F123; "123" also finds F123 and 123B (their derived rows).
      const bib = typedBib(search.bib);
      // 'results' keeps OCR readings of bibs in the results; before results exist, 'ocr' alone
      // applies. A number typed without its letters counts as the registered lettered bibs it
      // is the number of ("123" → F123 when F123 is in the results): their readings, not
      // readings of other bibs with that number.
      const hasResults = useResults ? await this.bibs.hasResults(event.id) : false;
      if (hasResults) {
        const registered = await this.bibs.registeredForms(event.id, bib);
        return {
          manualBibs: useManual ? [bib] : [],
          ocrBibs: registered,
          threshold,
          manualOverrides: useManual,
        };
      }
      bibs = [bib];
      ocrCounts = () => useOcr;
    } else {
      if (!config.feature_flag.name_search) throw new AppError(403, NAME_SEARCH_OFF_MESSAGE);
      const index = await this.nameIndex(event.id);
      // A name search is for one runner: past 50 runners the name typed is too vague to matter.
      const found = index.search(search.name ?? '', MAX_NAME_MATCHES);
      if (!found.ok) throw badRequest(`name: ${found.error}`);
      // A private gallery is found one runner at a time: a few letters matching many runners
      // would hand out everyone's photos.
      if (!config.feature_flag.show_all_images && found.total > MAX_PRIVATE_NAME_MATCHES)
        throw badRequest(
          `name: more than ${MAX_PRIVATE_NAME_MATCHES} runners match; type more of the name (first and last name).`,
        );
      bibs = [...new Set(found.matches.map((m) => m.row.bib))];
      // Every bib found by name is in the results.
      ocrCounts = () => useOcr || useResults;
    }
    return {
      manualBibs: useManual ? bibs : [],
      ocrBibs: bibs.filter(ocrCounts),
      threshold,
      manualOverrides: useManual,
    };
  }

  /**
   * The bibs on these photos as a bib search counts them: the operator's tags where a photo has
   * some (they override its readings), else the OCR readings at the event's confidence; with
   * their boxes (null for a tag).
   */
  async bibsOnPhotos(event: EventRow, uuids: string[]): Promise<Map<string, WornBibs>> {
    const config = photosConfigOf(event);
    const strategies = new Set(config.bib_config.strategies);
    const threshold = config.bib_config.global_confidence_threshold;
    const rows = await this.bibs.ofPhotos(uuids);
    const tagged = new Set(rows.filter((r) => r.source === 'manual').map((r) => r.photoUuid));
    const out = new Map<string, WornBibs>();
    for (const r of rows) {
      const counts =
        r.source === 'manual'
          ? strategies.has('manual')
          : (strategies.has('ocr') || strategies.has('results')) &&
            !(strategies.has('manual') && tagged.has(r.photoUuid)) &&
            r.confidence >= threshold;
      if (!counts) continue;
      const box =
        r.boxX !== null && r.boxY !== null && r.boxW && r.boxH
          ? { x: r.boxX, y: r.boxY, width: r.boxW, height: r.boxH }
          : null;
      out.set(r.photoUuid, [...(out.get(r.photoUuid) ?? []), { bib: r.bib, box }]);
    }
    return out;
  }

  /** The photos a bib search finds (up to `limit`), with the boxes where the bib was read on each. */
  async photosWithBib(event: EventRow, bib: string, limit: number): Promise<BibPhotos> {
    const filter = await this.filterFor(event, { bib });
    const rows = await this.photos.pageByBibs(event.id, filter, null, limit);
    const wanted = new Set([...filter.manualBibs, ...filter.ocrBibs]);
    return Promise.all(
      rows.map(async (photo) => ({
        uuid: photo.uuid,
        bibBoxes: (await this.bibs.ofPhoto(photo.uuid)).flatMap((r) =>
          wanted.has(r.bib) && r.boxX !== null && r.boxY !== null && r.boxW && r.boxH
            ? [{ x: r.boxX, y: r.boxY, width: r.boxW, height: r.boxH }]
            : [],
        ),
      })),
    );
  }

  private nameIndex(eventId: number) {
    let index = this.nameIndexes.get(eventId);
    if (!index) {
      index = this.bibs.names(eventId).then((rows) => buildNameIndex(rows));
      index.catch(() => this.nameIndexes.delete(eventId));
      if (this.nameIndexes.size > 200) this.nameIndexes.clear();
      this.nameIndexes.set(eventId, index);
    }
    return index;
  }

  /** Replaces the event's race results with those of the file; bad rows are reported by line. */
  async importResults(
    eventId: number,
    organiserId: number | null,
    bytes: Buffer,
    map: string | undefined,
  ): Promise<ResultsImportAnswer> {
    await this.requireEvent(eventId, organiserId);
    const mapping = parseColumnMap(map);
    let parsed;
    try {
      checkResultsFile(bytes);
      parsed = parseResultsCsv(bytes, { mapping });
    } catch (error) {
      if (error instanceof ResultsFileError) throw badRequest(`The results file: ${error.message}`);
      throw error;
    }
    const rows: NewRaceResultRow[] = parsed.rows.map((r) => ({
      bib: r.bib,
      name: r.name,
      nameNormalised: normaliseName(r.name),
      gender: r.gender,
      category: r.category,
      gunTime: r.gun_time === null ? null : formatSeconds(r.gun_time),
      netTime: r.net_time === null ? null : formatSeconds(r.net_time),
      status: r.status === 'finished' ? null : r.status.toUpperCase(),
      overallRank: r.overall_rank,
      categoryRank: r.category_rank,
      // An ordered array: jsonb would reorder an object's keys (T1, Bike, Swim).
      splits: r.splits.map(([label, seconds]): [string, string] => [label, formatSeconds(seconds)]),
    }));
    const stored = new Set(await this.bibs.resultBibs(eventId));
    await this.bibs.replaceResults(eventId, rows);
    this.nameIndexes.delete(eventId);
    const { splits, ...fields } = parsed.columns;
    const columns: Record<string, string> = {};
    for (const [field, header] of Object.entries(fields)) if (header) columns[field] = header;
    if (splits.length > 0) columns.splits = splits.join(', ');
    return {
      imported: rows.length,
      errors: rowProblems(parsed),
      ...importCounts(parsed, stored),
      columns,
    };
  }

  /** What importing the file would do (the console's preview): nothing is stored. */
  async previewResults(
    eventId: number,
    organiserId: number | null,
    bytes: Buffer,
    map: string | undefined,
  ): Promise<ResultsPreview> {
    await this.requireEvent(eventId, organiserId);
    const mapping = parseColumnMap(map);
    try {
      return previewResults(bytes, mapping, new Set(await this.bibs.resultBibs(eventId)));
    } catch (error) {
      if (error instanceof ResultsFileError) throw badRequest(`The results file: ${error.message}`);
      throw error;
    }
  }

  /** The organiser's event (admin API), or any event (`null`: the operator's CLI). */
  private async requireEvent(eventId: number, organiserId: number | null) {
    return organiserId === null
      ? this.events.require(eventId)
      : this.events.requireOwned(eventId, organiserId);
  }

  async result(eventId: number, bib: string, appDomain?: string): Promise<RaceResult> {
    const event = await this.events.requirePublished(eventId, appDomain);
    if (!photosConfigOf(event).feature_flag.show_timing_data)
      throw new AppError(403, TIMING_OFF_MESSAGE);
    const row = await this.bibs.result(eventId, typedBib(bib));
    if (!row) throw notFound(`No result for bib ${bib} in this event`);
    return toRaceResult(row);
  }

  /**
   * The runners of the results whose name matches (our extension: the site's name search offers
   * them, each to their runner page), best first. Public like a result by bib: show_timing_data.
   */
  async runnersByName(eventId: number, name: string, appDomain?: string): Promise<RunnerMatches> {
    const event = await this.events.requirePublished(eventId, appDomain);
    if (!photosConfigOf(event).feature_flag.show_timing_data)
      throw new AppError(403, TIMING_OFF_MESSAGE);
    const found = (await this.nameIndex(event.id)).search(name, MAX_RUNNER_MATCHES);
    if (!found.ok) throw badRequest(`name: ${found.error}`);
    const rows = await Promise.all(found.matches.map((m) => this.bibs.result(event.id, m.row.bib)));
    return {
      runners: rows.flatMap((r) =>
        r ? [{ bib: r.bib, name: r.name, category: r.category, net_time: r.netTime }] : [],
      ),
      total: found.total,
    };
  }

  async setTemplate(
    eventId: number,
    organiserId: number | null,
    template: CertificateTemplate,
  ): Promise<CertificateTemplate> {
    await this.requireEvent(eventId, organiserId);
    await this.bibs.setTemplate(eventId, template as unknown as Record<string, unknown>);
    return template;
  }

  /** `origin`: the API's public base, for artwork it hosts itself (stored as a path). */
  async template(eventId: number, appDomain?: string, origin = ''): Promise<CertificateTemplate> {
    const event = await this.events.requirePublished(eventId, appDomain);
    const template = photosConfigOf(event).feature_flag.enable_custom_certificate
      ? ((await this.bibs.template(eventId)) as unknown as CertificateTemplate | undefined)
      : undefined;
    if (!template) throw notFound('This event has no certificate template');
    return { ...template, background_url: absoluteAssetUrl(template.background_url, origin) };
  }
}

export function toRaceResult(row: RaceResultRow): RaceResult {
  return {
    bib: row.bib,
    name: row.name,
    gender: row.gender,
    category: row.category,
    gun_time: row.gunTime,
    net_time: row.netTime,
    status: row.status,
    overall_rank: row.overallRank,
    category_rank: row.categoryRank,
    splits: splitsObject(row.splits),
  };
}
