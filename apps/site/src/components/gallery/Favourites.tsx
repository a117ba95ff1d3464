'use client';

import { useId, useState, type ReactNode } from 'react';
import { GallerySkeleton } from './GallerySkeleton';
import { HeartGlyph } from './FavouriteButton';
import { COLLECTION_TEXT } from './collectionText';
import type { CollectionPhase } from './useCollection';

/** "My favourites (n)": into the favourites view (in the URL, so Back returns), or out of it. */
export function FavouritesToggle({ count, on, onToggle }: { count: number; on: boolean; onToggle: (on: boolean) => void }) {
  return (
    <button type="button" className="button button-outline favourites-toggle" aria-pressed={on} onClick={() => onToggle(!on)}>
      <HeartGlyph filled={on || count > 0} size={18} />
      {COLLECTION_TEXT.toggle(count)}
    </button>
  );
}

/**
 * A link that opens these favourites on another device (`?picks=`, the first `max`): shared the
 * device's way where it has one, else copied; the link is shown as well, to copy by hand.
 */
export function ShareFavourites({ link, count, max, onShared }: { link: () => string; count: number; max: number; onShared?: () => void }) {
  const [shown, setShown] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const id = useId();
  const share = async () => {
    const url = link();
    setShown(url);
    const cut = count > max ? ` ${COLLECTION_TEXT.shareFirst(max)}` : '';
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: COLLECTION_TEXT.title, url });
        setNote(cut.trim());
        onShared?.();
        return;
      } catch (error) {
        if ((error as Error).name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setNote(`${COLLECTION_TEXT.copied}.${cut}`);
      onShared?.();
    } catch {
      setNote(cut.trim());
    }
  };
  return (
    <>
      <button type="button" className="button button-outline" onClick={() => void share()} aria-expanded={shown !== null} aria-controls={id}>
        {COLLECTION_TEXT.share}
      </button>
      <div className="favourites-share" id={id} hidden={shown === null}>
        <label htmlFor={`${id}-link`}>Link to your favourites</label>
        <input id={`${id}-link`} type="url" readOnly value={shown ?? ''} onFocus={(e) => e.currentTarget.select()} />
        <p role="status">{note}</p>
      </div>
    </>
  );
}

/** A shared selection: every photo of it into the visitor's own favourites. */
export function AddAllButton({ onAdd }: { onAdd: () => number }) {
  const [note, setNote] = useState('');
  return (
    <>
      <button type="button" className="button button-outline" onClick={() => setNote(COLLECTION_TEXT.addedAll(onAdd()))}>
        <HeartGlyph filled={false} size={18} />
        {COLLECTION_TEXT.addAll}
      </button>
      <span className="favourites-added" role="status">
        {note}
      </span>
    </>
  );
}

/** Over a shared selection: what it is, and what of it is gone. */
export function CollectionHeader({ count, missing }: { count: number; missing: number }) {
  return (
    <div className="collection-header">
      <h2 className="collection-title">{COLLECTION_TEXT.pickedTitle(count)}</h2>
      <p className="gallery-note">
        {COLLECTION_TEXT.pickedText}
        {missing > 0 ? ` ${COLLECTION_TEXT.pickedMissing(missing)}` : ''}
      </p>
    </div>
  );
}

/** What a collection shows in place of photos: loading, none, or a selection that can't be shown. */
export function CollectionStatus({ kind, phase, photos, onRetry }: { kind: 'favourites' | 'picks'; phase: CollectionPhase; photos: number; onRetry: () => void }): ReactNode {
  if (phase === 'loading') return <GallerySkeleton />;
  if (phase === 'error') {
    return (
      <div className="state state-error" role="alert">
        <h2 className="state-title">{COLLECTION_TEXT.pickedFailedTitle}</h2>
        <p className="state-text">{COLLECTION_TEXT.pickedFailedText}</p>
        <button type="button" className="button" onClick={onRetry}>
          {COLLECTION_TEXT.retry}
        </button>
      </div>
    );
  }
  if (photos > 0) return null;
  return (
    <div className="empty-state gallery-empty" role="status">
      <h2>{kind === 'favourites' ? COLLECTION_TEXT.emptyTitle : COLLECTION_TEXT.pickedEmptyTitle}</h2>
      <p>{kind === 'favourites' ? COLLECTION_TEXT.emptyText : COLLECTION_TEXT.pickedEmptyText}</p>
    </div>
  );
}
