'use client';
import { useEffect, useId, useRef, useState } from 'react';
import type { RaceResult } from '@eventsite/contract';
import { fetchPromoResult, promoFailure } from '@/provider/promo';
import { certificateValues } from '../model/certificate';
import { ordinal } from '../model/format';
import type { EventData } from '../model/templates';

type Props = {
  apiUrl: string;
  eventId: number;
  event: EventData;
  isCertificate: boolean;
  /** A link's bib (`?bib=`): looked up, and the certificate filled, once the design is open. */
  initialBib?: string | null;
  /** The design is open: fields can be filled. */
  canFill?: boolean;
  onOpenCertificate: () => void;
  onFill: (values: Record<string, string>) => void;
  onDownloadPdf: () => void;
};

/**
 * A finisher certificate from the race results: the participant gives their bib, the results
 * fill name, net time, placings and category. Until the results endpoint exists (404) or when a
 * bib is not in the results, the participant types their name and time instead.
 */
export function CertificatePanel({ apiUrl, eventId, event, isCertificate, initialBib = null, canFill = true, onOpenCertificate, onFill, onDownloadPdf }: Props) {
  const id = useId();
  const [bib, setBib] = useState(initialBib ?? '');
  const [name, setName] = useState('');
  const [time, setTime] = useState('');
  const [result, setResult] = useState<RaceResult | undefined>();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');

  const lookUp = async (typed: string = bib) => {
    const value = typed.trim();
    if (!value) {
      setMessage('Enter your bib number first.');
      return;
    }
    setBusy(true);
    setMessage('');
    try {
      const r = await fetchPromoResult(apiUrl, eventId, value);
      setResult(r);
      if (r) {
        setName(r.name);
        setTime(r.net_time ?? '');
        onFill(certificateValues(event, r, { bib: value }));
        setMessage(`Found ${r.name}. Your certificate is filled in. Check it and download it below.`);
      } else {
        onFill(certificateValues(event, undefined, { bib: value, name, time }));
        setMessage("We couldn't find results for that bib yet. Type your name and time below and they go on your certificate.");
      }
    } catch (e) {
      setMessage(promoFailure(e) ?? "We couldn't reach the results. Type your name and time below instead.");
    } finally {
      setBusy(false);
    }
  };

  // A link's bib fills the certificate by itself, once.
  const linked = useRef(false);
  useEffect(() => {
    if (!initialBib || !isCertificate || !canFill || linked.current) return;
    linked.current = true;
    void lookUp(initialBib);
    // lookUp reads the current props; it runs once, when the design is ready.
  }, [initialBib, isCertificate, canFill]);

  if (!isCertificate) {
    return (
      <div className="pe-panel-body">
        <p className="pe-text">Get a finisher certificate with your name, time and placing, ready to print or share.</p>
        <button type="button" className="pe-btn pe-btn-primary pe-btn-wide" onClick={onOpenCertificate}>
          Open the certificate
        </button>
      </div>
    );
  }

  return (
    <div className="pe-panel-body">
      <form
        className="pe-row"
        onSubmit={(e) => {
          e.preventDefault();
          void lookUp();
        }}
      >
        <label htmlFor={`${id}-bib`} className="pe-label">
          Your bib number
        </label>
        <div className="pe-inline">
          <input id={`${id}-bib`} className="pe-input" inputMode="numeric" autoComplete="off" maxLength={20} value={bib} onChange={(e) => setBib(e.target.value)} />
          <button type="submit" className="pe-btn" disabled={busy}>
            {busy ? 'Looking…' : 'Find my result'}
          </button>
        </div>
      </form>
      <p className="pe-status" role="status" aria-live="polite">
        {message}
      </p>
      {result ? (
        <dl className="pe-result">
          {result.net_time ? (
            <>
              <dt>Net time</dt>
              <dd>{result.net_time}</dd>
            </>
          ) : null}
          {result.overall_rank ? (
            <>
              <dt>Overall</dt>
              <dd>{ordinal(result.overall_rank)}</dd>
            </>
          ) : null}
          {result.category_rank ? (
            <>
              <dt>{result.category ?? 'Category'}</dt>
              <dd>{ordinal(result.category_rank)}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      <form
        className="pe-row"
        onSubmit={(e) => {
          e.preventDefault();
          onFill(certificateValues(event, result, { bib, name, time }));
          setMessage('Your certificate is updated.');
        }}
      >
        <label htmlFor={`${id}-name`} className="pe-label">
          Name on the certificate
        </label>
        <input id={`${id}-name`} className="pe-input" autoComplete="name" maxLength={80} value={name} onChange={(e) => setName(e.target.value)} />
        <label htmlFor={`${id}-time`} className="pe-label">
          Finish time <span className="pe-hint">(optional, e.g. 1:45:30)</span>
        </label>
        <input id={`${id}-time`} className="pe-input" inputMode="numeric" maxLength={12} value={time} onChange={(e) => setTime(e.target.value)} />
        <button type="submit" className="pe-btn pe-btn-wide">
          Put on my certificate
        </button>
      </form>
      <button type="button" className="pe-btn pe-btn-primary pe-btn-wide" onClick={onDownloadPdf}>
        Download certificate (PDF)
      </button>
    </div>
  );
}
