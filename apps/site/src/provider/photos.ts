import { DEFAULT_PHOTO_PAGE_SIZE, photoPage, type PhotoPage } from '@eventsite/contract';
import { buildUrl, requestEnvelope } from './envelope';

/** Photos a gallery page asks for at once. */
export const PHOTO_PAGE_LIMIT = DEFAULT_PHOTO_PAGE_SIZE;

/**
 * `GET /api/v1/client/events/{eventId}/photos?cursor=&limit=`, from the browser: the API base
 * comes from the server as a prop, so it is never baked into the build.
 */
export function fetchPhotoPage(
  apiBase: string,
  eventId: number,
  cursor: string | null,
  limit = PHOTO_PAGE_LIMIT,
  fetchImpl: typeof fetch = fetch,
): Promise<PhotoPage> {
  const query: Record<string, string | number> = { limit };
  if (cursor) query.cursor = cursor;
  const url = buildUrl(apiBase, `/api/v1/client/events/${encodeURIComponent(String(eventId))}/photos`, query);
  return requestEnvelope(url, photoPage, undefined, fetchImpl);
}
