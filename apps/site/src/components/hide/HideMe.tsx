'use client';

import type { HideMatch } from '@eventsite/contract';
import Link from 'next/link';
import { useEffect, useId, useRef, useState } from 'react';
import { SELFIE_TEXT } from '@/components/gallery/selfieText';
import { loadSelfieEngine, type SelfieEngine } from '@/components/gallery/useSelfieSearch';
import { ProviderError } from '@/provider/envelope';
import { requestHide } from '@/provider/hide';
import { ApiDownError } from '@/provider/selfie';
import type { SelfieFailure } from '@/selfie/pipeline';
import { HideMatches } from './HideMatches';
import { HIDE_TEXT } from './strings';

type Step =
  | { name: 'ask' }
  | { name: 'declined' }
  | { name: 'pick'; loading: boolean; problem: string | null }
  | { name: 'working'; what: string }
  | { name: 'confirm'; photos: number; descriptor: number[]; matches: readonly HideMatch[] | null }
  | { name: 'done'; photos: number };

export interface HideMeProps {
  apiBase: string;
  eventId: number;
  galleryHref: string;
  /** The engine's loader (tests give their own). */
  loadEngine?: () => Promise<SelfieEngine>;
}

function problemOf(error: unknown): string {
  if (error instanceof ApiDownError) return SELFIE_TEXT.apiDown;
  if (error instanceof ProviderError) return error.message;
  const kind = (error as { kind?: SelfieFailure }).kind;
  if (kind === 'no-face') return SELFIE_TEXT.noFace;
  if (kind === 'unreadable') return SELFIE_TEXT.unreadable;
  if (kind === 'small' || kind === 'blurred' || kind === 'turned') return SELFIE_TEXT[kind];
  return SELFIE_TEXT.model;
}

/**
 * "Hide me everywhere": the plain-language sentence and a Continue/Cancel step first (nothing of
 * the face model loads and there is no file input before Continue), then a selfie described on
 * the device, a dry run that counts the photos, a confirmation, and the outcome. Only the face
 * description (and the bib, if given) is sent.
 */
