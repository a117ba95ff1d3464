'use client';

import type { JobsStatus } from '@eventsite/contract';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CSRF_FIELD } from '@/lib/console-security';
import { PHOTOS_TEXT } from './strings';

const T = PHOTOS_TEXT.processing;
const NO_PHOTOS: JobsStatus['photos'] = {
  arriving: 0,
  total: 0,
  ready: 0,
  reading: 0,
  failed: 0,
  with_bibs: 0,
  with_faces: 0,
};
/** How often progress is asked for while there is work. */
export const POLL_MS = 2_500;
/** Told by the uploader when a file finished uploading: there is work again. */
export const UPLOADED_EVENT = 'console-photos-uploaded';

/** Work is left: tasks waiting or running, uploads not yet photos, or photos still being read. */
function atWork({ counts, photos }: JobsStatus): boolean {
  return counts.queued + counts.running + photos.arriving + photos.reading > 0;
}

/** Clears a pending question; a later wake may then ask at once. */
function stop(timer: { current: ReturnType<typeof setTimeout> | null }) {
  if (timer.current) clearTimeout(timer.current);
  timer.current = null;
}

interface Props {
  eventId: number;
  initial: JobsStatus | null;
  csrf: string;
  /** Editors and owners may retry a failed job; a photographer only sees progress. */
  canRetry: boolean;
  /**
   * The photo list below shows no photo yet: the first finished jobs then bring the page's
   * photos in by themselves (later ones wait for "Show the new photos", so a long upload does
   * not redraw the list every few seconds under the organiser's hands).
   */
  listEmpty?: boolean;
}

/**
 * The event's photos as they are worked on: how many are ready, still being read and failed
 * (photos, not the jobs behind them), and what was found on them, asked again
 * every few seconds while any is queued or running (and after an upload), each failure with its
 * reason and, for those who may, a Retry button (a plain form: it works without JavaScript).
 */
export function ProcessingStatus({ eventId, initial, csrf, canRetry, listEmpty = false }: Props) {
  const router = useRouter();
  const [status, setStatus] = useState<JobsStatus | null>(initial);
  const [failedToLoad, setFailedToLoad] = useState(initial === null);
  const wakeUntil = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  /** Asks again in POLL_MS: one question pending at a time, whichever render asked for it. */
  const schedule = useRef<() => void>(() => undefined);
  const poll = useCallback(async () => {
    stop(timer);
    let next: JobsStatus | null = null;
    try {
      const res = await fetch(`/console/events/${eventId}/photos/jobs`, {
        cache: 'no-store',
        headers: { accept: 'application/json' },
      });
      if (res.ok) next = (await res.json()) as JobsStatus;
    } catch {
      next = null;
    }
    if (next) setStatus(next);
    setFailedToLoad(next === null);
    if (listEmpty && next && next.photos.total > (initial?.photos.total ?? 0)) router.refresh();
    if (next === null || atWork(next) || Date.now() < wakeUntil.current) schedule.current();
  }, [eventId, initial, listEmpty, router]);

  useEffect(() => {
    schedule.current = () => {
      stop(timer);
      timer.current = setTimeout(() => void poll(), POLL_MS);
    };
    const wake = () => {
      wakeUntil.current = Date.now() + 4 * POLL_MS;
      if (!timer.current) void poll();
    };
    window.addEventListener(UPLOADED_EVENT, wake);
    // A new render (the list brought in its first photos) keeps asking where the last one was.
    if (initial === null || atWork(initial) || Date.now() < wakeUntil.current) schedule.current();
    return () => {
      window.removeEventListener(UPLOADED_EVENT, wake);
      schedule.current = () => undefined;
      stop(timer);
    };
  }, [initial, poll]);

  const photos = status?.photos ?? NO_PHOTOS;
  const busy = status !== null && atWork(status);
  return (
    <section className="photos-section" aria-labelledby="photos-processing">
      <h2 id="photos-processing" className="photos-heading">
        {T.heading}
      </h2>
      <p className="console-hint">{T.explain}</p>
      <dl className="photos-counts" aria-live="polite" data-testid="photo-counts">
        {(['ready', 'reading', 'failed'] as const).map((state) => (
          <div key={state} className={`photos-count photos-count-${state}`}>
            <dt>{T[state]}</dt>
            <dd data-state={state}>{photos[state].toLocaleString('en-GB')}</dd>
          </div>
        ))}
      </dl>
      {photos.total > 0 ? (
        <p className="photos-found" data-testid="photos-found">
          {T.found(photos.with_bibs, photos.with_faces, photos.total)}
        </p>
      ) : null}
      <p className="console-hint" aria-live="polite">
        {failedToLoad
          ? T.failedToLoad
          : photos.arriving > 0
            ? `${T.arriving(photos.arriving)} ${T.working}`
            : busy
              ? T.working
              : T.idle}
      </p>
      {canRetry && photos.total > (initial?.photos.total ?? 0) ? (
        <p>
          <a href={`/console/events/${eventId}/photos`} className="button button-outline">
            {T.showNew}
          </a>
        </p>
      ) : null}
      {status && status.failures.length > 0 ? (
        <>
          <h3 className="photos-subheading">{T.failures}</h3>
          <ul className="photos-failures">
            {status.failures.map((f) => (
              <li key={f.job_id}>
                <div>
                  <strong>{T.kind[f.kind] ?? f.kind}</strong> <span>{f.subject}</span>
                  <p className="photos-reason">{f.last_error}</p>
                </div>
                {f.state === 'failed' && canRetry ? (
                  <form method="post" action={`/console/events/${eventId}/photos/change`}>
                    <input type="hidden" name={CSRF_FIELD} value={csrf} />
                    <input type="hidden" name="action" value="retry" />
                    <input type="hidden" name="job_id" value={f.job_id} />
                    <button
                      type="submit"
                      className="button button-outline"
                      aria-label={`${T.retry}: ${f.subject}`}
                    >
                      {T.retry}
                    </button>
                  </form>
                ) : f.state !== 'failed' ? (
                  <span className="console-hint">{T.retrying}</span>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
