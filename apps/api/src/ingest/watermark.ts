/**
 * The `watermark` job: an event's watermark changed (a new version), and its stored display
 * variants (the widths rendered at ingest) are made again with it, photo by photo in gallery
 * order, the copies of older versions removed. Until it has run, every request is served with the
 * new mark all the same: variants are keyed by the version and made on first request.
 */
import type { JobHandler } from '../adapters/jobs/worker.js';

/** Makes an event's stored variants again with its mark (the watermark service). */
export interface Rewatermarker {
  rerender(
    eventId: number,
    version: number,
    target: { widths: readonly number[] },
  ): Promise<Record<string, unknown>>;
}

/** Idempotent: variants already made with the version are kept; a superseded job stops. */
export function watermarkStep(deps: {
  marks: Rewatermarker;
  widths: readonly number[];
}): JobHandler<'watermark'> {
  return ({ eventId, version }) => deps.marks.rerender(eventId, version, { widths: deps.widths });
}
