/**
 * The `redact` job ("Hide me everywhere"): faces on a photo were hidden, and its stored copies
 * are made again with them blurred: the display widths rendered at ingest and the copy served
 * for download (the original is never changed). Until it has run, the photo is served blurred
 * all the same: copies are keyed by the photo's redaction and made blurred on request.
 */
import type { JobHandler } from '../adapters/jobs/worker.js';

/** Makes a photo's blurred copies (the photo service). */
export interface Redactor {
  redact(uuid: string): Promise<{ redaction: number } | undefined>;
}

/** Idempotent: it makes the copies of the photo's current redaction again. */
export function redactStep(deps: { redactor: Redactor }): JobHandler<'redact'> {
  return async ({ uuid }) => {
    const done = await deps.redactor.redact(uuid);
    if (!done) return { skipped: 'the photo was deleted or has no hidden face' };
    return { uuid, redaction: done.redaction };
  };
}
