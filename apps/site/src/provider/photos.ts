import { DEFAULT_PHOTO_PAGE_SIZE, MAX_PHOTO_PAGE_SIZE } from '@eventsite/contract/constants';
import type { PhotoListItem, PhotoPage, RaceResult } from '@eventsite/contract';
import { browserEnvelope, eventPath } from './browser-call';
import { ProviderError, buildUrl } from './envelope';
import { photoDownloadUrl, photoUrl } from './photo-urls';

/**
 * The gallery's calls from the browser (its zip download is in ./zip.ts, the promo editor's
 * calls in ./promo.ts). The API base comes from the server as a prop, so it is never baked into
 * the build.
 */

/** Photos a gallery page asks for at once. */
export const PHOTO_PAGE_LIMIT = DEFAULT_PHOTO_PAGE_SIZE;

export interface PhotoPageQuery {
  cursor?: string | null;
  limit?: number;
  /** A search: `bib` or `name`. */
  search?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * `GET /api/v1/client/events/{eventId}/photos?cursor=&limit=[&bib=|&name=]`: one page of the
 * event's photos, or of a search's.
 */
export function fetchPhotoPage(apiBase: string, eventId: number, query: PhotoPageQuery = {}, fetchImpl: typeof fetch = fetch): Promise<PhotoPage> {
  const params: Record<string, string | number> = { ...(query.search ?? {}), limit: query.limit ?? PHOTO_PAGE_LIMIT };
  if (query.cursor) params.cursor = query.cursor;
  return browserEnvelope(buildUrl(apiBase, eventPath(eventId, '/photos'), params), (c) => c.photoPage, fetchImpl, query.signal);
}

/**
 * `GET /api/v1/client/events/{eventId}/photos?ids=a,b,c` (our extension): the given photos of the
 * event, in gallery order, those unknown left out; what a shared selection (`?picks=`) shows on a
 * device that has not stored them. A provider without it fails (its 400 or 403): the caller says
 * the selection cannot be shown here.
 */
export async function fetchPhotosByIds(apiBase: string, eventId: number, ids: readonly string[], signal?: AbortSignal, fetchImpl: typeof fetch = fetch): Promise<PhotoListItem[]> {
  const page = await browserEnvelope(buildUrl(apiBase, eventPath(eventId, '/photos'), { ids: ids.join(',') }), (c) => c.photoPage, fetchImpl, signal);
  // A provider that ignores ?ids= answers its listing instead: other photos than those asked.
  const asked = new Set(ids.map((id) => id.toLowerCase()));
  if (page.photos.some((p) => !asked.has(p.uuid.toLowerCase()))) throw new ProviderError('This site cannot look photos up by id.', null);
  return page.photos;
}

/**
 * Every photo id of a listing (the event, or a search), page after page of the largest size,
 * up to `limit`: what 'Select all' of a long listing selects without drawing it.
 */
export async function fetchAllPhotoIds(
  apiBase: string,
  eventId: number,
  search: Record<string, string>,
  limit: number,
  signal?: AbortSignal,
  fetchImpl: typeof fetch = fetch,
): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const page: PhotoPage = await fetchPhotoPage(apiBase, eventId, { cursor, search, limit: MAX_PHOTO_PAGE_SIZE, signal }, fetchImpl);
    for (const p of page.photos) if (ids.length < limit) ids.push(p.uuid);
    cursor = page.next_cursor;
  } while (cursor && ids.length < limit);
  return ids;
}

/** `GET /api/v1/client/events/{eventId}/results/{bib}`: the bib's race result, or null (404). */
export async function fetchRaceResult(apiBase: string, eventId: number, bib: string, fetchImpl: typeof fetch = fetch, signal?: AbortSignal): Promise<RaceResult | null> {
  try {
    return await browserEnvelope(buildUrl(apiBase, eventPath(eventId, `/results/${encodeURIComponent(bib)}`)), (c) => c.raceResult, fetchImpl, signal);
  } catch (error) {
    if (error instanceof ProviderError && error.status === 404) return null;
    throw error;
  }
}

export { photoDownloadUrl, photoUrl };
