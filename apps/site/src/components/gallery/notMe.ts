/**
 * "Not me": photos the visitor said are not of them, taken out of their "more photos of you" and
 * selfie results. Kept on the device for the visit (sessionStorage, one list per event), so a
 * reload keeps them out; nothing is sent anywhere.
 */

/** The most photos one event's list keeps (the oldest go first). */
export const NOT_ME_LIMIT = 500;

export function notMeKey(eventId: number): string {
  return `eventsite.not-me.${eventId}`;
}

/** The event's removed photos, oldest first; [] when storage is blocked or holds something else. */
export function readNotMe(storage: Pick<Storage, 'getItem'> | null, eventId: number): string[] {
  try {
    const raw = storage?.getItem(notMeKey(eventId));
    const value: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(value)
      ? value.filter((v): v is string => typeof v === 'string').slice(-NOT_ME_LIMIT)
      : [];
  } catch {
    return [];
  }
}

/** Stores the event's removed photos (none: the key is removed); a blocked storage keeps them for this page only. */
export function writeNotMe(
  storage: Pick<Storage, 'setItem' | 'removeItem'> | null,
  eventId: number,
  uuids: readonly string[],
): void {
  try {
    if (uuids.length === 0) storage?.removeItem(notMeKey(eventId));
    else storage?.setItem(notMeKey(eventId), JSON.stringify(uuids.slice(-NOT_ME_LIMIT)));
  } catch {
    // storage full or blocked: the photos stay out until the page is left
  }
}

/** `photos` without the removed ones (the same array when none of them is removed). */
export function withoutNotMe<P extends { uuid: string }>(
  photos: readonly P[],
  removed: ReadonlySet<string>,
): readonly P[] {
  if (removed.size === 0 || !photos.some((p) => removed.has(p.uuid))) return photos;
  return photos.filter((p) => !removed.has(p.uuid));
}

/**
 * The bib most of the visitor's selfie matches show on the matched face (ties: the one on the
 * better match), or null when none was read: the result set's "This is me".
 */
export function likelyBib(photos: readonly { bib?: string | null }[]): string | null {
  const counts = new Map<string, number>();
  for (const p of photos) if (p.bib) counts.set(p.bib, (counts.get(p.bib) ?? 0) + 1);
  let best: string | null = null;
  // Map order is first-seen order (best match first): a later bib wins only with more photos.
  for (const [bib, n] of counts) if (best === null || n > counts.get(best)!) best = bib;
  return best;
}
