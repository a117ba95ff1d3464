'use client';

import type { PhotoListItem } from '@eventsite/contract';
import { Suspense, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode, type Ref } from 'react';
import { fitRows, layoutOptionsFor, layoutRows, nominalLayout, rowOfPhoto, visibleRows, widthClass, type RowsLayout } from '@/lib/gallery/layout';
import { FLOW_PHOTOS, INLINE_TILES, boxWidths, flowTiles } from './flowTiles';
import { Tile } from './GridTile';
import { GALLERY_TEXT } from './strings';

export { FLOW_HEIGHT, FLOW_PHOTOS, INLINE_TILES, boxWidths, flowTiles, tileSrcSet, tileWidths } from './flowTiles';

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
  /**
   * Controls over a laid-out tile, after it in the tab order ("Not me", "This is me"), given the
   * photo, its index and the tile's label; null for none. Never in the server's HTML.
   */
  tileActions?: (photo: PhotoListItem, index: number, label: string) => ReactNode;
}

export interface GridHandle {
  /** Scrolls photo `index` into view (if it is not) and focuses it: where the viewer was closed. */
  reveal(index: number): void;
}

/** Room the sticky site header takes at the top of the screen. */
const HEADER_ROOM = 80;

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
export function JustifiedGrid({ photos, total, apiBase, selectMode, selected, onActivate, overscan = 1, handle, tileLabel = GALLERY_TEXT.photoLabel, tileActions }: JustifiedGridProps) {
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
    // The first layout keeps the rows the server's HTML showed (those of this width class).
    const next =
      previous.current === null && photos.length <= FLOW_PHOTOS
        ? fitRows(nominalLayout(photos, widthClass(width)), photos, width)
        : layoutRows(photos, layoutOptionsFor(width), previous.current);
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

  const flow = useMemo(() => (layout ? null : flowTiles(photos.slice(0, FLOW_PHOTOS))), [layout, photos]);
  // A tile the server drew keeps its srcset once laid out: the same candidates, no new request.
  const flowWidths = useRef(new Map<string, number[]>());
  const rows = layout?.rows ?? [];
  const range = visibleRows(rows, band[0], band[1]);
  const rendered = new Set<number>();
  if (range) for (let r = range[0]; r <= range[1]; r += 1) rendered.add(r);
  // The focused photo's row stays, so keyboard focus is never dropped by scrolling.
  const focusedRow = focused >= 0 ? rowOfPhoto(rows, focused) : -1;
  if (focusedRow >= 0) rendered.add(focusedRow);

  const tileProps = (index: number) => {
    const photo = photos[index]!;
    return {
      photo,
      index,
      label: tileLabel(index + 1, Math.max(total, index + 1)),
      apiBase,
      selectMode,
      selected: selected.has(photo.uuid),
      onActivate,
    };
  };

  // The first INLINE_TILES photos, then the rest in their own boundary (see INLINE_TILES); the
  // same two places before and after the grid knows its width, so no tile is mounted again.
  const tiles: ReactNode[] = [];
  const later: ReactNode[] = [];
  if (flow) {
    // Before the width is known (the server's HTML): CSS lays the rows out, see gallery.css.
    flow.forEach((f, index) => {
      const into = index < INLINE_TILES ? tiles : later;
      if (f.breaks) into.push(<span key={`br-${index}`} className="jgrid-br" data-c={f.breaks} aria-hidden="true" />);
      // (A tile hidden in some class was not sized for it: laid out, it gets its own widths.)
      if (!f.past) flowWidths.current.set(photos[index]!.uuid, f.widths);
      into.push(<Tile key={photos[index]!.uuid} {...tileProps(index)} box={null} tail={f.tail || undefined} past={f.past || undefined} caps={f.caps} sizes={f.sizes} widths={f.widths} />);
    });
  } else {
    for (const r of [...rendered].sort((a, b) => a - b)) {
      const row = rows[r]!;
      let left = 0;
      row.widths.forEach((w, i) => {
        const index = row.start + i;
        const photo = photos[index]!;
        const widths = flowWidths.current.get(photo.uuid) ?? boxWidths(photo, w);
        const into = index < INLINE_TILES ? tiles : later;
        const props = tileProps(index);
        into.push(<Tile key={photo.uuid} {...props} box={{ left, top: row.top, width: w, height: row.height }} sizes={`${Math.ceil(w)}px`} widths={widths} />);
        const actions = tileActions?.(photo, index, props.label);
        if (actions) {
          into.push(
            <div key={`${photo.uuid}-actions`} className="jgrid-actions" data-actions-of={index} style={{ left, top: row.top, width: w, height: row.height }}>
              {actions}
            </div>,
          );
        }
        left += w + layout!.options.spacing;
      });
    }
  }

  return (
    <div className="jgrid-box">
      <div
        ref={container}
        className={flow ? 'jgrid jgrid-flow' : 'jgrid'}
        data-select-mode={selectMode || undefined}
        style={{ height: layout ? layout.height : undefined }}
        onFocus={(e) => {
          const tile = (e.target as HTMLElement).closest<HTMLElement>('[data-index],[data-actions-of]');
          const i = Number(tile?.dataset.index ?? tile?.dataset.actionsOf);
          if (Number.isInteger(i)) setFocused(i);
        }}
      >
        {tiles}
        <Suspense fallback={null}>{later}</Suspense>
      </div>
    </div>
  );
}

