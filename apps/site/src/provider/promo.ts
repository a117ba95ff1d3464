import type { CertificateTemplate, PhotoPage, RaceResult } from '@eventsite/contract';
import { browserEnvelope, eventPath } from './browser-call';
import { ProviderError, buildUrl } from './envelope';
import { fetchEventFrames } from './frames';
import { fetchPhotoPage, fetchRaceResult } from './photos';

/**
 * The promo editor's calls from the browser. The event, its flags and the organiser's brand come
 * from the route as props; these are what the editor asks for as the visitor works. A call the
 * provider does not offer (404: the endpoint, or the bib, is not there; 501: not built) is
 * `undefined`, "not available", so the editor falls back to what the participant types.
 */

/** Photos the editor's picker asks for at once. */
export const PROMO_PHOTO_PAGE = 60;

async function unlessMissing<T>(call: Promise<T>): Promise<T | undefined> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ProviderError && (error.status === 404 || error.status === 501))
      return undefined;
    throw error;
  }
}

/** One page of the event's photos, or of a bib's. */
export function fetchPromoPhotos(
  apiBase: string,
  eventId: number,
  opts: { cursor?: string | null; bib?: string; signal?: AbortSignal } = {},
): Promise<PhotoPage | undefined> {
  return unlessMissing(
    fetchPhotoPage(apiBase, eventId, {
      limit: PROMO_PHOTO_PAGE,
      cursor: opts.cursor ?? null,
      ...(opts.bib ? { search: { bib: opts.bib } } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
    }),
  );
}

/** The bib's race result, when the provider has results and the bib is in them. */
export async function fetchPromoResult(
  apiBase: string,
  eventId: number,
  bib: string,
  signal?: AbortSignal,
): Promise<RaceResult | undefined> {
  return (await unlessMissing(fetchRaceResult(apiBase, eventId, bib, fetch, signal))) ?? undefined;
}

/** The organiser's own certificate design (`enable_custom_certificate`), when they made one. */
export function fetchCertificateTemplate(
  apiBase: string,
  eventId: number,
  signal?: AbortSignal,
): Promise<CertificateTemplate | undefined> {
  return unlessMissing(
    browserEnvelope(
      buildUrl(apiBase, eventPath(eventId, '/certificate-template')),
      (c) => c.certificateTemplate,
      fetch,
      signal,
    ),
  );
}

/** The event's sponsor frames (none from a provider without them). */
export function fetchPromoFrames(apiBase: string, eventId: number, signal?: AbortSignal) {
  return fetchEventFrames(apiBase, eventId, undefined, signal);
}

/**
 * What the editor says of a failed call: the server's words or status (a ProviderError with a
 * status), or null when the provider was not reached (the editor then says to check the connection).
 */
export function promoFailure(error: unknown): string | null {
  return error instanceof ProviderError && error.status !== null ? error.message : null;
}
