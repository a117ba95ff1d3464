import { z } from 'zod';
import { accessGrantParam } from './access.js';
import { BIB_PATTERN } from './constants.js';
import { appDomain, positiveId } from './primitives.js';
import { NAME_SEARCH_MAX, NAME_SEARCH_MIN, SEARCH_MESSAGES } from './search-rules.js';

/** One participant's race result: `GET /api/v1/client/events/{eventId}/results/{bib}`. */
export const raceResult = z.object({
  bib: z.string(),
  name: z.string(),
  gender: z.string().nullable(),
  category: z.string().nullable(),
  /** `h:mm:ss` (or `h:mm:ss.t`), or null when not timed. */
  gun_time: z.string().nullable(),
  net_time: z.string().nullable(),
  /** DNF, DNS, DQ, or null for a finisher. */
  status: z.string().nullable(),
  overall_rank: z.number().int().positive().nullable(),
  category_rank: z.number().int().positive().nullable(),
  /** Split label (e.g. `10K`) to time `h:mm:ss`. */
  splits: z.record(z.string(), z.string()),
});
export type RaceResult = z.infer<typeof raceResult>;

/** The searches the gallery offers beside browsing: `?bib=` or `?name=` on the photos listing. */
export const photoSearchQuery = z.object({
  bib: z.string().trim().regex(BIB_PATTERN, SEARCH_MESSAGES.bib).optional(),
  name: z
    .string()
    .trim()
    .min(NAME_SEARCH_MIN, SEARCH_MESSAGES.nameTooShort)
    .max(NAME_SEARCH_MAX, SEARCH_MESSAGES.nameTooLong)
    .optional(),
});
export type PhotoSearchQuery = z.infer<typeof photoSearchQuery>;

/** `GET /api/v1/client/events/{eventId}/results/{bib}`. */
export const resultParams = z.object({
  eventId: positiveId,
  bib: z.string().trim().regex(BIB_PATTERN, SEARCH_MESSAGES.bib),
});

/** Runners a name search offers at most: it is for finding one runner, not for listing them. */
export const MAX_RUNNER_MATCHES = 10;

/**
 * `GET /api/v1/client/events/{eventId}/results?name=` (our extension, optional: a provider without
 * it answers 404 and the site offers no runners to pick): the runners of the results whose name
 * matches, best first, at most MAX_RUNNER_MATCHES.
 */
export const runnerSearchQuery = z.object({
  name: z
    .string()
    .trim()
    .min(NAME_SEARCH_MIN, SEARCH_MESSAGES.nameTooShort)
    .max(NAME_SEARCH_MAX, SEARCH_MESSAGES.nameTooLong),
  app_domain: appDomain.optional(),
  grant: accessGrantParam.optional(),
});
export type RunnerSearchQuery = z.infer<typeof runnerSearchQuery>;

export const runnerMatch = z.object({
  bib: z.string(),
  name: z.string(),
  category: z.string().nullable(),
  net_time: z.string().nullable(),
});
export type RunnerMatch = z.infer<typeof runnerMatch>;

export const runnerMatches = z.object({
  runners: z.array(runnerMatch).max(MAX_RUNNER_MATCHES),
  /** How many runners matched in all (more than `runners` holds when the name is vague). */
  total: z.number().int().nonnegative(),
});
export type RunnerMatches = z.infer<typeof runnerMatches>;
