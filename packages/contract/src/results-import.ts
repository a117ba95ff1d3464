import { z } from 'zod';

/**
 * The console's results import (issue 22): a preview of a results file before it is imported,
 * and the columns it may be read with. `POST /api/v1/admin/events/{eventId}/results/preview`
 * takes the same body and `?map=` as the import, stores nothing, and says what an import would do.
 */

/** The fields a results column may be mapped to (`?map=field:Column`; `field:-` for none). */
export const RESULTS_MAP_FIELDS = [
  'bib',
  'name',
  'first_name',
  'last_name',
  'gender',
  'category',
  'gun_time',
  'net_time',
  'overall_rank',
  'category_rank',
  'status',
] as const;
export type ResultsMapField = (typeof RESULTS_MAP_FIELDS)[number];

/** Data rows shown in a preview. */
export const RESULTS_PREVIEW_ROWS = 10;

/** One problem of a row: `refused` rows are not imported; a `warning` row is, without that value. */
export const resultsRowProblem = z.object({
  line: z.number().int(),
  message: z.string(),
  kind: z.enum(['refused', 'warning']),
});
export type ResultsRowProblem = z.infer<typeof resultsRowProblem>;

export const resultsPreview = z.object({
  /** The header row as read (trimmed). */
  headers: z.array(z.string()),
  /** The first data rows as read, each cell cut at 200 characters. */
  sample: z.array(z.object({ line: z.number().int(), cells: z.array(z.string()) })),
  /** Data rows in the file (not counting blank lines and the header). */
  total_rows: z.number().int(),
  delimiter: z.enum([',', ';', '\t']),
  encoding: z.string(),
  /** How the columns are understood (the mapping given, the rest guessed from the headings). */
  columns: z.record(z.string(), z.string()),
  /** Columns read as intermediate times. */
  splits: z.array(z.string()),
  /** Why the file cannot be imported as mapped (no bib column…), or null. */
  problem: z.string().nullable(),
  errors: z.array(resultsRowProblem),
  /** What an import would do: new runners, runners already there whose row is replaced, rows refused, runners no longer in the file. */
  counts: z.object({
    added: z.number().int(),
    updated: z.number().int(),
    refused: z.number().int(),
    removed: z.number().int(),
  }),
});
export type ResultsPreview = z.infer<typeof resultsPreview>;
