import type { DownloadRequest } from '@eventsite/contract';
import { contentLength, attachmentName, downloadErrorMessage, type Progress } from '@/lib/gallery/download';
import { envelopeMessage, eventPath } from './browser-call';
import { buildUrl } from './envelope';

// The zip download, apart from the listing's calls: the gallery loads it with the first zip.

/** `POST /api/v1/client/events/{eventId}/downloads`. */
export function downloadsUrl(apiBase: string, eventId: number): string {
  return buildUrl(apiBase, eventPath(eventId, '/downloads'));
}

/** A refused or failed zip download: the message is the one to show. */
export class DownloadError extends Error {
  readonly status: number | null;
  constructor(message: string, status: number | null) {
    super(message);
    this.name = 'DownloadError';
    this.status = status;
  }
}

/** Where a zip's bytes go as they come: memory (then a Blob) or a file the visitor picked. */
export interface ZipSink {
  write(chunk: Uint8Array): Promise<void> | void;
  close(): Promise<void> | void;
  abort(): Promise<void> | void;
}

export interface ZipDownload {
  filename: string;
  /** The zip, when it was collected in memory (no sink given). */
  blob: Blob | null;
  bytes: number;
}

/**
 * `POST /api/v1/client/events/{eventId}/downloads` with `{photo_ids}` or `{all: true}`: reads the
 * zip as it streams, reporting progress as received / Content-Length. A refusal (a JSON envelope)
 * becomes a DownloadError with the server's message; an abort rejects with the AbortError.
 */
export async function downloadZip(
  apiBase: string,
  eventId: number,
  request: DownloadRequest,
  options: { signal?: AbortSignal; onProgress?: (p: Progress) => void; sink?: ZipSink; fetchImpl?: typeof fetch } = {},
): Promise<ZipDownload> {
  const fetchImpl = options.fetchImpl ?? fetch;
  let response: Response;
  try {
    response = await fetchImpl(downloadsUrl(apiBase, eventId), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/zip, application/json' },
      body: JSON.stringify(request),
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new DownloadError(downloadErrorMessage(null, null), null);
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    const status = response.ok ? null : response.status;
    throw new DownloadError(downloadErrorMessage(status, await envelopeMessage(response)), status);
  }
  const total = contentLength(response.headers.get('content-length'));
  const filename = attachmentName(response.headers.get('content-disposition'), 'photos.zip');
  const chunks: Uint8Array[] = [];
  let received = 0;
  const sink = options.sink;
  options.onProgress?.({ received, total });
  try {
    if (!response.body) {
      const buffer = new Uint8Array(await response.arrayBuffer());
      received = buffer.byteLength;
      if (sink) await sink.write(buffer);
      else chunks.push(buffer);
    } else {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        received += value.byteLength;
        if (sink) await sink.write(value);
        else chunks.push(value);
        options.onProgress?.({ received, total });
      }
    }
  } catch (error) {
    await sink?.abort();
    if (options.signal?.aborted) throw error;
    throw new DownloadError('The download was interrupted. Check your connection and try again.', null);
  }
  if (total !== null && received !== total) {
    await sink?.abort();
    throw new DownloadError('The download was interrupted. Check your connection and try again.', null);
  }
  options.onProgress?.({ received, total: total ?? received });
  if (sink) {
    await sink.close();
    return { filename, blob: null, bytes: received };
  }
  return { filename, blob: new Blob(chunks as BlobPart[], { type: 'application/zip' }), bytes: received };
}
