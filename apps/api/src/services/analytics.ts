import {
  type EventStats,
  MAX_STATS_DAYS,
  STAT_KINDS,
  type StatKind,
  type StatsQuery,
} from '@eventsite/contract';
import { badRequest } from '../errors.js';
import type { AnalyticsRepository, DailyCount } from '../repositories/analytics.js';
import type { EventService } from './events.js';

/** How often counts held in memory are written (a crash loses at most this much). */
export const ANALYTICS_FLUSH_MS = 5_000;
/** Distinct (event, day, kind) counts held before a write is forced. */
const MAX_PENDING = 10_000;
const DEFAULT_DAYS = 30;
const DAY_MS = 86_400_000;

const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * An event's visitor analytics: counts per day and kind, aggregated as they are taken (nothing
 * of a visitor is kept). Counting is in memory, written every few seconds in one statement, so
 * a search or a photo view never waits for it; several API processes each add their own.
 */
export class AnalyticsService {
  private pending = new Map<string, DailyCount>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  private onError: (error: unknown) => void = () => {};

  constructor(
    private readonly repo: AnalyticsRepository,
    private readonly events: EventService,
    private readonly now: () => number = Date.now,
  ) {}

  /** Where a failed write is reported (the app's log). */
  reportErrorsTo(onError: (error: unknown) => void): void {
    this.onError = onError;
  }

  /** Counts one thing that happened at an event (written within ANALYTICS_FLUSH_MS). */
  count(eventId: number, kind: StatKind): void {
    const day = utcDay(this.now());
    const key = `${eventId}|${day}|${kind}`;
    const held = this.pending.get(key);
    if (held) held.count += 1;
    else this.pending.set(key, { eventId, day, kind, count: 1 });
    if (this.pending.size >= MAX_PENDING) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), ANALYTICS_FLUSH_MS).unref();
  }

  /** Counts a browser's report of a published event's visit, photo view or share. */
  async report(eventId: number, kind: StatKind, appDomain: string | undefined): Promise<void> {
    await this.events.requirePublished(eventId, appDomain);
    this.count(eventId, kind);
  }

  /** Writes what is held (at once; the API's close waits for it). A failed write is reported and dropped. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    if (batch.length > 0)
      this.writing = this.writing
        .then(() => this.repo.add(batch))
        .catch((error: unknown) => this.onError(error));
    return this.writing;
  }

  /** The event's counts per day (the organiser's own event; 404 for another's). */
  async of(eventId: number, organiserId: number, query: StatsQuery): Promise<EventStats> {
    await this.events.requireOwned(eventId, organiserId);
    await this.flush();
    const to = query.to ?? utcDay(this.now());
    const from = query.from ?? utcDay(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_DAYS - 1) * DAY_MS);
    const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
    if (span < 1) throw badRequest('from: must be on or before to');
    if (span > MAX_STATS_DAYS) throw badRequest(`to: at most ${MAX_STATS_DAYS} days from from`);
    const stored = await this.repo.between(eventId, from, to);
    const zero = () =>
      Object.fromEntries(STAT_KINDS.map((k) => [k, 0])) as Record<StatKind, number>;
    const byDay = new Map<string, Record<StatKind, number>>();
    for (let i = 0; i < span; i++)
      byDay.set(utcDay(Date.parse(`${from}T00:00:00Z`) + i * DAY_MS), zero());
    const totals = zero();
    for (const row of stored) {
      if (!(STAT_KINDS as readonly string[]).includes(row.kind)) continue;
      const kind = row.kind as StatKind;
      const day = byDay.get(row.day);
      if (day) day[kind] += row.count;
      totals[kind] += row.count;
    }
    return { from, to, days: [...byDay].map(([day, counts]) => ({ day, ...counts })), totals };
  }
}

/** The counts as CSV: a header of the kinds, one line per day, then the totals. */
export function statsCsv(stats: EventStats): string {
  const lines = [['day', ...STAT_KINDS].join(',')];
  for (const d of stats.days) lines.push([d.day, ...STAT_KINDS.map((k) => d[k])].join(','));
  lines.push(['total', ...STAT_KINDS.map((k) => stats.totals[k])].join(','));
  return `${lines.join('\r\n')}\r\n`;
}
