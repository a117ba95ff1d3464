'use client';

import type { AdminPhoto } from '@eventsite/contract';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { photoUrl } from '@/provider/photo-urls';
import { MAX_BIBS_PER_PHOTO, parseBibs } from './parse';
import { BIBS_TEXT } from './strings';

interface Props {
  eventId: number;
  csrf: string;
  /** The API's public base: the photos' 1280 display variants come from there. */
  apiBase: string;
  photos: AdminPhoto[];
  /** Photos of the event to review, all of them. */
  total: number;
  threshold: number;
  /** The cursor this page was asked with (the no-JS form comes back to it on an error). */
  after: string | null;
  /** The cursor of the photos after these, or null at the end. */
  nextAfter: string | null;
  /** Without JavaScript: what was typed when the last save failed, and why. */
  typed?: string;
  error?: string;
}

type Item = { photo: AdminPhoto; saved: string[] | null };

const DISPLAY_WIDTH = 1280;

/**
 * The keyboard flow of Bibs by hand: one photo large at a time, the bibs read so far as chips
 * that can be removed or changed, numbers typed (spaces or commas between them), Enter saves and
 * goes on, Page Down skips, Page Up goes back. Rendered on the server as a plain form per photo
 * (it posts to the same route handler and works without JavaScript); once running, saves are
 * fetch calls to that handler (same origin, the CSRF token in the form) and the page stays.
 */
