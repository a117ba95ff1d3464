/** Progress of a zip download: bytes so far and, when the server said, bytes in all. */
export interface Progress {
  received: number;
  total: number | null;
}

/** 0–100, or null when the size is not known. */
export function percent({ received, total }: Progress): number | null {
  if (!total || total <= 0) return null;
  return Math.min(100, Math.floor((received / total) * 100));
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(0, Math.round(bytes / 1024))} KB`;
  const mb = bytes / (1024 * 1024);
  if (mb < 1024) return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
  return `${(mb / 1024).toFixed(2)} GB`;
}

/** '12.4 MB of 80 MB · 15%', or '12.4 MB' when the total is unknown. */
export function progressText(progress: Progress): string {
  const p = percent(progress);
  if (p === null || progress.total === null) return `${formatBytes(progress.received)} downloaded`;
  return `${formatBytes(progress.received)} of ${formatBytes(progress.total)} · ${p}%`;
}

/** A Content-Length header as a number, or null. */
export function contentLength(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : null;
}

/** The file name of `Content-Disposition: attachment; filename="x.zip"`, safe to save under. */
export function attachmentName(header: string | null, fallback: string): string {
  const star = header?.match(/filename\*\s*=\s*UTF-8''([^;]+)/i)?.[1];
  const plain = header?.match(/filename\s*=\s*"?([^";]+)"?/i)?.[1];
  let name = '';
  try {
    name = star ? decodeURIComponent(star) : (plain ?? '');
  } catch {
    name = plain ?? '';
  }
  name = name.replace(/[/\\?%*:|"<>\u0000-\u001f]/g, '_').trim();
  return name || fallback;
}

/** Zips above this are streamed to a file the visitor picks, where the browser can (see docs/gallery.md). */
export const LARGE_ZIP_BYTES = 500 * 1024 * 1024;

/** Typical size of one original photo, to guess a zip's size before asking for it. */
export const TYPICAL_ORIGINAL_BYTES = 6 * 1024 * 1024;

export function likelyLarge(photoCount: number): boolean {
  return photoCount * TYPICAL_ORIGINAL_BYTES > LARGE_ZIP_BYTES;
}

/** Why a download failed, in words for the visitor. */
export function downloadErrorMessage(status: number | null, envelopeMessage: string | null): string {
  const message = envelopeMessage?.trim();
  if (message) return message;
  if (status === 403) return 'Downloads are not available for this gallery.';
  if (status === 400) return 'These photos cannot be downloaded together. Select fewer photos and try again.';
  if (status === 404) return 'Some of these photos are no longer available.';
  if (status === 429) return 'Too many downloads at once. Wait a moment and try again.';
  if (status !== null && status >= 500) return 'The server could not prepare your download. Please try again.';
  return 'The download failed. Check your connection and try again.';
}
