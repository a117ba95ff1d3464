import { FINDABILITY_LIST_LIMIT, type Findability } from '@eventsite/contract';
import { typedBib } from '../results/bib-query.js';
import { normaliseName } from '../results/names.js';
import type { FindabilityRepository } from '../repositories/findability.js';
import { photosConfigOf } from './event-config.js';
import type { EventService } from './events.js';

/** The longest search term counted; longer ones are not a bib or a name anyone wears. */
const MAX_TERM_LENGTH = 60;

/**
 * How findable an event's photos are, for its organiser (the findability dashboard), and the
 * record of visitors' searches that found nothing.
 */
export class FindabilityService {
  constructor(
    private readonly repo: FindabilityRepository,
    private readonly events: EventService,
  ) {}

  /** The dashboard of one event of the organiser (404 for another organiser's). */
  async of(eventId: number, organiserId: number): Promise<Findability> {
    const event = await this.events.requireOwned(eventId, organiserId);
    const config = photosConfigOf(event).bib_config;
    const strategies = new Set(config.strategies);
    const counted = {
      manual: strategies.has('manual'),
      ocr: strategies.has('ocr') || strategies.has('results'),
      threshold: config.global_confidence_threshold,
    };
    const [runners, photos, misses] = await Promise.all([
      this.repo.runners(eventId, counted),
      this.repo.photoCounts(eventId, counted),
      this.repo.misses(eventId, FINDABILITY_LIST_LIMIT),
    ]);
    const withPhotos = runners.filter((r) => r.found).length;
    return {
      runners: {
        registered: runners.length,
        with_photos: withPhotos,
        share: runners.length === 0 ? null : withPhotos / runners.length,
      },
      bibs_without_photos: runners
        .filter((r) => !r.found)
        .slice(0, FINDABILITY_LIST_LIMIT)
        .map(({ bib, name }) => ({ bib, name })),
      photos: {
        total: photos.total,
        still_reading: photos.reading,
        without_bib_or_face: photos.unfindable,
        low_confidence: photos.lowConfidence,
      },
      missed_searches: misses.map((m) => ({
        kind: m.kind,
        term: m.term,
        count: m.count,
        last_at: m.lastAt.toISOString(),
      })),
    };
  }

  /**
   * Counts a visitor's bib or name search that found nothing, as the bib or name it stands for
   * (F-123 and f123 are one bib; names without case or accents). The caller does not wait for
   * it: a search is never slowed or failed by its count.
   */
  async missed(
    eventId: number,
    search: { bib?: string | undefined; name?: string | undefined },
  ): Promise<void> {
    const kind = search.bib !== undefined ? 'bib' : 'name';
    const raw = search.bib ?? search.name ?? '';
    const term = kind === 'bib' ? typedBib(raw) : normaliseName(raw).replace(/\s+/g, ' ').trim();
    if (term === '' || term.length > MAX_TERM_LENGTH) return;
    await this.repo.addMiss(eventId, kind, term);
  }
}
