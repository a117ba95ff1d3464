import { createReadStream } from 'node:fs';
import { rename, readFile, writeFile } from 'node:fs/promises';
import { DetailedError, Upload, type PreviousUpload, type UrlStorage } from 'tus-js-client';

/**
 * The client side of resumable uploads (tus): one file to the admin API's `/uploads`, resumed
 * from where the server has it after a cut connection or a restart of this process.
 */

/** Where the photos go: the API's base URL, an organiser's admin token and their event. */
export interface UploadTarget {
  api: string;
  token: string;
  eventId: number;
}

export interface LocalFile {
  path: string;
  name: string;
  size: number;
  mtimeMs: number;
}

export type UploadOutcome =
  | { kind: 'accepted'; uuid: string }
  /** The server will never take this file (not an image, too large, over quota): its reason. */
  | { kind: 'refused'; reason: string };

/** The server refused the request itself (token, event): no file will get through. */
export class UploadTargetError extends Error {}

/** Waits between tries after a failure (then the upload fails and is tried again later). */
export const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000];
/** Bytes per PATCH request: a cut costs at most what the server had not yet written. */
const CHUNK_BYTES = 8 * 1024 * 1024;

function messageOf(body: string | undefined): string | undefined {
  if (!body) return undefined;
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    return typeof parsed.message === 'string' ? parsed.message : undefined;
  } catch {
    return body.slice(0, 200);
  }
}

/** The same file, as far as resuming goes: same target, name, size and modification time. */
export function fingerprintOf(target: UploadTarget, file: LocalFile): string {
  return `${target.api}|${target.eventId}|${file.name}|${file.size}|${Math.round(file.mtimeMs)}`;
}

export interface UploadHooks {
  urlStorage: UrlStorage;
  signal?: AbortSignal;
  retryDelays?: number[];
  /** Called before each retry, with what went wrong and how many bytes the server has. */
  onRetry?: (reason: string, attempt: number) => void;
  onProgress?: (sent: number, total: number) => void;
}

/** Uploads one file, resuming an earlier unfinished upload of it when the server still has it. */
export async function uploadResumable(
  target: UploadTarget,
  file: LocalFile,
  hooks: UploadHooks,
): Promise<UploadOutcome> {
  const fingerprint = fingerprintOf(target, file);
  return new Promise<UploadOutcome>((resolve, reject) => {
    const upload = new Upload(createReadStream(file.path) as never, {
      endpoint: `${target.api.replace(/\/+$/, '')}/api/v1/admin/uploads`,
      uploadSize: file.size,
      chunkSize: CHUNK_BYTES,
      metadata: { event_id: String(target.eventId), filename: file.name },
      headers: { authorization: `Bearer ${target.token}` },
      retryDelays: hooks.retryDelays ?? RETRY_DELAYS_MS,
      urlStorage: hooks.urlStorage,
      fingerprint: async () => fingerprint,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onProgress: hooks.onProgress ?? null,
      onShouldRetry(error, attempt) {
        const status = error.originalResponse?.getStatus() ?? 0;
        // A 4xx is the server's answer, not the network's: asking again changes nothing
        // (409/423: the offset moved or the upload is busy, which a retry does resolve).
        const retry = status === 0 || status >= 500 || status === 409 || status === 423 || status === 429;
        if (retry) hooks.onRetry?.(status ? `the server answered ${status}` : error.causingError?.message ?? error.message, attempt + 1);
        return retry;
      },
      onError(error) {
        const status = error instanceof DetailedError ? (error.originalResponse?.getStatus() ?? 0) : 0;
        const body = error instanceof DetailedError ? error.originalResponse?.getBody() : undefined;
        const message = messageOf(body) ?? error.message;
        if (status === 401 || status === 403 || (status === 404 && !upload.url) || status === 400)
          reject(new UploadTargetError(message));
        else if (status === 413 || status === 415 || status === 422) resolve({ kind: 'refused', reason: message });
        else reject(new Error(message));
      },
      onSuccess({ lastResponse }) {
        const body = lastResponse.getBody();
        try {
          const answer = JSON.parse(body) as { data?: { accepted?: Array<{ uuid: string }> } };
          resolve({ kind: 'accepted', uuid: answer.data?.accepted?.[0]?.uuid ?? '' });
        } catch {
          resolve({ kind: 'accepted', uuid: '' });
        }
      },
    });
    const stop = () => {
      void upload.abort(false).then(() => reject(new Error('stopped')));
    };
    if (hooks.signal?.aborted) return reject(new Error('stopped'));
    hooks.signal?.addEventListener('abort', stop, { once: true });
    upload
      .findPreviousUploads()
      .then((previous) => {
        if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
        upload.start();
      })
      .catch(reject);
  });
}

interface StateFile {
  version: 1;
  /** Files uploaded, by fingerprint: never sent again. */
  done: Record<string, { name: string; uuid: string; at: string }>;
  /** Unfinished uploads, by storage key: resumed from the server's offset. */
  unfinished: Record<string, PreviousUpload & { fingerprint: string }>;
}

/**
 * What a watched folder has sent, kept in a small JSON file beside the photos: files done, and
 * the server's URL of each unfinished upload, so a restarted watcher neither sends a file twice
 * nor starts a cut one again from its first byte. Written whole to a temporary file, then renamed.
 */
export class UploadLedger implements UrlStorage {
  private state: StateFile = { version: 1, done: {}, unfinished: {} };
  private saving: Promise<void> = Promise.resolve();

  private constructor(private readonly file: string) {}

  static async open(file: string): Promise<UploadLedger> {
    const ledger = new UploadLedger(file);
    try {
      const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<StateFile>;
      if (parsed.version === 1)
        ledger.state = { version: 1, done: parsed.done ?? {}, unfinished: parsed.unfinished ?? {} };
    } catch {
      // No ledger yet, or an unreadable one: start afresh (the server skips a photo it has).
    }
    return ledger;
  }

  isDone(fingerprint: string): boolean {
    return fingerprint in this.state.done;
  }

  async markDone(fingerprint: string, name: string, uuid: string): Promise<void> {
    this.state.done[fingerprint] = { name, uuid, at: new Date().toISOString() };
    await this.save();
  }

  /** Names of files with an unfinished upload (resumed next time). */
  unfinishedNames(): string[] {
    return Object.values(this.state.unfinished).map((u) => u.metadata.filename ?? '');
  }

  async findAllUploads(): Promise<PreviousUpload[]> {
    return Object.values(this.state.unfinished);
  }

  async findUploadsByFingerprint(fingerprint: string): Promise<PreviousUpload[]> {
    return Object.values(this.state.unfinished).filter((u) => u.fingerprint === fingerprint);
  }

  async removeUpload(key: string): Promise<void> {
    delete this.state.unfinished[key];
    await this.save();
  }

  async addUpload(fingerprint: string, upload: PreviousUpload): Promise<string> {
    const key = `${fingerprint}#${Date.now()}`;
    this.state.unfinished[key] = { ...upload, urlStorageKey: key, fingerprint };
    await this.save();
    return key;
  }

  private save(): Promise<void> {
    const text = `${JSON.stringify(this.state, null, 1)}\n`;
    this.saving = this.saving.then(async () => {
      const tmp = `${this.file}.tmp`;
      await writeFile(tmp, text);
      await rename(tmp, this.file);
    });
    return this.saving;
  }
}
