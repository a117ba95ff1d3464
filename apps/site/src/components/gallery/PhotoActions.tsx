'use client';

import { useEffect, useRef, type ReactNode } from 'react';
import { runnerHref } from '@/components/runner/links';
import { likelyBib } from './notMe';
import { NOT_ME_TEXT } from './resultText';

/**
 * The controls over a photo found by face: "This is me" (to the runner page of the bib worn by the
 * matched face, when one was read) and "Not me" (takes it out of the visitor's photos at once).
 */
export function PhotoActions({
  label,
  bib,
  eventSlug,
  onNotMe,
}: {
  label: string;
  bib?: string | null;
  eventSlug: string;
  onNotMe: () => void;
}) {
  return (
    <>
      {bib ? (
        <a
          className="jgrid-action jgrid-action-me"
          href={runnerHref(eventSlug, bib)}
          aria-label={NOT_ME_TEXT.thisIsMeLabel(label, bib)}
        >
          {/* A person: all that shows of it on a very narrow photo (gallery.css). */}
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <circle cx="12" cy="8" r="4" fill="currentColor" />
            <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7z" fill="currentColor" />
          </svg>
          <span>{NOT_ME_TEXT.thisIsMe}</span>
        </a>
      ) : null}
      <button
        type="button"
        className="jgrid-action jgrid-action-not"
        aria-label={NOT_ME_TEXT.notMeLabel(label)}
        onClick={onNotMe}
      >
        {NOT_ME_TEXT.notMe}
      </button>
    </>
  );
}

/** After a "Not me": the photo is out, with Undo (focused, so a keyboard goes on from there). */
export function NotMeNotice({
  last,
  onUndo,
  onClose,
}: {
  last: string | null;
  onUndo: () => void;
  onClose: () => void;
}): ReactNode {
  const undo = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (last) undo.current?.focus({ preventScroll: true });
  }, [last]);
  return (
    <div
      className="not-me-notice"
      role="status"
      aria-live="polite"
      data-shown={last ? true : undefined}
    >
      {last ? (
        <>
          <span>{NOT_ME_TEXT.removed}</span>
          <button
            ref={undo}
            type="button"
            className="button button-outline"
            aria-label={NOT_ME_TEXT.undoLabel}
            onClick={onUndo}
          >
            {NOT_ME_TEXT.undo}
          </button>
          <button type="button" className="button button-ghost" onClick={onClose}>
            {NOT_ME_TEXT.close}
          </button>
        </>
      ) : null}
    </div>
  );
}

/** Over a selfie's results: the runner page of the bib read most on the matched faces, if any. */
export function SelfieRunnerLink({
  photos,
  eventSlug,
}: {
  photos: readonly { bib?: string | null }[];
  eventSlug: string;
}) {
  const bib = likelyBib(photos);
  if (!bib) return null;
  return (
    <div className="runner-link">
      <a className="button button-outline" href={runnerHref(eventSlug, bib)}>
        {NOT_ME_TEXT.resultSetLink(bib)}
      </a>
      <p>{NOT_ME_TEXT.resultSetTitle(bib)}</p>
    </div>
  );
}
