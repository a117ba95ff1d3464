'use client';

import type { DownloadRequest } from '@eventsite/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Progress } from '@/lib/gallery/download';
import type { DownloadState } from './DownloadPanel';

/**
 * One zip download at a time, with its progress: a big one goes straight to a file the visitor
 * picks (where the browser can), a smaller one through memory and then saved. The code that
 * fetches and saves it (./zipSave) is loaded with the first zip.
 */
export function useZipDownload(apiBase: string, eventId: number, eventSlug: string) {
  const [download, setDownload] = useState<DownloadState>({ phase: 'idle' });
  const downloadAbort = useRef<AbortController | null>(null);

  const startDownload = useCallback(
    async (request: DownloadRequest, count: number, label: string) => {
      if (downloadAbort.current) return;
      const abort = new AbortController();
      downloadAbort.current = abort;
      let last = 0;
      const onProgress = (p: Progress) => {
        const now = Date.now();
        if (now - last < 120 && p.received !== p.total) return;
        last = now;
        setDownload({ phase: 'running', label, progress: p });
      };
      const onStart = () => setDownload({ phase: 'running', label, progress: { received: 0, total: null } });
      try {
        const { saveZip } = await import('./zipSave');
        const zip = await saveZip({ apiBase, eventId, eventSlug, request, count, signal: abort.signal, onStart, onProgress });
        // null: the visitor cancelled the file picker, nothing started.
        if (zip) setDownload({ phase: 'done', label, filename: zip.filename, bytes: zip.bytes });
      } catch (e) {
        if (abort.signal.aborted) setDownload({ phase: 'idle' });
        else setDownload({ phase: 'error', label, message: e instanceof Error && e.name === 'DownloadError' ? e.message : 'The download failed. Please try again.' });
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
