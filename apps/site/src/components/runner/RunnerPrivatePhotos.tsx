'use client';

import type { PhotoPage } from '@eventsite/contract';
import { useRef, useState } from 'react';
import { fetchPhotoPage } from '@/provider/photos';
import { RunnerPhotos } from './RunnerPhotos';
import { RunnerVideo } from './RunnerVideo';
import { RUNNER_TEXT, posterHref } from './strings';

export interface RunnerPrivatePhotosProps {
  eventId: number;
  eventSlug: string;
  eventName: string;
  apiBase: string;
  bib: string;
  canDownload: boolean;
  /** What the race video says: who, their time, the organiser's colour and logo. */
  video: { who: string; time: string | null; colour: string; logoUrl: string | null; logoPlate?: string | null };
}

type State =
  | { phase: 'idle' }
  | { phase: 'loading' }
  | { phase: 'failed' }
  | { phase: 'done'; page: PhotoPage };

/**
 * A private event's runner page (show_all_images off): its photos are never in the server's HTML
 * nor in its link preview, so a shared link shows no one's photos; the visitor's own search asks
 * for them, in their browser, as the gallery's bib search does.
 */
export function RunnerPrivatePhotos({
  eventId,
  eventSlug,
  eventName,
  apiBase,
  bib,
  canDownload,
  video,
}: RunnerPrivatePhotosProps) {
  const [state, setState] = useState<State>({ phase: 'idle' });
  const heading = useRef<HTMLHeadingElement>(null);
  const ask = () => {
    setState({ phase: 'loading' });
    fetchPhotoPage(apiBase, eventId, { search: { bib } })
      .then((page) => {
        setState({ phase: 'done', page });
        window.setTimeout(() => heading.current?.focus(), 0);
      })
      .catch(() => setState({ phase: 'failed' }));
  };

  if (state.phase === 'done' && state.page.photos.length > 0) {
    const photos = state.page.photos;
    return (
      <>
        <h2 ref={heading} tabIndex={-1} className="visually-hidden">
          {RUNNER_TEXT.photosTitle}
        </h2>
        <div className="runner-actions">
          <a className="button button-outline" href={posterHref(eventSlug, bib, photos[0]!.uuid)}>
            {RUNNER_TEXT.poster}
          </a>
        </div>
        <RunnerVideo
          apiBase={apiBase}
          photos={photos.map(({ uuid, width, height }) => ({ uuid, width, height }))}
          eventName={eventName}
          bib={bib}
          {...video}
        />
        <RunnerPhotos
          eventId={eventId}
          eventSlug={eventSlug}
          eventName={eventName}
          apiBase={apiBase}
          bib={bib}
          initialPage={state.page}
          canDownload={canDownload}
        />
      </>
    );
  }

  return (
    <section
      className="empty-state runner-empty runner-private"
      aria-labelledby="runner-private-title"
    >
      <h2 id="runner-private-title" ref={heading} tabIndex={-1}>
        {state.phase === 'done' ? RUNNER_TEXT.noPhotosTitle(bib) : RUNNER_TEXT.photosTitle}
      </h2>
      <p>{state.phase === 'done' ? RUNNER_TEXT.noPhotosText : RUNNER_TEXT.privateText}</p>
      {state.phase === 'done' ? null : (
        <button
          type="button"
          className="button"
          onClick={ask}
          disabled={state.phase === 'loading'}
          aria-describedby={state.phase === 'failed' ? 'runner-private-failed' : undefined}
        >
          {state.phase === 'loading'
            ? RUNNER_TEXT.privateLoading
            : state.phase === 'failed'
              ? RUNNER_TEXT.privateRetry
              : RUNNER_TEXT.privateShow(bib)}
        </button>
      )}
      <p id="runner-private-failed" role="alert" className="search-error">
        {state.phase === 'failed' ? RUNNER_TEXT.photosFailed : ''}
      </p>
    </section>
  );
}
