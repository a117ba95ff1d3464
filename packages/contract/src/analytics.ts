import { z } from 'zod';
import { BEACON_KINDS, STAT_KINDS, type StatKind } from './constants.js';
import { isoDate } from './primitives.js';

/**
 * An event's visitor analytics: counts per day, counted on the provider's server, aggregated, with
 * nothing of the visitor kept (no address, no cookie, no id). What the server sees itself (searches,
 * downloads, zips) it counts itself; what happens only in the browser (a visit, a photo opened, a
 * share) the site reports with a beacon.
 */
/** `POST /api/v1/client/events/{eventId}/stats` (JSON, or the same as text/plain for a beacon). */
export const statBeacon = z.object({ kind: z.enum(BEACON_KINDS) });
export type StatBeacon = z.infer<typeof statBeacon>;

/** The longest span one stats answer covers. */
export const MAX_STATS_DAYS = 366;

/** `GET /api/v1/admin/events/{eventId}/stats?from=&to=` (UTC days, both included; default the last 30). */
export const statsQuery = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type StatsQuery = z.infer<typeof statsQuery>;

const dayCounts = z.object(
  Object.fromEntries(STAT_KINDS.map((k) => [k, z.number().int()])) as Record<StatKind, z.ZodNumber>,
);

export const eventStats = z.object({
  from: z.string(),
  to: z.string(),
  /** Every day of the span, oldest first, zeros included. */
  days: z.array(dayCounts.extend({ day: z.string() })),
  totals: dayCounts,
});
export type EventStats = z.infer<typeof eventStats>;
