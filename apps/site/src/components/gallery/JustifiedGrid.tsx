'use client';

import { PHOTO_WIDTHS } from '@eventsite/contract/constants';
import type { PhotoListItem } from '@eventsite/contract';
import { memo, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type MouseEvent, type Ref } from 'react';
import { layoutOptionsFor, layoutRows, rowOfPhoto, visibleRows, type RowsLayout } from '@/lib/gallery/layout';
import { photoUrl } from '@/lib/photos';
import { cachedPlaceholder } from './placeholder';
import { GALLERY_TEXT } from './strings';

export interface JustifiedGridProps {
  photos: readonly PhotoListItem[];
  /** The listing's total, for 'Photo 12 of 504'. */
  total: number;
  apiBase: string;
  selectMode: boolean;
  selected: ReadonlySet<string>;
  onActivate: (index: number, event: MouseEvent<HTMLButtonElement>) => void;
  /** Rows beyond the screen, above and below, kept in the DOM (in screen heights). */
  overscan?: number;
  handle?: Ref<GridHandle>;
  /** Names the tiles (default 'Photo 12 of 504'); a second grid on the page names its own. */
  tileLabel?: (n: number, total: number) => string;
}

export interface GridHandle {
  /** Scrolls photo `index` into view (if it is not) and focuses it: where the viewer was closed. */
  reveal(index: number): void;
}

/** Room the sticky site header takes at the top of the screen. */
const HEADER_ROOM = 80;

/** The srcset of a photo: every fixed width up to its own (the smallest always). */
export function tileSrcSet(apiBase: string, photo: PhotoListItem): string {
  return PHOTO_WIDTHS.filter((w, i) => w <= photo.width || i === 0)
    .map((w) => `${photoUrl(apiBase, photo.uuid, w)} ${w}w`)
    .join(', ');
}

const useIsoLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

function measureWidth(el: HTMLElement | null): number {
  const w = el?.getBoundingClientRect().width ?? 0;
  if (w > 0) return w;
  // jsdom and the first paint: the window less the page's padding.
  return typeof window === 'undefined' ? 1024 : Math.max(320, Math.min(window.innerWidth, 1200) - 32);
}

/**
 * Justified rows, virtualised: every row's place is computed (lib/gallery/layout), and only the
 * rows near the screen are in the DOM, so 20,000 photos cost what 60 do. Each tile is a fixed box
 * of the photo's aspect ratio with its thumbhash painted behind: nothing moves as images load.
 */
export function JustifiedGrid({ photos, total, apiBase, selectMode, selected, onActivate, overscan = 1, handle, tileLabel = GALLERY_TEXT.photoLabel }: JustifiedGridProps) {
  const container = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [band, setBand] = useState<[number, number]>([0, 0]);
  const [focused, setFocused] = useState(-1);
  const previous = useRef<RowsLayout | null>(null);

  useIsoLayoutEffect(() => {
    const el = container.current;
    setWidth(measureWidth(el));
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(measureWidth(el)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const layout = useMemo(() => {
    if (width <= 0) return null;
    const next = layoutRows(photos, layoutOptionsFor(width), previous.current);
    previous.current = next;
    return next;
  }, [photos, width]);

  const updateBand = useCallback(() => {
    const el = container.current;
    if (!el) return;
    const top = el.getBoundingClientRect().top;
    const vh = window.innerHeight || 800;
    // In grid coordinates: what the screen shows, plus `overscan` screens either side.
    setBand((prev) => {
      const next: [number, number] = [-top - vh * overscan, -top + vh * (1 + overscan)];
      return Math.abs(prev[0] - next[0]) < 40 && Math.abs(prev[1] - next[1]) < 40 ? prev : next;
    });
  }, [overscan]);

  useIsoLayoutEffect(() => {
    updateBand();
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        updateBand();
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [updateBand, layout?.height]);

  const [focusRequest, setFocusRequest] = useState(-1);
  useImperativeHandle(
    handle,
    () => ({
      reveal(index: number) {
        const el = container.current;
        const row = layout ? layout.rows[rowOfPhoto(layout.rows, index)] : undefined;
        if (!el || !row) return;
        const top = el.getBoundingClientRect().top + row.top;
        const vh = window.innerHeight || 800;
        if (top < HEADER_ROOM || top + row.height > vh) {
          window.scrollTo({ top: window.scrollY + top - Math.max(HEADER_ROOM, (vh - row.height) / 2), behavior: 'instant' as ScrollBehavior });
        }
        setFocused(index);
        setFocusRequest(index);
        updateBand();
      },
    }),
    [layout, updateBand],
  );
  useEffect(() => {
    if (focusRequest < 0) return;
    const button = container.current?.querySelector<HTMLButtonElement>(`button[data-index="${focusRequest}"]`);
    if (button) {
      button.focus({ preventScroll: true });
      setFocusRequest(-1);
    }
  });

  const rows = layout?.rows ?? [];
  const range = visibleRows(rows, band[0], band[1]);
  const rendered = new Set<number>();
  if (range) for (let r = range[0]; r <= range[1]; r += 1) rendered.add(r);
  // The focused photo's row stays, so keyboard focus is never dropped by scrolling.
  const focusedRow = focused >= 0 ? rowOfPhoto(rows, focused) : -1;
  if (focusedRow >= 0) rendered.add(focusedRow);

  return (
    <div
      ref={container}
      className="jgrid"
      data-select-mode={selectMode || undefined}
      style={{ height: layout ? layout.height : undefined }}
      onFocus={(e) => {
        const i = Number((e.target as HTMLElement).dataset.index);
        if (Number.isInteger(i)) setFocused(i);
      }}
    >
      {[...rendered]
        .sort((a, b) => a - b)
        .map((r) => {
          const row = rows[r]!;
          return (
            <div key={row.start} className="jgrid-row" style={{ top: row.top, height: row.height, gap: layout!.options.spacing }}>
              {row.widths.map((w, i) => {
                const index = row.start + i;
                const photo = photos[index]!;
                return (
                  <Tile
                    key={photo.uuid}
                    photo={photo}
                    index={index}
                    label={tileLabel(index + 1, Math.max(total, index + 1))}
                    width={w}
                    height={row.height}
                    apiBase={apiBase}
                    selectMode={selectMode}
                    selected={selected.has(photo.uuid)}
                    onActivate={onActivate}
                  />
                );
              })}
            </div>
          );
        })}
    </div>
  );
}

interface TileProps {
  photo: PhotoListItem;
  index: number;
  label: string;
  width: number;
  height: number;
  apiBase: string;
  selectMode: boolean;
  selected: boolean;
  onActivate: JustifiedGridProps['onActivate'];
}

const Tile = memo(function Tile({ photo, index, label, width, height, apiBase, selectMode, selected, onActivate }: TileProps) {
  const placeholder = cachedPlaceholder(photo.uuid, photo.placeholder);
  return (
    <button
      type="button"
      className="jgrid-tile"
      data-index={index}
      data-selected={selected || undefined}
      aria-label={label}
      aria-pressed={selectMode ? selected : undefined}
      style={{ width, height, backgroundImage: placeholder ? `url("${placeholder}")` : undefined }}
      onClick={(e) => onActivate(index, e)}
    >
      <img
        src={photoUrl(apiBase, photo.uuid, 640)}
        srcSet={tileSrcSet(apiBase, photo)}
        sizes={`${Math.ceil(width)}px`}
        width={Math.round(width)}
        height={Math.round(height)}
        alt=""
        loading="lazy"
        decoding="async"
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
