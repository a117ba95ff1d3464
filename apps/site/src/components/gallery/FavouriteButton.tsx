'use client';

import { FAVOURITES_TEXT } from './strings';

/** A heart, outlined or filled. */
export function HeartGlyph({ filled, size = 20, className }: { filled: boolean; size?: number; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path
        d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.8 3.6 4.5 7 4.5c2 0 3.5 1.1 5 3 1.5-1.9 3-3 5-3 3.4 0 5.5 3.3 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The heart over a grid tile (a sibling of the tile's button, never inside it): pressed when the
 * photo is a favourite. Shown on hover and focus with a mouse, always on touch and once hearted.
 */
export function TileHeart({ on, photoLabel, onToggle }: { on: boolean; photoLabel: string; onToggle: () => void }) {
  return (
    <button
      type="button"
      className="jgrid-heart"
      aria-pressed={on}
      aria-label={on ? FAVOURITES_TEXT.removeLabel(photoLabel) : FAVOURITES_TEXT.addLabel(photoLabel)}
      title={on ? FAVOURITES_TEXT.remove : FAVOURITES_TEXT.add}
      data-on={on || undefined}
      onClick={onToggle}
    >
      <HeartGlyph filled={on} />
    </button>
  );
}

/** The favourites list is full, or storage is blocked: said once, politely. */
export function FavouritesNotice({ text }: { text: string }) {
  return (
    <p className="favourites-notice" role="status">
      {text}
    </p>
  );
}