export function HideMe({
  apiBase,
  eventId,
  galleryHref,
  loadEngine = loadSelfieEngine,
}: HideMeProps) {
  const id = useId();
  const [step, setStep] = useState<Step>({ name: 'ask' });
  const [bib, setBib] = useState('');
  const engine = useRef<Promise<SelfieEngine> | null>(null);
  const camera = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLElement | null>(null);
  const acted = useRef(false);

  // Each step's question or outcome takes focus once the visitor has acted (not on page load).
  useEffect(() => {
    if (acted.current) heading.current?.focus();
  }, [step.name]);

  const getEngine = () => {
    engine.current ??= loadEngine().catch((error: unknown) => {
      engine.current = null;
      throw error;
    });
    return engine.current;
  };

  const go = (next: Step) => {
    acted.current = true;
    setStep(next);
  };

  const agree = () => {
    go({ name: 'pick', loading: true, problem: null });
    getEngine()
      .then(async (e) => {
        if (!e.browserCanDescribe())
          throw Object.assign(new Error('no WebAssembly'), { kind: 'model' as const });
        await e.loadFaceModel();
        setStep((s) => (s.name === 'pick' ? { ...s, loading: false } : s));
      })
      .catch((error: unknown) =>
        setStep((s) =>
          s.name === 'pick' ? { name: 'pick', loading: false, problem: problemOf(error) } : s,
        ),
      );
  };

  const picked = (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    go({ name: 'working', what: SELFIE_TEXT.describing });
    void (async () => {
      try {
        const described = await (await getEngine()).describeSelfie(file);
        setStep({ name: 'working', what: HIDE_TEXT.counting });
        const count = await requestHide(apiBase, eventId, described.descriptor, { dryRun: true });
        setStep({
          name: 'confirm',
          photos: count.photos,
          descriptor: described.descriptor,
          matches: count.matches ?? null,
        });
      } catch (error) {
        setStep({ name: 'pick', loading: false, problem: problemOf(error) });
      }
    })();
  };

  /** Sends the request: for the confirmed photos only, when the provider listed them. */
  const confirm = (descriptor: number[], photos?: string[]) => {
    go({ name: 'working', what: HIDE_TEXT.hiding });
    const trimmed = bib.trim();
    requestHide(apiBase, eventId, descriptor, {
      ...(trimmed ? { bib: trimmed } : {}),
      ...(photos ? { photos } : {}),
    })
      .then((answer) => setStep({ name: 'done', photos: answer.photos }))
      .catch((error: unknown) =>
        setStep({ name: 'pick', loading: false, problem: problemOf(error) }),
      );
  };

  const setHeading = (el: HTMLElement | null) => {
    heading.current = el;
  };

  if (step.name === 'ask' || step.name === 'declined') {
    return (
      <div
        className="hide-me-steps"
        role="group"
        aria-labelledby={`${id}-ask`}
        aria-describedby={`${id}-intro`}
      >
        <p id={`${id}-ask`} className="hide-me-question" ref={setHeading} tabIndex={-1}>
          {step.name === 'ask' ? HIDE_TEXT.consentTitle : HIDE_TEXT.declined}
        </p>
        <p id={`${id}-intro`} className="selfie-consent">
          {HIDE_TEXT.intro}
        </p>
        <div className="search-row selfie-actions">
          <button type="button" className="button" onClick={agree}>
            {step.name === 'ask' ? HIDE_TEXT.agree : HIDE_TEXT.restart}
          </button>
          {step.name === 'ask' ? (
            <button
              type="button"
              className="button button-outline"
              onClick={() => go({ name: 'declined' })}
            >
              {HIDE_TEXT.cancel}
            </button>
          ) : (
            <Link href={galleryHref} className="button button-outline">
              {HIDE_TEXT.back}
            </Link>
          )}
        </div>
      </div>
    );
  }

  if (step.name === 'confirm' && step.matches && step.matches.length > 0) {
    const { descriptor } = step;
    return (
      <HideMatches
        apiBase={apiBase}
        matches={step.matches}
        onConfirm={(photos) => confirm(descriptor, photos)}
        onCancel={() => go({ name: 'declined' })}
        headingRef={setHeading}
        headingId={`${id}-confirm`}
      />
    );
  }

  if (step.name === 'confirm') {
    return (
      <div className="hide-me-steps" role="group" aria-labelledby={`${id}-confirm`}>
        <p id={`${id}-confirm`} className="hide-me-question" ref={setHeading} tabIndex={-1}>
          {step.photos > 0 ? HIDE_TEXT.confirmSome(step.photos) : HIDE_TEXT.confirmNone}
        </p>
        <p className="selfie-consent">{HIDE_TEXT.confirmDetail}</p>
        <div className="search-row selfie-actions">
          <button type="button" className="button" onClick={() => confirm(step.descriptor)}>
            {HIDE_TEXT.confirm(step.photos)}
          </button>
          <button
            type="button"
            className="button button-outline"
            onClick={() => go({ name: 'declined' })}
          >
            {HIDE_TEXT.cancel}
          </button>
        </div>
      </div>
    );
  }

  if (step.name === 'done') {
    return (
      <div className="hide-me-steps" role="status">
        <h2 ref={setHeading} tabIndex={-1}>
          {HIDE_TEXT.outcomeTitle}
        </h2>
        <p>{HIDE_TEXT.done(step.photos)}</p>
        <p>{HIDE_TEXT.doneLater}</p>
        <Link href={galleryHref} className="button button-outline">
          {HIDE_TEXT.back}
        </Link>
      </div>
    );
  }

  // While the model loads the selfie can be chosen already: describing waits for it.
  const busy = step.name === 'working';
  return (
    <div className="hide-me-steps">
      <p className="selfie-consent">{HIDE_TEXT.intro}</p>
      <label className="hide-me-bib">
        <span>{HIDE_TEXT.bibLabel}</span>
        <input
          value={bib}
          onChange={(e) => setBib(e.target.value)}
          inputMode="text"
          autoComplete="off"
          maxLength={12}
          aria-describedby={`${id}-bib-hint`}
        />
      </label>
      <p id={`${id}-bib-hint`} className="hide-me-hint">
        {HIDE_TEXT.bibHint}
      </p>
      <div className="search-row selfie-actions">
        <button
          type="button"
          className="button selfie-take"
          ref={setHeading}
          disabled={busy}
          onClick={() => camera.current?.click()}
        >
          {SELFIE_TEXT.take}
        </button>
        <button
          type="button"
          className="button button-outline"
          disabled={busy}
          onClick={() => picker.current?.click()}
        >
          {step.name === 'pick' && step.problem ? SELFIE_TEXT.chooseAnother : SELFIE_TEXT.choose}
        </button>
        <input
          ref={camera}
          type="file"
          accept="image/*"
          capture="user"
          hidden
          tabIndex={-1}
          aria-hidden="true"
          onChange={picked}
        />
        <input
          ref={picker}
          type="file"
          accept="image/*"
          hidden
          tabIndex={-1}
          aria-hidden="true"
          onChange={picked}
        />
      </div>
      <p className="selfie-status" role="status" aria-live="polite">
        {step.name === 'working' ? step.what : step.loading ? SELFIE_TEXT.loading : ''}
      </p>
      <p className="search-error" role="alert" aria-live="assertive">
        {step.name === 'pick' ? (step.problem ?? '') : ''}
      </p>
    </div>
  );
}
