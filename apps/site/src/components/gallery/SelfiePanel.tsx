'use client';

import { useEffect, useId, useRef, useState } from 'react';
import type { SelfieState } from './useSelfieSearch';

export interface SelfieControls {
  state: SelfieState;
  /** The visitor opened the selfie option (the model starts loading). */
  onOpen: () => void;
  onPick: (file: File) => void;
  /** The fallback: send the selfie itself, after the visitor agreed. */
  onUpload: () => void;
}

export const SELFIE_TEXT = {
  consent:
    'Your selfie stays on this device: your face is measured here, in your browser, and only that measurement (1,024 numbers, not a picture) is sent to find your photos. Nothing is stored.',
  take: 'Take a selfie',
  choose: 'Choose a photo',
  chooseAnother: 'Choose another photo',
  loading: 'Getting face matching ready…',
  describing: 'Looking for your face…',
  searching: 'Finding your photos…',
  uploading: 'Sending your selfie and finding your photos…',
  several: (n: number) => `We found ${n} faces on your photo and looked for the largest one.`,
  noFace: 'We couldn’t find a face on this photo. Try one where your face is clear, facing the camera and well lit.',
  unreadable: 'This file isn’t a photo we can read. Try a JPEG, PNG or WebP image.',
  model: 'Face matching can’t run in this browser.',
  modelUpload:
    'You can send the selfie to search on our server instead: it is measured in memory and deleted straight away, never stored.',
  modelPick: 'Choose a photo and you can send it to search on our server instead.',
  upload: 'Send the selfie to search',
  apiDown: 'We couldn’t reach the photo service. Check your connection and try again.',
} as const;

function megabytes(bytes: number): string {
  return (bytes / 1_000_000).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** Phones (a coarse pointer) get the camera as well as their photos. */
function useCoarsePointer(): boolean {
  const [coarse, setCoarse] = useState(false);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia('(pointer: coarse)');
    setCoarse(query.matches);
    const change = () => setCoarse(query.matches);
    query.addEventListener?.('change', change);
    return () => query.removeEventListener?.('change', change);
  }, []);
  return coarse;
}

/**
 * Search by selfie: the camera (phones) or a photo, the consent line, progress while the model
 * loads and runs, and a clear word for each thing that can go wrong.
 */
export function SelfiePanel({ state, onOpen, onPick, onUpload }: SelfieControls) {
  const id = useId();
  const camera = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const coarse = useCoarsePointer();
  // Once, when the option opens (a new onOpen on a later render does not start it again).
  const opened = useRef(onOpen);
  useEffect(() => {
    opened.current();
  }, []);

  const busy = state.phase === 'describing' || state.phase === 'searching';
  const picked = (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) onPick(file);
  };

  let status: React.ReactNode = null;
  if (state.phase === 'loading') {
    const p = state.progress;
    status = (
      <>
        <span>{SELFIE_TEXT.loading}</span>
        {p && p.total ? (
          <>
            <progress max={p.total} value={p.received} aria-label="Face model download" />
            <span className="selfie-bytes">{`${megabytes(p.received)} of ${megabytes(p.total)} MB`}</span>
          </>
        ) : (
          <span className="spinner spinner-small" aria-hidden="true" />
        )}
      </>
    );
  } else if (state.phase === 'describing' || state.phase === 'searching') {
    status = (
      <>
        <span className="spinner spinner-small" aria-hidden="true" />
        <span>{state.phase === 'describing' ? SELFIE_TEXT.describing : state.uploaded ? SELFIE_TEXT.uploading : SELFIE_TEXT.searching}</span>
      </>
    );
  } else if (state.phase === 'done' && state.faces > 1) {
    status = <span>{SELFIE_TEXT.several(state.faces)}</span>;
  }

  let problem: React.ReactNode = null;
  if (state.phase === 'error') {
    if (state.kind === 'no-face') problem = SELFIE_TEXT.noFace;
    else if (state.kind === 'unreadable') problem = SELFIE_TEXT.unreadable;
    else if (state.kind === 'api-down') problem = SELFIE_TEXT.apiDown;
    else if (state.kind === 'refused') problem = state.message;
    else
      problem = (
        <>
          {SELFIE_TEXT.model} {state.canUpload ? SELFIE_TEXT.modelUpload : SELFIE_TEXT.modelPick}
        </>
      );
  }

  const done = state.phase === 'done' || state.phase === 'error';
  return (
    <div className="selfie-panel" aria-describedby={`${id}-consent`}>
      <p id={`${id}-consent`} className="selfie-consent">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <rect x="5" y="10" width="14" height="10" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="M8 10V7a4 4 0 018 0v3" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
        <span>{SELFIE_TEXT.consent}</span>
      </p>
      <div className="search-row selfie-actions">
        {coarse ? (
          <button type="button" className="button selfie-take" disabled={busy} onClick={() => camera.current?.click()}>
            {SELFIE_TEXT.take}
          </button>
        ) : null}
        <button type="button" className={coarse ? 'button button-outline' : 'button'} disabled={busy} onClick={() => picker.current?.click()}>
          {done ? SELFIE_TEXT.chooseAnother : SELFIE_TEXT.choose}
        </button>
        {state.phase === 'error' && state.canUpload ? (
          <button type="button" className="button button-outline selfie-upload" onClick={onUpload}>
            {SELFIE_TEXT.upload}
          </button>
        ) : null}
        <input ref={camera} type="file" accept="image/*" capture="user" hidden tabIndex={-1} aria-hidden="true" onChange={picked} data-testid="selfie-camera" />
        <input ref={picker} type="file" accept="image/*" hidden tabIndex={-1} aria-hidden="true" onChange={picked} data-testid="selfie-file" />
      </div>
      <p className="selfie-status" role="status" aria-live="polite">
        {status}
      </p>
      <p className="search-error" role="alert" aria-live="assertive">
        {problem ?? ''}
      </p>
    </div>
  );
}