export function BibsByHand(props: Props) {
  const { eventId, csrf, apiBase, total, threshold, after, nextAfter } = props;
  const [items, setItems] = useState<Item[]>(() =>
    props.photos.map((photo) => ({ photo, saved: null })),
  );
  const [index, setIndex] = useState(0);
  const [hydrated, setHydrated] = useState(false);
  const [chips, setChips] = useState<string[]>(() => chipsOf(props.photos[0], null));
  const [text, setText] = useState(props.typed ?? '');
  const [error, setError] = useState<string | null>(props.error ?? null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setHydrated(true);
    // The one field of a keyboard flow: typing starts at once.
    input.current?.focus();
  }, []);

  const savedCount = items.filter((i) => i.saved !== null).length;
  const left = Math.max(0, total - savedCount);
  const item = items[index];
  const action = `/console/events/${eventId}/bibs/save`;

  // The next photo's image is fetched while this one is tagged.
  useEffect(() => {
    const next = items[index + 1];
    if (!hydrated || !next) return;
    const image = new Image();
    image.src = photoUrl(apiBase, next.photo.uuid, DISPLAY_WIDTH);
  }, [hydrated, index, items, apiBase]);

  function show(to: number) {
    if (to < 0 || to > items.length) return;
    setIndex(to);
    setChips(chipsOf(items[to]?.photo, items[to]?.saved ?? null));
    setText('');
    setError(null);
    input.current?.focus();
  }

  /** The chips and what is typed, or the error to show (nothing is lost). */
  function wanted(): string[] | null {
    const parsed = parseBibs(text);
    if (!parsed.ok) {
      setError(BIBS_TEXT.badBibs(parsed.bad));
      return null;
    }
    const bibs = [...chips];
    for (const bib of parsed.bibs) if (!bibs.includes(bib)) bibs.push(bib);
    if (bibs.length > MAX_BIBS_PER_PHOTO) {
      setError(BIBS_TEXT.tooMany(MAX_BIBS_PER_PHOTO));
      return null;
    }
    return bibs;
  }

  async function save() {
    if (!item || busy) return;
    const bibs = wanted();
    if (bibs === null) return;
    setBusy(true);
    setError(null);
    setStatus(BIBS_TEXT.saving);
    const form = new FormData();
    form.set('csrf', csrf);
    form.set('uuid', item.photo.uuid);
    form.set('bibs', bibs.join(' '));
    let answer: { ok: boolean; bibs?: string[]; message?: string } | null = null;
    try {
      const response = await fetch(action, {
        method: 'POST',
        body: form,
        headers: { accept: 'application/json' },
        credentials: 'same-origin',
      });
      answer = (await response.json().catch(() => null)) as typeof answer;
      if (!answer) answer = { ok: false, message: `HTTP ${response.status}` };
    } catch {
      answer = null;
    }
    setBusy(false);
    if (!answer) {
      setStatus('');
      setError(BIBS_TEXT.offline);
      return;
    }
    if (!answer.ok) {
      setStatus('');
      setError(BIBS_TEXT.saveFailed(answer.message ?? 'unknown error'));
      return;
    }
    const saved = answer.bibs ?? bibs;
    const updated = items.map((it, i) => (i === index ? { ...it, saved } : it));
    setItems(updated);
    setStatus(BIBS_TEXT.saved(saved));
    const to = index + 1;
    setIndex(to);
    setChips(chipsOf(updated[to]?.photo, updated[to]?.saved ?? null));
    setText('');
    input.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      void save();
    } else if (event.key === 'PageDown') {
      event.preventDefault();
      show(index + 1);
    } else if (event.key === 'PageUp') {
      event.preventDefault();
      show(index - 1);
    } else if (event.key === 'Backspace' && text === '' && chips.length > 0) {
      event.preventDefault();
      setChips(chips.slice(0, -1));
    }
  }

  /** A space or comma typed after a bib makes it a chip. */
  function onChange(value: string) {
    if (hydrated && /[\s,;]$/.test(value)) {
      const parsed = parseBibs(value);
      if (parsed.ok) {
        setChips([...chips, ...parsed.bibs.filter((b) => !chips.includes(b))]);
        setText('');
        setError(null);
        return;
      }
    }
    setText(value);
  }

  function edit(bib: string) {
    setChips(chips.filter((c) => c !== bib));
    setText(text ? `${text} ${bib}` : bib);
    input.current?.focus();
  }

  if (items.length === 0)
    return <p className="console-notice">{total === 0 ? BIBS_TEXT.none : BIBS_TEXT.allDone}</p>;

  const reads = new Map(item?.photo.bibs.map((b) => [b.bib, b]) ?? []);
  const position = Math.min(index + 1, items.length);

  return (
    <div className="bibs-flow">
      <p className="bibs-counter" aria-live="polite">
        {item ? BIBS_TEXT.counter(position, items.length, left) : BIBS_TEXT.leftOnly(left)}
      </p>
      {item ? (
        <form
          className="bibs-form"
          method="post"
          action={action}
          onSubmit={(e) => {
            if (!hydrated) return;
            e.preventDefault();
            void save();
          }}
        >
          <input type="hidden" name="csrf" value={csrf} />
          <input type="hidden" name="uuid" value={item.photo.uuid} />
          <input type="hidden" name="after" value={after ?? ''} />
          <figure className="bibs-photo">
            {/* The 1280 display variant, from the API like the public gallery's photos. */}
            <img
              key={item.photo.uuid}
              src={photoUrl(apiBase, item.photo.uuid, DISPLAY_WIDTH)}
              width={item.photo.width}
              height={item.photo.height}
              alt={BIBS_TEXT.photoAlt(position)}
            />
            {item.photo.hidden_faces > 0 ? (
              <figcaption className="bibs-hidden-note">
                {BIBS_TEXT.hiddenFaces(item.photo.hidden_faces)}
              </figcaption>
            ) : null}
          </figure>
          <div className="bibs-entry">
            <label htmlFor="bibs-input" className="bibs-label">
              {BIBS_TEXT.inputLabel}
            </label>
            {hydrated ? (
              <ul className="bibs-chips" aria-label={BIBS_TEXT.inputLabel}>
                {chips.map((bib) => {
                  const read = reads.get(bib);
                  const unsure = read && read.source === 'ocr' && read.confidence < threshold;
                  return (
                    <li key={bib} className={unsure ? 'bibs-chip bibs-chip-unsure' : 'bibs-chip'}>
                      <button
                        type="button"
                        className="bibs-chip-text"
                        onClick={() => edit(bib)}
                        aria-label={BIBS_TEXT.editBib(bib)}
                      >
                        {bib}
                        {read && read.source === 'ocr' ? (
                          <span className="bibs-chip-confidence">
                            {unsure ? `${BIBS_TEXT.unsure} · ` : ''}
                            {BIBS_TEXT.readAt(read.confidence)}
                          </span>
                        ) : null}
                      </button>
                      <button
                        type="button"
                        className="bibs-chip-remove"
                        onClick={() => {
                          setChips(chips.filter((c) => c !== bib));
                          input.current?.focus();
                        }}
                        aria-label={BIBS_TEXT.removeBib(bib)}
                      >
                        ×
                      </button>
                    </li>
                  );
                })}
              </ul>
            ) : null}
            <input
              ref={input}
              id="bibs-input"
              name="bibs"
              className="bibs-input"
              type="text"
              inputMode="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              autoFocus
              aria-describedby="bibs-hint bibs-error"
              aria-invalid={error ? true : undefined}
              // Without JavaScript the box holds the readings as text, to edit and save.
              value={hydrated ? text : (props.typed ?? chips.join(' '))}
              onChange={(e) => onChange(e.target.value)}
              onKeyDown={onKeyDown}
            />
            <p id="bibs-hint" className="console-hint">
              {BIBS_TEXT.inputHint}
            </p>
            <p id="bibs-error" className={error ? 'console-error' : 'visually-hidden'} role="alert">
              {error ?? ''}
            </p>
            <div className="bibs-buttons">
              <button type="submit" className="button" disabled={busy}>
                {BIBS_TEXT.save}
              </button>
              {hydrated ? (
                <>
                  <button
                    type="button"
                    className="button button-outline"
                    onClick={() => show(index + 1)}
                  >
                    {BIBS_TEXT.skip}
                  </button>
                  <button
                    type="button"
                    className="button button-outline"
                    onClick={() => show(index - 1)}
                    disabled={index === 0}
                  >
                    {BIBS_TEXT.back}
                  </button>
                </>
              ) : (
                <a
                  className="button button-outline"
                  href={`/console/events/${eventId}/bibs?after=${item.photo.uuid}`}
                >
                  {BIBS_TEXT.skip}
                </a>
              )}
            </div>
            <p className={hydrated ? 'console-hint bibs-keys' : 'console-hint'}>
              {hydrated ? BIBS_TEXT.keys : BIBS_TEXT.noJsKeys}
            </p>
            {item.saved !== null ? (
              <p className="console-notice">{BIBS_TEXT.savedHere(item.saved)}</p>
            ) : null}
          </div>
        </form>
      ) : (
        <div className="bibs-end">
          <p>{BIBS_TEXT.doneLoaded}</p>
          <p className="bibs-buttons">
            {nextAfter ? (
              <a className="button" href={`/console/events/${eventId}/bibs?after=${nextAfter}`}>
                {BIBS_TEXT.morePhotos}
              </a>
            ) : null}
            <a className="button button-outline" href={`/console/events/${eventId}/bibs`}>
              {BIBS_TEXT.startAgain}
            </a>
            <button type="button" className="button button-outline" onClick={() => show(index - 1)}>
              {BIBS_TEXT.back}
            </button>
          </p>
        </div>
      )}
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </div>
  );
}

/** The chips a photo starts with: what was saved here, else every reading (best first). */
function chipsOf(photo: AdminPhoto | undefined, saved: string[] | null): string[] {
  if (saved !== null) return saved;
  return photo ? [...new Set(photo.bibs.map((b) => b.bib))] : [];
}
