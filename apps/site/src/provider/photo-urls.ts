import { PHOTO_WIDTHS } from '@eventsite/contract/constants';
import type { PhotoRef } from '@/lib/photos';

/**
 * Where the API serves a photo's bytes. Plain functions of the API base (no zod, no fetch), so
 * the pages, the gallery and the editor import them without the rest of the provider.
 */

const base = (apiBase: string) => apiBase.replace(/\/+$/, '');

/** `${base}/events/photos/{uuid}?w=`: the API's variant of a photo at one of the fixed widths. */
export function photoUrl(apiBase: string, uuid: string, width: number): string {
  return `${base(apiBase)}/events/photos/${encodeURIComponent(uuid)}?w=${width}`;
}

/** `GET /events/photos/{uuid}?download=1`: the original, as an attachment. */
export function photoDownloadUrl(apiBase: string, uuid: string): string {
  return `${base(apiBase)}/events/photos/${encodeURIComponent(uuid)}?download=1`;
}

/** `GET /events/photos/{uuid}/frames/{frameId}`: the photo in a sponsor frame, a JPEG attachment. */
export function framedPhotoUrl(apiBase: string, uuid: string, frameId: number): string {
  return `${base(apiBase)}/events/photos/${encodeURIComponent(uuid)}/frames/${frameId}`;
}

/**
 * A srcset from the API's widths between `minWidth` and `maxWidth`, up to the photo's own width
 * (no upscaled variants).
 */
export function photoSrcSet(
  apiBase: string,
  photo: PhotoRef,
  maxWidth = Infinity,
  minWidth = 0,
): string {
  const widths = PHOTO_WIDTHS.filter((w) => w <= maxWidth && w >= minWidth);
  const usable = widths.filter((w, i) => w <= photo.width || i === 0);
  return usable.map((w) => `${photoUrl(apiBase, photo.uuid, w)} ${w}w`).join(', ');
}
