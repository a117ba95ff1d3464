import { thumbHashToDataURL } from 'thumbhash';

/** A thumbhash (base64) as a tiny blurred image, or null when there is none or it is corrupt. */
export function placeholderDataUrl(hash: string | null): string | null {
  if (!hash) return null;
  try {
    const bytes = Uint8Array.from(atob(hash), (c) => c.charCodeAt(0));
    return thumbHashToDataURL(bytes);
  } catch {
    return null;
  }
}
