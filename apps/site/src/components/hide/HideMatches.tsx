'use client';

import type { HideMatch } from '@eventsite/contract';
import { useState } from 'react';
import { photoUrl } from '@/provider/photo-urls';
import { HIDE_TEXT } from './strings';

/** The preview's width: the smallest display size, enough to tell one's own face. */
const PREVIEW_WIDTH = 480;

const percent = (part: number, whole: number) =>
  `${Math.min(100, Math.max(0, (part / whole) * 100))}%`;

interface Props {
  apiBase: string;
  matches: readonly HideMatch[];
  /** The photos the visitor confirmed, in the order shown. */
  onConfirm: (photos: string[]) => void;
  onCancel: () => void;
  headingRef: (el: HTMLElement | null) => void;
  headingId: string;
}

/**
 * The confirmation of "Hide me": each photo the selfie was found on, with the face that would be
 * blurred outlined, and a "This is me" box to tick. Nothing is ticked at first: only the photos
 * the visitor confirms are changed, so a look-alike's photo is never blurred by mistake.
 */
export function HideMatches({
  apiBase,
  matches,
  onConfirm,
  onCancel,
  headingRef,
  headingId,
}: Props) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (uuid: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(uuid);
      else next.delete(uuid);
      return next;
    });
  const confirmed = matches.filter((m) => chosen.has(m.uuid)).map((m) => m.uuid);
  return (
    <div className="hide-me-steps" role="group" aria-labelledby={headingId}>
      <p id={headingId} className="hide-me-question" ref={headingRef} tabIndex={-1}>
        {HIDE_TEXT.pickTitle(matches.length)}
      </p>
      <p className="selfie-consent">{HIDE_TEXT.pickDetail}</p>
      <ul className="hide-me-matches">
        {matches.map((m, i) => (
          <li key={m.uuid}>
            <label className="hide-me-match" data-chosen={chosen.has(m.uuid) || undefined}>
              <span className="hide-me-photo" style={{ aspectRatio: `${m.width} / ${m.height}` }}>
                <img
                  src={photoUrl(apiBase, m.uuid, PREVIEW_WIDTH)}
                  alt={HIDE_TEXT.photoAlt(i + 1, matches.length)}
                  loading="lazy"
                  decoding="async"
                />
                <span
                  className="hide-me-face"
                  aria-hidden="true"
                  style={{
                    left: percent(m.box.x, m.width),
                    top: percent(m.box.y, m.height),
                    width: percent(m.box.width, m.width),
                    height: percent(m.box.height, m.height),
                  }}
                />
              </span>
              <span className="hide-me-tick">
                <input
                  type="checkbox"
                  aria-label={HIDE_TEXT.thisIsMe(i + 1)}
                  checked={chosen.has(m.uuid)}
                  onChange={(e) => toggle(m.uuid, e.currentTarget.checked)}
                />
                <span aria-hidden="true">{HIDE_TEXT.thisIsMeShort}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      <div className="search-row selfie-actions">
        <button
          type="button"
          className="button"
          disabled={confirmed.length === 0}
          onClick={() => onConfirm(confirmed)}
        >
          {confirmed.length > 0 ? HIDE_TEXT.confirm(confirmed.length) : HIDE_TEXT.pickNone}
        </button>
        {matches.length > 1 && chosen.size < matches.length ? (
          <button
            type="button"
            className="button button-outline"
            onClick={() => setChosen(new Set(matches.map((m) => m.uuid)))}
          >
            {HIDE_TEXT.pickAll}
          </button>
        ) : null}
        <button type="button" className="button button-outline" onClick={onCancel}>
          {HIDE_TEXT.cancel}
        </button>
      </div>
    </div>
  );
}
