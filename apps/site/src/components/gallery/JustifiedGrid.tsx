'use client';

import { DEFAULT_PHOTO_PAGE_SIZE, PHOTO_WIDTHS } from '@eventsite/contract/constants';
import type { PhotoListItem } from '@eventsite/contract';
import { memo, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type MouseEvent, type ReactNode, type Ref } from 'react';
import {
  WIDTH_CLASSES,
  fitRows,
  isTailRow,
  layoutOptionsFor,
  layoutRows,
  nominalLayout,
  rowOfPhoto,
  visibleRows,
  widthClass,
  type RowsLayout,
  type WidthClass,
} from '@/lib/gallery/layout';
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

/**
 * Photos the grid draws before it knows its width (the server's HTML, and the first render that
 * hydrates it): the first page. They are laid out by CSS from the rows of each width class.
 */
export const FLOW_PHOTOS = DEFAULT_PHOTO_PAGE_SIZE;

/** The first tiles load at once, the very first ones before anything else (the page's LCP). */
const EAGER_TILES = 6;
const HIGH_PRIORITY_TILES = 4;

/** How wide the grid is at each width class, as viewport media conditions (see .container). */
const CLASS_MEDIA: Record<WidthClass, Array<{ media: string | null; padding: number; fixed?: number }>> = {
  s: [{ media: '(max-width: 511px)', padding: 32 }],
  m: [
    { media: '(max-width: 699px)', padding: 32 },
    { media: '(max-width: 947px)', padding: 48 },
  ],
  l: [
    { media: '(max-width: 1199px)', padding: 48 },
    { media: null, padding: 0, fixed: 1152 },
  ],
};

interface FlowTile {
  /** Classes whose rows start at this photo (a line break before it). */
  breaks: string;
  /** Classes where this photo is in the short last row (kept at the target height). */
  tail: string;
  sizes: string;
}

/** The server's grid: per photo, where each class breaks its rows and the img's `sizes`. */
export function flowTiles(photos: readonly PhotoListItem[]): FlowTile[] {
  const tiles: FlowTile[] = photos.map(() => ({ breaks: '', tail: '', sizes: '' }));
  const sizes: string[][] = photos.map(() => []);
  for (const cls of WIDTH_CLASSES) {
    const layout = nominalLayout(photos, cls);
    const { spacing, targetRowHeight } = layout.options;
    layout.rows.forEach((row, r) => {
      const tail = isTailRow(layout, r);
      const ratios = row.widths.map((_, i) => photos[row.start + i]!.width / photos[row.start + i]!.height);
      const sum = ratios.reduce((a, b) => a + b, 0);
      const gaps = (ratios.length - 1) * spacing;
      ratios.forEach((a, i) => {
        const at = row.start + i;
        if (i === 0 && at > 0) tiles[at]!.breaks += `${cls} `;
        if (tail) tiles[at]!.tail += `${cls} `;
        const share = Math.round((a / sum) * 10_000) / 10_000;
        for (const m of CLASS_MEDIA[cls]) {
          const size = m.fixed
            ? `${Math.ceil(((m.fixed - gaps) * a) / sum)}px`
            : `calc((100vw - ${m.padding + gaps}px) * ${share})`;
          const value = tail ? `${Math.ceil(a * targetRowHeight)}px` : size;
          sizes[at]!.push(m.media ? `${m.media} ${value}` : value);
        }
      });
    });
  }
  return tiles.map((t, i) => ({ breaks: t.breaks.trim(), tail: t.tail.trim(), sizes: sizes[i]!.join(', ') }));
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

  const tiles: ReactNode[] = [];
  if (flow) {
    // Before the width is known (the server's HTML): CSS lays the rows out, see gallery.css.
    flow.forEach((f, index) => {
      if (f.breaks) tiles.push(<span key={`br-${index}`} className="jgrid-br" data-c={f.breaks} aria-hidden="true" />);
      tiles.push(<Tile key={photos[index]!.uuid} {...tileProps(index)} box={null} tail={f.tail || undefined} sizes={f.sizes} />);
    });
  } else {
    for (const r of [...rendered].sort((a, b) => a - b)) {
      const row = rows[r]!;
      let left = 0;
      row.widths.forEach((w, i) => {
        const index = row.start + i;
        tiles.push(<Tile key={photos[index]!.uuid} {...tileProps(index)} box={{ left, top: row.top, width: w, height: row.height }} sizes={`${Math.ceil(w)}px`} />);
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
          const i = Number((e.target as HTMLElement).dataset.index);
          if (Number.isInteger(i)) setFocused(i);
        }}
      >
        {tiles}
      </div>
    </div>
  );
}

interface TileProps {
  photo: PhotoListItem;
  index: number;
  label: string;
  /** Its place in the grid; null before the width is known (CSS places it: the server's HTML). */
  box: { left: number; top: number; width: number; height: number } | null;
  /** Width classes in which it is in the short last row. */
  tail?: string;
  sizes: string;
  apiBase: string;
  selectMode: boolean;
  selected: boolean;
  onActivate: JustifiedGridProps['onActivate'];
}

const Tile = memo(function Tile({ photo, index, label, box, tail, sizes, apiBase, selectMode, selected, onActivate }: TileProps) {
  const placeholder = cachedPlaceholder(photo.uuid, photo.placeholder);
  const background = placeholder ? `url("${placeholder}")` : undefined;
  const style: CSSProperties & { '--a'?: number } = box
    ? { position: 'absolute', left: box.left, top: box.top, width: box.width, height: box.height, backgroundImage: background }
    : { '--a': Math.round((photo.width / photo.height) * 10_000) / 10_000, backgroundImage: background };
  return (
    <button
      type="button"
      className="jgrid-tile"
      data-index={index}
      data-selected={selected || undefined}
      data-tail={tail}
      aria-label={label}
      aria-pressed={selectMode ? selected : undefined}
      style={style}
      onClick={(e) => onActivate(index, e)}
    >
      <img
        src={photoUrl(apiBase, photo.uuid, 640)}
        srcSet={tileSrcSet(apiBase, photo)}
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
