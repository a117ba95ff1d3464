'use client';

import type { DownloadRequest } from '@eventsite/contract';
import { likelyLarge, type Progress } from '@/lib/gallery/download';
import { downloadZip, type ZipSink } from '@/provider/zip';

type SaveFilePicker = (options: {
  suggestedName?: string;
  types?: { description: string; accept: Record<string, string[]> }[];
}) => Promise<{ createWritable(): Promise<{ write(c: Uint8Array): Promise<void>; close(): Promise<void>; abort(): Promise<void> }> }>;

function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Where a big zip goes: a file the visitor picks, where the browser can; undefined: memory; null: they cancelled. */
async function pickSink(count: number, eventSlug: string): Promise<ZipSink | undefined | null> {
  const picker = (window as unknown as { showSaveFilePicker?: SaveFilePicker }).showSaveFilePicker;
  if (!likelyLarge(count) || typeof picker !== 'function') return undefined;
  // A big zip goes straight to a file on disk rather than through memory.
  try {
    const handle = await picker({ suggestedName: `${eventSlug}-photos.zip`, types: [{ description: 'Zip archive', accept: { 'application/zip': ['.zip'] } }] });
    const writable = await handle.createWritable();
    return { write: (c) => writable.write(c), close: () => writable.close(), abort: () => writable.abort() };
  } catch (e) {
    return (e as Error).name === 'AbortError' ? null : undefined;
  }
}

export interface ZipSaveOptions {
  apiBase: string;
  eventId: number;
  eventSlug: string;
  request: DownloadRequest;
  count: number;
  signal: AbortSignal;
  /** Called once the zip has started coming (after the file picker, if any). */
  onStart: () => void;
  onProgress: (p: Progress) => void;
}

/**
 * One zip, fetched and saved (loaded with the visitor's first zip, not with the gallery): null when
 * the visitor cancelled the file picker; an error's message is the one to show.
 */
export async function saveZip(o: ZipSaveOptions): Promise<{ filename: string; bytes: number } | null> {
  const sink = await pickSink(o.count, o.eventSlug);
  if (sink === null) return null;
  o.onStart();
  const zip = await downloadZip(o.apiBase, o.eventId, o.request, { signal: o.signal, onProgress: o.onProgress, sink });
  if (zip.blob) saveBlob(zip.blob, zip.filename);
  return { filename: zip.filename, bytes: zip.bytes };
}
