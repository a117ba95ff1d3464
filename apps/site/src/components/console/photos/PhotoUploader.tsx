'use client';

import { type ChangeEvent, type DragEvent, useCallback, useEffect, useRef, useState } from 'react';
import { DetailedError, Upload } from 'tus-js-client';
import { CONSOLE_UPLOADS_PATH, CSRF_HEADER } from '@/provider/console-uploads-paths';
import { UPLOADED_EVENT } from './ProcessingStatus';
import { megabytes, PHOTOS_TEXT } from './strings';
import {
  CHUNK_BYTES,
  filesOfEntry,
  type Item,
  type ItemState,
  LIST_LIMIT,
  PARALLEL_UPLOADS,
  precheck,
  refusalOf,
  RETRY_DELAYS_MS,
} from './upload-files';

const T = PHOTOS_TEXT.upload;

interface Props {
  eventId: number;
  csrf: string;
}

/**
 * Uploads photos to the event with tus (resumable) through the site's own `/console/uploads`:
 * files and folders by drag and drop or pickers, three at a time, each with its progress and
 * outcome (uploaded, already in the event, refused with the reason), pause and resume. A lost
 * connection is retried from the server's offset; after a closed tab, choosing the same files
 * again goes on from where each stopped (the upload URLs are kept in this browser's storage).
 */
