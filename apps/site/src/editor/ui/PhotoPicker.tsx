'use client';
import type { PhotoListItem } from '@eventsite/contract';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { photoUrl } from '@/provider/photo-urls';
import { fetchPromoPhotos, promoFailure } from '@/provider/promo';

export type PickTarget = 'layer' | 'background' | 'replace';

type Props = {
  apiUrl: string;
  eventId: number;
  bibSearch: boolean;
  /** An image is selected: picking replaces it. */
  canReplace: boolean;
  onPick: (photo: PhotoListItem, target: PickTarget) => void;
};

type Listing = { photos: PhotoListItem[]; cursor: string | null; total: number };

/**
 * The visitor's own photos (bib search, when the event has it and the API answers it) or any of
 * the event's photos, a page at a time. A bib search the API does not offer yet (404) says so
 * and leaves the whole event's photos in place.
 */
export function PhotoPicker({ apiUrl, eventId, bibSearch, canReplace, onPick }: Props) {
  const bibId = useId();
  const [target, setTarget] = useState<PickTarget>(canReplace ? 'replace' : 'layer');
  const [all, setAll] = useState<Listing | null>(null);
  const [mine, setMine] = useState<(Listing & { bib: string }) | null>(null);
  const [bib, setBib] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  /** Kept apart from `message` so that loading more event photos does not hide it. */
  const [bibMessage, setBibMessage] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => setTarget(canReplace ? 'replace' : 'layer'), [canReplace]);

  const loadPage = useCallback(
    async (cursor: string | null, bibValue?: string) => {
      abort.current?.abort();
      const ctrl = new AbortController();
      abort.current = ctrl;
      setBusy(true);
      setMessage(null);
      if (bibValue && !cursor) setBibMessage(null);
      try {
        const page = await fetchPromoPhotos(apiUrl, eventId, { cursor, ...(bibValue ? { bib: bibValue } : {}), signal: ctrl.signal });
        if (!page) {
          if (bibValue) {
            setBibMessage("Bib search isn't available for this event yet. Pick from all the event's photos below.");
            setMine(null);
          } else setMessage('No photos for this event yet.');
          return;
        }
        const update = (prev: Listing | null): Listing => ({ photos: [...(cursor && prev ? prev.photos : []), ...page.photos], cursor: page.next_cursor, total: page.total });
        if (bibValue) {
          setMine((prev) => ({ ...update(prev), bib: bibValue }));
          if (!page.photos.length && !cursor) setBibMessage(`No photos found for bib ${bibValue} yet. Photos can take a little while to be tagged.`);
        } else setAll((prev) => update(prev));
      } catch (e) {
        if (ctrl.signal.aborted) return;
        setMessage(promoFailure(e) ?? "We couldn't load the photos. Check your connection and try again.");
      } finally {
        if (abort.current === ctrl) setBusy(false);
      }
    },
    [apiUrl, eventId],
  );

  useEffect(() => {
    void loadPage(null);
    return () => abort.current?.abort();
  }, [loadPage]);

  const grid = (listing: Listing, label: string, bibValue?: string) => (
    <section className="pe-photos" aria-label={label}>
      <ul className="pe-photo-grid">
        {listing.photos.map((p) => (
          <li key={p.uuid}>
            <button type="button" className="pe-photo" onClick={() => onPick(p, target)} aria-label={`${target === 'background' ? 'Use as background' : target === 'replace' ? 'Replace the selected picture with' : 'Add'} photo ${p.captured_at ? `taken ${new Date(p.captured_at).toLocaleString('en-GB', { hour: '2-digit', minute: '2-digit', day: 'numeric', month: 'short' })}` : p.uuid.slice(0, 8)}`}>
              <img src={photoUrl(apiUrl, p.uuid, 320)} alt="" loading="lazy" width={160} height={Math.round((160 * p.height) / p.width)} />
            </button>
          </li>
        ))}
      </ul>
      {listing.cursor ? (
        <button type="button" className="pe-btn pe-btn-wide" disabled={busy} onClick={() => void loadPage(listing.cursor, bibValue)}>
          {busy ? 'Loading…' : 'Load more'}
        </button>
      ) : null}
    </section>
  );

  return (
    <div className="pe-panel-body">
      {bibSearch ? (
        <form
          className="pe-row"
          onSubmit={(e) => {
            e.preventDefault();
            const value = bib.trim();
            if (value) void loadPage(null, value);
            else setMine(null);
          }}
        >
          <label htmlFor={bibId} className="pe-label">
            Your bib number
          </label>
          <div className="pe-inline">
            <input id={bibId} className="pe-input" inputMode="numeric" autoComplete="off" value={bib} onChange={(e) => setBib(e.target.value)} maxLength={20} />
            <button type="submit" className="pe-btn" disabled={busy}>
              Find my photos
            </button>
          </div>
        </form>
      ) : null}
      <fieldset className="pe-segmented">
        <legend className="pe-label">A photo you pick</legend>
        {canReplace ? (
          <label>
            <input type="radio" name="pe-pick" checked={target === 'replace'} onChange={() => setTarget('replace')} /> Replaces the selected picture
          </label>
        ) : null}
        <label>
          <input type="radio" name="pe-pick" checked={target === 'layer'} onChange={() => setTarget('layer')} /> Is added to the design
        </label>
        <label>
          <input type="radio" name="pe-pick" checked={target === 'background'} onChange={() => setTarget('background')} /> Becomes the background
        </label>
      </fieldset>
      <p className="pe-status" role="status" aria-live="polite">
        {[bibMessage, message ?? (busy && !all ? 'Loading photos…' : '')].filter(Boolean).join(' ')}
      </p>
      {mine ? (
        <>
          <h3 className="pe-h3">Your photos (bib {mine.bib})</h3>
          {grid(mine, `Photos for bib ${mine.bib}`, mine.bib)}
        </>
      ) : null}
      {all ? (
        <>
          <h3 className="pe-h3">All event photos{all.total ? ` (${all.total.toLocaleString('en-GB')})` : ''}</h3>
          {grid(all, 'All event photos')}
        </>
      ) : null}
    </div>
  );
}
