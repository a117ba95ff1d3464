'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { PRIVACY_PATH } from '@/components/privacy/strings';
import { SELFIE_TEXT } from './selfieText';
import type { SelfieState } from './useSelfieSearch';

export { SELFIE_TEXT };

export interface SelfieControls {
  state: SelfieState;
  /** The visitor agreed to selfie search (the model starts loading). */
  onOpen: () => void;
  onPick: (file: File) => void;
}

/** The visitor's yes to selfie search, remembered for the visit (this tab) only. */
export const SELFIE_CONSENT_KEY = 'eventsite.selfie-consent';

function consentGiven(): boolean {
  try {
    return window.sessionStorage.getItem(SELFIE_CONSENT_KEY) === 'yes';
  } catch {
    return false; // storage blocked: ask every time
  }
}

function rememberConsent(): void {
  try {
    window.sessionStorage.setItem(SELFIE_CONSENT_KEY, 'yes');
  } catch {
    // storage blocked: the yes holds for this panel only
  }
}

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

const LockIcon = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
    <rect x="5" y="10" width="14" height="10" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
    <path d="M8 10V7a4 4 0 018 0v3" fill="none" stroke="currentColor" strokeWidth="1.8" />
  </svg>
);

type Step = 'unknown' | 'ask' | 'declined' | 'given';

/**
 * Search by selfie. First the consent step: one sentence, 'Continue' or 'Cancel'; until the
 * visitor continues, nothing of the face model loads and there is no camera or file input in
 * the page at all. Then the camera (phones) or a photo, progress while the model loads and
 * runs, and a clear word for each thing that can go wrong.
 */
export function SelfiePanel({ state, onOpen, onPick }: SelfieControls) {
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const coarse = useCoarsePointer();
  const [step, setStep] = useState<Step>('unknown');
  // Where focus goes after the step changes (only after the visitor acted in the search bar).
  const focusNext = useRef<string | null>(null);
  // Once per yes (a new onOpen on a later render does not start it again).
  const open = useRef(onOpen);

  // Read once on mount (sessionStorage is the browser's): a yes given earlier in this visit
  // opens the option at once; otherwise ask, and move focus to the question when the visitor
  // is in the search bar (not on a page load where selfie is the only way to search).
  useEffect(() => {
    if (consentGiven()) {
      setStep('given');
      open.current();
      return;
    }
    if (root.current?.closest('form')?.contains(document.activeElement)) focusNext.current = 'ask';
    setStep('ask');
  }, []);

  useEffect(() => {
    const target = focusNext.current;
    if (!target || target !== step || !root.current) return;
    focusNext.current = null;
    const selector = `[data-focus="${target}"]`;
    (root.current.matches(selector) ? root.current : root.current.querySelector<HTMLElement>(selector))?.focus();
  }, [step]);

  const agree = () => {
    rememberConsent();
    focusNext.current = 'given';
    setStep('given');
    open.current();
  };
  const decline = () => {
    focusNext.current = 'declined';
    setStep('declined');
  };

  if (step === 'unknown') return <div ref={root} className="selfie-panel" />;

  if (step === 'ask') {
    return (
      <div
        ref={root}
        className="selfie-panel selfie-ask"
        role="group"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-consent`}
        tabIndex={-1}
        data-focus="ask"
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            decline();
          }
        }}
      >
        <p id={`${id}-title`} className="selfie-ask-title">
          {SELFIE_TEXT.consentTitle}
        </p>
        <p id={`${id}-consent`} className="selfie-consent">
          <LockIcon />
          <span>{SELFIE_TEXT.consent}</span>
        </p>
        <div className="search-row selfie-actions">
          <button type="button" className="button" onClick={agree}>
            {SELFIE_TEXT.agree}
          </button>
          <button type="button" className="button button-outline" onClick={decline}>
            {SELFIE_TEXT.cancel}
          </button>
        </div>
        {/* After the answer's buttons: Tab reaches Continue first. */}
        <p className="selfie-privacy">
          <a href={`${PRIVACY_PATH}#selfie`} className="text-link" target="_blank" rel="noopener">
            {SELFIE_TEXT.privacy}
            <span className="visually-hidden">{SELFIE_TEXT.newTab}</span>
          </a>
        </p>
      </div>
    );
  }

  if (step === 'declined') {
    return (
      <div ref={root} className="selfie-panel">
        <p className="selfie-consent">{SELFIE_TEXT.declined}</p>
        <div className="search-row selfie-actions">
          <button type="button" className="button button-outline" data-focus="declined" onClick={() => {
            focusNext.current = 'ask';
            setStep('ask');
          }}>
            {SELFIE_TEXT.reopen}
          </button>
        </div>
      </div>
    );
  }

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
  } else if (busy) {
    status = (
      <>
        <span className="spinner spinner-small" aria-hidden="true" />
        <span>{state.phase === 'describing' ? SELFIE_TEXT.describing : SELFIE_TEXT.searching}</span>
      </>
    );
  } else if (state.phase === 'done' && state.faces > 1) {
    status = <span>{SELFIE_TEXT.several(state.faces)}</span>;
  }

  let problem: string | null = null;
  if (state.phase === 'error') {
    if (state.kind === 'no-face') problem = SELFIE_TEXT.noFace;
    else if (state.kind === 'unreadable') problem = SELFIE_TEXT.unreadable;
    else if (state.kind === 'small' || state.kind === 'blurred' || state.kind === 'turned') problem = SELFIE_TEXT[state.kind];
    else if (state.kind === 'api-down') problem = SELFIE_TEXT.apiDown;
    else if (state.kind === 'refused') problem = state.message;
    else problem = SELFIE_TEXT.model;
  }

  const done = state.phase === 'done' || state.phase === 'error';
  return (
    <div ref={root} className="selfie-panel" aria-describedby={`${id}-consent`}>
      <p id={`${id}-consent`} className="selfie-consent">
        <LockIcon />
        <span>{SELFIE_TEXT.consent}</span>
      </p>
      <div className="search-row selfie-actions">
        {coarse ? (
          <button type="button" className="button selfie-take" data-focus="given" disabled={busy} onClick={() => camera.current?.click()}>
            {SELFIE_TEXT.take}
          </button>
        ) : null}
        <button
          type="button"
          className={coarse ? 'button button-outline' : 'button'}
          data-focus={coarse ? undefined : 'given'}
          disabled={busy}
          onClick={() => picker.current?.click()}
        >
          {done ? SELFIE_TEXT.chooseAnother : SELFIE_TEXT.choose}
        </button>
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
