'use client';

import type { DownloadRequest } from '@eventsite/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { likelyLarge, type Progress } from '@/lib/gallery/download';
import { DownloadError, downloadZip, type ZipSink } from '@/provider/photos';
import type { DownloadState } from './DownloadPanel';

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

/**
 * One zip download at a time, with its progress: a big one goes straight to a file the visitor
 * picks (where the browser can), a smaller one through memory and then saved.
 */
export function useZipDownload(apiBase: string, eventId: number, eventSlug: string) {
  const [download, setDownload] = useState<DownloadState>({ phase: 'idle' });
  const downloadAbort = useRef<AbortController | null>(null);

  const startDownload = useCallback(
    async (request: DownloadRequest, count: number, label: string) => {
      if (downloadAbort.current) return;
      const abort = new AbortController();
      downloadAbort.current = abort;
      let sink: ZipSink | undefined;
      const picker = (window as unknown as { showSaveFilePicker?: SaveFilePicker }).showSaveFilePicker;
      if (likelyLarge(count) && typeof picker === 'function') {
        // A big zip goes straight to a file on disk rather than through memory.
        try {
          const handle = await picker({ suggestedName: `${eventSlug}-photos.zip`, types: [{ description: 'Zip archive', accept: { 'application/zip': ['.zip'] } }] });
          const writable = await handle.createWritable();
          sink = { write: (c) => writable.write(c), close: () => writable.close(), abort: () => writable.abort() };
        } catch (e) {
          if ((e as Error).name === 'AbortError') {
            downloadAbort.current = null;
            return;
          }
        }
      }
      let last = 0;
      const progress = (p: Progress) => {
        const now = Date.now();
        if (now - last < 120 && p.received !== p.total) return;
        last = now;
        setDownload({ phase: 'running', label, progress: p });
      };
      setDownload({ phase: 'running', label, progress: { received: 0, total: null } });
      try {
        const zip = await downloadZip(apiBase, eventId, request, { signal: abort.signal, onProgress: progress, sink });
        if (zip.blob) saveBlob(zip.blob, zip.filename);
        setDownload({ phase: 'done', label, filename: zip.filename, bytes: zip.bytes });
      } catch (e) {
        if (abort.signal.aborted) setDownload({ phase: 'idle' });
        else setDownload({ phase: 'error', label, message: e instanceof DownloadError ? e.message : 'The download failed. Please try again.' });
      } finally {
        downloadAbort.current = null;
      }
    },
    [apiBase, eventId, eventSlug],
  );
  const cancelDownload = useCallback(() => downloadAbort.current?.abort(), []);
  useEffect(() => () => downloadAbort.current?.abort(), []);
  const dismissDownload = useCallback(() => setDownload({ phase: 'idle' }), []);

  return { download, startDownload, cancelDownload, dismissDownload };
}
