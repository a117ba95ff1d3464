import { DEFAULT_PHOTO_PAGE_SIZE, MAX_PHOTO_PAGE_SIZE } from '@eventsite/contract/constants';
import { photoPage, type PhotoListItem, type PhotoPage } from '@eventsite/contract';
import { ProviderError, buildUrl, requestChecked } from './envelope';
import { apiUrl } from './env';
import { REVALIDATE_SECONDS } from './organiser';
import { eventCall } from './access';
import { visitorHeaders } from './visitor';

/** How deep into an event's listing a shared photo is looked for (pages of MAX_PHOTO_PAGE_SIZE). */
export const DEEP_LINK_PAGES = 5;

/**
 * A shared photo (`?photo={uuid}`) of this event, for its link preview: looked up in the event's
 * own listing (so a uuid of another event never previews under this organiser), at most
 * DEEP_LINK_PAGES pages deep. Null when it is not found, the listing is private, or the API fails.
 */
export async function findEventPhoto(
  eventId: number,
  uuid: string,
  fetchImpl: typeof fetch = fetch,
): Promise<PhotoListItem | null> {
  let cursor: string | null = null;
  try {
    for (let page = 0; page < DEEP_LINK_PAGES; page += 1) {
      const query: Record<string, string | number> = { limit: MAX_PHOTO_PAGE_SIZE };
      if (cursor) query.cursor = cursor;
      const url = buildUrl(
        apiUrl(),
        `/api/v1/client/events/${encodeURIComponent(String(eventId))}/photos`,
        query,
      );
      const data = await requestChecked(
        url,
        photoPage,
        await eventCall(eventId, { revalidate: REVALIDATE_SECONDS, tags: [`event:${eventId}`] }),
        fetchImpl,
      );
      const hit = data.photos.find((p) => p.uuid.toLowerCase() === uuid);
      if (hit) return hit;
      cursor = data.next_cursor;
      if (!cursor) return null;
    }
  } catch {
    return null;
  }
  return null;
}

/**
 * The first page of an event's photos (or of a search's), for the gallery's HTML; 'missing' when
 * the provider has no photo listing at all (it is our extension of the contract: a 404, 405 or
 * 501); null when the listing is private without a search, or the API fails: the browser then
 * asks for it itself. A search is the visitor's (`forwardedFor`, their X-Forwarded-For): it counts
 * against their own search budget at the API, and is not kept for other visitors.
 */
export async function firstPhotoPage(
  eventId: number,
  search: Record<string, string>,
  forwardedFor: string | null = null,
  fetchImpl: typeof fetch = fetch,
): Promise<PhotoPage | 'missing' | null> {
  try {
    const url = buildUrl(
      apiUrl(),
      `/api/v1/client/events/${encodeURIComponent(String(eventId))}/photos`,
      { ...search, limit: DEFAULT_PHOTO_PAGE_SIZE },
    );
    const searching = Object.keys(search).length > 0 && forwardedFor;
    const call = await eventCall(
      eventId,
      searching
        ? { visitor: visitorHeaders(forwardedFor) }
        : { revalidate: REVALIDATE_SECONDS, tags: [`event:${eventId}`] },
      searching ? forwardedFor : null,
    );
    return await requestChecked(url, photoPage, call, fetchImpl);
  } catch (error) {
    if (
      error instanceof ProviderError &&
      error.status !== null &&
      [404, 405, 501].includes(error.status)
    )
      return 'missing';
    return null;
  }
}
