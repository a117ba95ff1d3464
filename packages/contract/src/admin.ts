import { z } from 'zod';
import { BIB_PATTERN, JOB_STATES } from './constants.js';
import { SEARCH_MESSAGES } from './search-rules.js';
import { positiveId, uuid } from './primitives.js';

/**
 * The admin API (`/api/v1/admin/...`): bearer token per organiser, never cross-origin. A token
 * reaches only its own organiser's events and photos; others answer 404.
 */

/** `POST /api/v1/admin/events/{eventId}/photos` (multipart, `file` parts): 202, or 207 when some were refused. */
export const uploadAnswer = z.object({
  accepted: z.array(
    z.object({
      filename: z.string(),
      /** The photo's id once its ingest job is done (listed from then on). */
      uuid: z.string(),
      job_id: z.number().int(),
    }),
  ),
  refused: z.array(z.object({ filename: z.string(), reason: z.string() })),
});
export type UploadAnswer = z.infer<typeof uploadAnswer>;

/** `GET /api/v1/admin/events/{eventId}/jobs`: the event's background jobs (ingest, bib OCR). */
export const jobsStatus = z.object({
  counts: z.object({
    queued: z.number().int(),
    running: z.number().int(),
    done: z.number().int(),
    failed: z.number().int(),
  }),
  /** The event's photos counted as photos (one upload is one photo, however many jobs it has). */
  photos: z.object({
    /** Uploads accepted and not yet made into photos. */
    arriving: z.number().int(),
    /** Photos in the event, hidden ones too. */
    total: z.number().int(),
    /** Photos with nothing left to do: in the gallery, their bibs and faces read. */
    ready: z.number().int(),
    /** Photos whose bibs or faces are still being read. */
    reading: z.number().int(),
    /** Uploads that never became a photo, and photos whose reading failed for good. */
    failed: z.number().int(),
    /** Photos with a bib read or tagged by hand. */
    with_bibs: z.number().int(),
    /** Photos with at least one face found. */
    with_faces: z.number().int(),
  }),
  /** Failed jobs, and queued ones waiting for a retry after an error. */
  failures: z.array(
    z.object({
      job_id: z.number().int(),
      kind: z.string(),
      /** The file's name as uploaded (the photo's id for photos made before names were kept). */
      subject: z.string(),
      attempts: z.number().int(),
      last_error: z.string(),
      state: z.enum(JOB_STATES),
    }),
  ),
});
export type JobsStatus = z.infer<typeof jobsStatus>;

export const adminPhotoParams = z.object({ uuid });
export const adminEventParams = z.object({ eventId: positiveId });

/** `PUT /api/v1/admin/photos/{uuid}/bibs`: the photo's full list of manual tags; [] clears them. */
export const photoBibsInput = z
  .object({
    bibs: z
      .array(z.string().trim().regex(BIB_PATTERN, SEARCH_MESSAGES.bib))
      .max(50, 'At most 50 bibs per photo'),
  })
  .strict();
export type PhotoBibsInput = z.infer<typeof photoBibsInput>;

export const photoBibsAnswer = z.object({ uuid: z.string(), bibs: z.array(z.string()) });
export type PhotoBibsAnswer = z.infer<typeof photoBibsAnswer>;

/** `POST /api/v1/admin/events/{eventId}/results?map=bib:Dorsal,name:Nom` (body: the CSV). */
export const resultsImportQuery = z.object({
  map: z
    .string()
    .max(1000)
    .regex(
      /^[a-z_]+:[^,:]+(,[a-z_]+:[^,:]+)*$/,
      'map must be field:Column pairs separated by commas, such as bib:Dorsal,name:Nom (field:- for no column)',
    )
    .optional(),
});

export const resultsImportAnswer = z.object({
  imported: z.number().int(),
  /** Each row's problem; `kind` refused (not imported) or warning (imported without that value). */
  errors: z.array(
    z.object({
      line: z.number().int(),
      message: z.string(),
      kind: z.enum(['refused', 'warning']),
    }),
  ),
  /** Of the imported: runners new to the event, and runners (by bib) whose row replaced the old one. */
  added: z.number().int(),
  updated: z.number().int(),
  /** Rows not imported (their errors say why). */
  refused: z.number().int(),
  /** Runners of the previous import no longer in the file (the import replaces the results). */
  removed: z.number().int(),
  /** How the file's columns were understood: field → column heading. */
  columns: z.record(z.string(), z.string()),
});
export type ResultsImportAnswer = z.infer<typeof resultsImportAnswer>;