export function PhotoUploader({ eventId, csrf }: Props) {
  const [items, setItems] = useState<Item[]>([]);
  const [paused, setPaused] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [sessionEnded, setSessionEnded] = useState(false);
  const uploads = useRef(new Map<string, Upload>());
  const itemsRef = useRef<Item[]>([]);
  const pausedRef = useRef(false);
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const counter = useRef(0);

  const update = useCallback((key: string, change: Partial<Item>) => {
    itemsRef.current = itemsRef.current.map((item) =>
      item.key === key ? { ...item, ...change } : item,
    );
    setItems(itemsRef.current);
  }, []);

  const pump = useCallback(() => {
    if (pausedRef.current) return;
    const active = itemsRef.current.filter(
      (i) => i.state === 'uploading' || i.state === 'retrying',
    ).length;
    const next = itemsRef.current
      .filter((i) => i.state === 'waiting')
      .slice(0, PARALLEL_UPLOADS - active);
    for (const item of next) start(item);
  }, []);

  const finish = useCallback(
    (key: string, change: Partial<Item>) => {
      uploads.current.delete(key);
      update(key, change);
      pump();
    },
    [pump, update],
  );

  function start(item: Item) {
    update(item.key, { state: 'uploading' });
    let upload = uploads.current.get(item.key);
    if (!upload) {
      upload = new Upload(item.file, {
        endpoint: CONSOLE_UPLOADS_PATH,
        chunkSize: CHUNK_BYTES,
        retryDelays: RETRY_DELAYS_MS,
        metadata: { event_id: String(eventId), filename: item.file.name },
        headers: { [CSRF_HEADER]: csrf },
        // The same file for the same event, whatever folder it was chosen from.
        fingerprint: async (file: File) =>
          `eventsite-console::${eventId}::${file.name}::${file.size}::${file.lastModified}`,
        storeFingerprintForResuming: true,
        removeFingerprintOnSuccess: true,
        onProgress: (sent) => update(item.key, { sent, state: 'uploading' }),
        onShouldRetry(error) {
          const status =
            error instanceof DetailedError ? (error.originalResponse?.getStatus() ?? 0) : 0;
          // No answer, or a server that is busy or away: go on from its offset. A 4xx is final.
          const retry =
            status === 0 || status >= 500 || status === 409 || status === 423 || status === 429;
          if (retry) update(item.key, { state: 'retrying' });
          return retry;
        },
        onError(error) {
          const status =
            error instanceof DetailedError ? (error.originalResponse?.getStatus() ?? 0) : 0;
          if (status === 401 || status === 403) {
            setSessionEnded(true);
            finish(item.key, { state: 'paused', reason: T.sessionEnded });
            return;
          }
          if (status === 0 || status >= 500 || status === 423) {
            // Retries are spent (423: the site says the photo service is away): kept, to be
            // resumed with Resume from the same upload address.
            finish(item.key, { state: 'paused', reason: error.message });
            return;
          }
          const body =
            error instanceof DetailedError ? error.originalResponse?.getBody() : undefined;
          const refusal = refusalOf(status, body);
          finish(item.key, {
            state: refusal.duplicate ? 'duplicate' : 'refused',
            reason: refusal.reason,
          });
        },
        onSuccess() {
          finish(item.key, { state: 'done', sent: item.file.size });
          window.dispatchEvent(new Event(UPLOADED_EVENT));
        },
      });
      uploads.current.set(item.key, upload);
      const created = upload;
      void created
        .findPreviousUploads()
        .then((previous) => {
          if (previous[0]) created.resumeFromPreviousUpload(previous[0]);
          if (!pausedRef.current) created.start();
        })
        .catch(() => created.start());
      return;
    }
    upload.start();
  }

  const add = useCallback(
    (files: Array<{ file: File; path: string }>) => {
      const added: Item[] = files.map(({ file, path }) => {
        const problem = precheck(file);
        counter.current += 1;
        return {
          key: `${counter.current}`,
          file,
          name: path || file.name,
          sent: 0,
          state: problem ? 'refused' : 'waiting',
          reason: problem ?? undefined,
        };
      });
      itemsRef.current = [...itemsRef.current, ...added];
      setItems(itemsRef.current);
      pump();
    },
    [pump],
  );

  /** Queues the files chosen in a picker and empties it, so that the same ones can be chosen again. */
  const takeChosen = useCallback(
    (input: HTMLInputElement) => {
      const files = [...(input.files ?? [])];
      input.value = '';
      if (files.length > 0)
        add(files.map((file) => ({ file, path: file.webkitRelativePath || file.name })));
    },
    [add],
  );

  useEffect(() => {
    // The folder picker: a non-standard attribute React does not know.
    folderInput.current?.setAttribute('webkitdirectory', '');
    // Files chosen while the page was still loading (a slow phone, a busy laptop) raised no
    // change React could see: they are taken now rather than silently dropped.
    for (const input of [filesInput.current, folderInput.current]) if (input) takeChosen(input);
    const running = uploads.current;
    return () => {
      for (const upload of running.values()) void upload.abort(false);
    };
  }, []);

  const active = items.some(
    (i) => i.state === 'uploading' || i.state === 'retrying' || i.state === 'waiting',
  );
  useEffect(() => {
    if (!active) return;
    // Leaving the page stops the uploads (they resume when the same files are chosen again).
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);

  const onPick = (event: ChangeEvent<HTMLInputElement>) => takeChosen(event.target);

  const onDrop = async (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const entries = [...event.dataTransfer.items]
      .map((item) => (item.kind === 'file' ? item.webkitGetAsEntry?.() : null))
      .filter((e): e is FileSystemEntry => Boolean(e));
    if (entries.length > 0) {
      const nested = await Promise.all(entries.map((e) => filesOfEntry(e)));
      add(nested.flat());
    } else {
      add([...event.dataTransfer.files].map((file) => ({ file, path: file.name })));
    }
  };

  const pauseAll = () => {
    pausedRef.current = true;
    setPaused(true);
    for (const [key, upload] of uploads.current) {
      void upload.abort(false);
      update(key, { state: 'paused' });
    }
    itemsRef.current = itemsRef.current.map((i) =>
      i.state === 'waiting' ? { ...i, state: 'paused' } : i,
    );
    setItems(itemsRef.current);
  };

  const resumeAll = () => {
    pausedRef.current = false;
    setPaused(false);
    setSessionEnded(false);
    itemsRef.current = itemsRef.current.map((i) =>
      i.state === 'paused' ? { ...i, state: 'waiting', reason: undefined } : i,
    );
    setItems(itemsRef.current);
    pump();
  };

  const clearDone = () => {
    itemsRef.current = itemsRef.current.filter(
      (i) => i.state !== 'done' && i.state !== 'duplicate',
    );
    setItems(itemsRef.current);
  };

  const totals = items.reduce(
    (t, i) => {
      t.bytes += i.file.size;
      t.sent += i.state === 'refused' || i.state === 'duplicate' ? i.file.size : i.sent;
      if (i.state === 'done') t.uploaded += 1;
      else if (i.state === 'duplicate') t.duplicates += 1;
      else if (i.state === 'refused') t.refused += 1;
      else t.waiting += 1;
      return t;
    },
    { bytes: 0, sent: 0, uploaded: 0, duplicates: 0, refused: 0, waiting: 0 },
  );
  const finished = totals.uploaded + totals.duplicates + totals.refused;
  // Problems and work in progress first; finished files after.
  const rank: Record<ItemState, number> = {
    refused: 0,
    duplicate: 1,
    retrying: 2,
    uploading: 3,
    paused: 4,
    waiting: 5,
    done: 6,
  };
  const shown = [...items].sort((a, b) => rank[a.state] - rank[b.state]).slice(0, LIST_LIMIT);

  return (
    <section className="photos-section" aria-labelledby="photos-upload">
      <h2 id="photos-upload" className="photos-heading">
        {T.heading}
      </h2>
      <p className="console-hint">{T.intro}</p>
      <div
        className={`photos-drop${dragging ? ' photos-drop-active' : ''}`}
        data-testid="photo-drop"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => void onDrop(e)}
      >
        <p className="photos-drop-text">{T.drop}</p>
        <p className="console-hint">{T.or}</p>
        <div className="photos-pickers">
          <label className="button">
            {T.chooseFiles}
            <input
              ref={filesInput}
              type="file"
              multiple
              accept="image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp"
              className="photos-file-input"
              onChange={onPick}
              data-testid="pick-files"
            />
          </label>
          <label className="button button-outline">
            {T.chooseFolder}
            <input
              ref={folderInput}
              type="file"
              multiple
              className="photos-file-input"
              onChange={onPick}
              data-testid="pick-folder"
            />
          </label>
        </div>
      </div>
      {sessionEnded ? (
        <p className="console-error" role="alert">
          {T.sessionEnded}
        </p>
      ) : null}
      {items.length > 0 ? (
        <div className="photos-progress">
          <div className="photos-progress-bar">
            <label htmlFor="photos-overall">{T.overall(finished, items.length)}</label>
            <progress id="photos-overall" max={Math.max(1, totals.bytes)} value={totals.sent} />
          </div>
          <p className="console-hint" aria-live="polite" data-testid="upload-counts">
            {T.counts(totals)}
          </p>
          <div className="photos-actions">
            {paused ? (
              <button type="button" className="button" onClick={resumeAll}>
                {T.resume}
              </button>
            ) : (
              <button
                type="button"
                className="button button-outline"
                onClick={pauseAll}
                disabled={totals.waiting === 0}
              >
                {T.pause}
              </button>
            )}
            <button
              type="button"
              className="button button-outline"
              onClick={clearDone}
              disabled={totals.uploaded + totals.duplicates === 0}
            >
              {T.clearDone}
            </button>
          </div>
          <ul className="photos-files" aria-label={T.listLabel} tabIndex={0}>
            {shown.map((item) => (
              <li
                key={item.key}
                className={`photos-file photos-file-${item.state}`}
                data-state={item.state}
              >
                <span className="photos-file-name">{item.name}</span>
                <span className="photos-file-state">
                  {T.state[item.state]}
                  {item.state === 'uploading' ||
                  item.state === 'retrying' ||
                  item.state === 'paused'
                    ? ` · ${T.bytes(megabytes(item.sent), megabytes(item.file.size))}`
                    : ''}
                </span>
                {item.state === 'uploading' || item.state === 'retrying' ? (
                  <progress
                    max={Math.max(1, item.file.size)}
                    value={item.sent}
                    aria-label={item.name}
                  />
                ) : null}
                {item.reason && (item.state === 'refused' || item.state === 'paused') ? (
                  <span className="photos-reason">{item.reason}</span>
                ) : null}
              </li>
            ))}
          </ul>
          {items.length > shown.length ? (
            <p className="console-hint">{T.moreFiles(items.length - shown.length)}</p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
