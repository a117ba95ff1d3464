'use client';

import type { PhotoListItem } from '@eventsite/contract';
import { memo, type CSSProperties, type MouseEvent } from 'react';
import { photoUrl } from '@/provider/photo-urls';
import { tileSrcSet, type FlowTile } from './flowTiles';
import { cachedPlaceholder, placeholderColor } from './placeholder';

/** The first tiles load at once, the very first ones before anything else (the page's LCP). */
const EAGER_TILES = 6;
const HIGH_PRIORITY_TILES = 4;

export interface TileProps {
  photo: PhotoListItem;
  index: number;
  label: string;
  /** Its place in the grid; null before the width is known (CSS places it: the server's HTML). */
  box: { left: number; top: number; width: number; height: number } | null;
  /** Width classes in which it is in the short last row. */
  tail?: string;
  /** Width classes whose server rows end before it (hidden there until the grid is laid out). */
  past?: string;
  sizes: string;
  /** The fixed widths its srcset offers. */
  widths: readonly number[];
  /** Before the grid is laid out: its width per class, where it must not fill its row alone. */
  caps?: FlowTile['caps'];
  apiBase: string;
  selectMode: boolean;
  selected: boolean;
  onActivate: (index: number, event: MouseEvent<HTMLButtonElement>) => void;
}

/** One photo of the grid: a button the size of its box, its thumbhash behind the image. */
export const Tile = memo(function Tile({ photo, index, label, box, tail, past, caps, sizes, widths, apiBase, selectMode, selected, onActivate }: TileProps) {
  // Laid out: the thumbhash's blurred image behind the photo; in the server's HTML, its colour.
  const placeholder = box ? cachedPlaceholder(photo.uuid, photo.placeholder) : null;
  const style: CSSProperties & Record<`--${string}`, string | number | undefined> = box
    ? { position: 'absolute', left: box.left, top: box.top, width: box.width, height: box.height, backgroundImage: placeholder ? `url("${placeholder}")` : undefined }
    : {
        '--a': Math.round((photo.width / photo.height) * 10_000) / 10_000,
        '--ws': caps?.s,
        '--wm': caps?.m,
        '--wl': caps?.l,
        backgroundColor: placeholderColor(photo.placeholder) ?? undefined,
      };
  return (
    <button
      type="button"
      className="jgrid-tile"
      data-index={index}
      data-selected={selected || undefined}
      data-tail={tail}
      data-past={past}
      aria-label={label}
      aria-pressed={selectMode ? selected : undefined}
      style={style}
      onClick={(e) => onActivate(index, e)}
    >
      <img
        src={photoUrl(apiBase, photo.uuid, widths[Math.floor((widths.length - 1) / 2)]!)}
        srcSet={tileSrcSet(apiBase, photo, widths)}
        sizes={sizes}
        width={box ? Math.round(box.width) : undefined}
        height={box ? Math.round(box.height) : undefined}
        alt=""
        loading={index < EAGER_TILES ? 'eager' : 'lazy'}
        fetchPriority={index < HIGH_PRIORITY_TILES ? 'high' : undefined}
        decoding={index < EAGER_TILES ? undefined : 'async'}
        draggable={false}
      />
      {selectMode ? (
        <span className="jgrid-check" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="16" height="16" focusable="false">
            <path d="M5 12.5l4.2 4.2L19 7" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
      ) : null}
    </button>
  );
});
