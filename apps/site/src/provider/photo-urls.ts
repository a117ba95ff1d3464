import { PHOTO_WIDTHS } from '@eventsite/contract/constants';
import type { PhotoRef } from '@/lib/photos';

/**
 * Where the API serves a photo's bytes. Plain functions of the API base (no zod, no fetch), so
 * the pages, the gallery and the editor import them without the rest of the provider.
 *
 * A base may carry query parameters (a password gallery's grant, `?grant=`, ./access.ts): every
 * photo URL made from it carries them after its own, so that it is a signed URL of that event.
 */

function split(apiBase: string): { root: string; extra: string } {
  const at = apiBase.indexOf('?');
  const root = (at < 0 ? apiBase : apiBase.slice(0, at)).replace(/\/+$/, '');
  const extra = at < 0 ? '' : apiBase.slice(at + 1);
  return { root, extra: extra ? `&${extra}` : '' };
}

/** `${base}/events/photos/{uuid}?w=`: the API's variant of a photo at one of the fixed widths. */
export function photoUrl(apiBase: string, uuid: string, width: number): string {
  const { root, extra } = split(apiBase);
  return `${root}/events/photos/${encodeURIComponent(uuid)}?w=${width}${extra}`;
}

/** `GET /events/photos/{uuid}?download=1`: the original, as an attachment. */
export function photoDownloadUrl(apiBase: string, uuid: string): string {
  const { root, extra } = split(apiBase);
  return `${root}/events/photos/${encodeURIComponent(uuid)}?download=1${extra}`;
}

/** `GET /events/photos/{uuid}/frames/{frameId}`: the photo in a sponsor frame, a JPEG attachment. */
export function framedPhotoUrl(apiBase: string, uuid: string, frameId: number): string {
  const { root, extra } = split(apiBase);
  const query = extra ? `?${extra.slice(1)}` : '';
  return `${root}/events/photos/${encodeURIComponent(uuid)}/frames/${frameId}${query}`;
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
