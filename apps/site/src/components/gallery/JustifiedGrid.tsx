'use client';

import { DEFAULT_PHOTO_PAGE_SIZE, PHOTO_WIDTHS } from '@eventsite/contract/constants';
import type { PhotoListItem } from '@eventsite/contract';
import { Suspense, memo, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type MouseEvent, type ReactNode, type Ref } from 'react';
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
import { photoUrl } from '@/provider/photo-urls';
import { cachedPlaceholder, placeholderColor } from './placeholder';
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

/**
 * The fixed widths a tile needs when it is drawn `lo`–`hi` CSS px wide on screens of `dprLo`–
 * `dprHi` device pixels per CSS px: every width from the smallest such a screen can use up to
 * the first that covers the largest (the browser takes the smallest candidate that is enough;
 * a missing small one costs bytes, a missing large one sharpness). Never above the photo's own
 * width (no upscaled variants); the smallest fixed width when the photo is smaller than all.
 */
export function tileWidths(photo: { width: number }, lo: number, hi: number, dprLo = 1, dprHi = 3): number[] {
  const own = PHOTO_WIDTHS.filter((w, i) => w <= photo.width || i === 0);
  const need = hi * dprHi;
  const cover = own.find((w) => w >= need) ?? own[own.length - 1]!;
  // A width below what the least dense screen needs is never the one chosen.
  const floor = lo * dprLo;
  const widths = own.filter((w) => w <= cover && w >= floor);
  return widths.length > 0 ? widths : [cover];
}

export function tileSrcSet(apiBase: string, photo: PhotoListItem, widths: readonly number[]): string {
  return widths.map((w) => `${photoUrl(apiBase, photo.uuid, w)} ${w}w`).join(', ');
}

/**
 * Photos the grid draws before it knows its width (the server's HTML, and the first render that
 * hydrates it) are laid out by CSS from the rows of each width class, at most the first page.
 */
export const FLOW_PHOTOS = DEFAULT_PHOTO_PAGE_SIZE;

/**
 * How tall, in each class's nominal rows, the server's grid is: the first screen of a tall phone
 * or desktop and a little more. The rest of the first page is already in the browser (the page's
 * data) and drawn once the grid knows its width, below what the visitor sees first: the HTML stays
 * small and nothing in view moves.
 */
export const FLOW_HEIGHT = 1000;

/** The first tiles load at once, the very first ones before anything else (the page's LCP). */
const EAGER_TILES = 6;
const HIGH_PRIORITY_TILES = 4;

/**
 * The tiles drawn in the page's own part of the HTML; the others are in a Suspense boundary of
 * their own. React moves a boundary out of place (into a hidden <div> at the end of what it has
 * sent, shown by a script) once the bytes before it pass its `progressiveChunkSize` (12,800):
 * the first photos must come before that point, so that they paint from the first bytes, while
 * the rest of the server's rows may wait for the script. Two rows on a phone (~1 KB a tile).
 */
export const INLINE_TILES = 4;

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

/**
 * The grid's width range in each class (layout.ts widthClass; a 320 px phone at least), and the
 * device pixel ratios the class's screens have: phones 1.5–3 (Lighthouse's phone is 1.75), tablets
 * and narrow windows 1–3, desktops 1–2.
 */
const CLASS_RANGE: Record<WidthClass, { min: number; max: number; dpr: [number, number] }> = {
  s: { min: 288, max: 479.98, dpr: [1.5, 3] },
  m: { min: 480, max: 899.98, dpr: [1, 3] },
  l: { min: 900, max: 1152, dpr: [1, 2] },
};

interface FlowTile {
  /** Classes whose rows start at this photo (a line break before it). */
  breaks: string;
  /** Classes where this photo is in the short last row (kept at the target height). */
  tail: string;
  /** Classes whose server rows end before this photo (it is not drawn there until hydration). */
  past: string;
  sizes: string;
  /** The fixed widths its srcset offers: those its sizes in every class can use. */
  widths: number[];
  /**
   * Per class, its width as CSS, when its row goes on past the INLINE_TILES: the rest of the row
   * arrives a moment later (or never, without JavaScript), and meanwhile it must not grow to
   * fill the row alone.
   */
  caps: Partial<Record<WidthClass, string>>;
}

/**
 * The server's grid: the first photos (FLOW_HEIGHT of rows in each class), per photo where each
 * class breaks its rows, the img's `sizes` and the widths its srcset needs. The rows are those of
 * the whole first page (`photos`), so the browser's first layout (fitRows) keeps them.
 */
export function flowTiles(photos: readonly PhotoListItem[]): FlowTile[] {
  const all = photos.map(() => ({ breaks: '', tail: '', past: '', sizes: [] as string[], lo: Infinity, his: [] as Array<[number, number]>, caps: {} as FlowTile['caps'] }));
  let count = 0;
  const ends: Record<string, number> = {};
  for (const cls of WIDTH_CLASSES) {
    const layout = nominalLayout(photos, cls);
    const { spacing, targetRowHeight } = layout.options;
    const range = CLASS_RANGE[cls];
    let end = 0;
    layout.rows.forEach((row, r) => {
      if (row.top >= FLOW_HEIGHT) return;
      end = row.start + row.widths.length;
      const tail = isTailRow(layout, r);
      const ratios = row.widths.map((_, i) => photos[row.start + i]!.width / photos[row.start + i]!.height);
      const sum = ratios.reduce((a, b) => a + b, 0);
      const gaps = (ratios.length - 1) * spacing;
      ratios.forEach((a, i) => {
        const at = row.start + i;
        const tile = all[at]!;
        if (i === 0 && at > 0) tile.breaks += `${cls} `;
        if (tail) tile.tail += `${cls} `;
        const share = Math.round((a / sum) * 10_000) / 10_000;
        if (!tail && at < INLINE_TILES && row.start + row.widths.length > INLINE_TILES) {
          tile.caps[cls] = `calc(${Math.floor(share * 1_000_000) / 10_000}% - ${Math.ceil(share * gaps * 100) / 100}px)`;
        }
        for (const m of CLASS_MEDIA[cls]) {
          const size = m.fixed
            ? `${Math.ceil(((m.fixed - gaps) * a) / sum)}px`
            : `calc((100vw - ${m.padding + gaps}px) * ${share})`;
          const value = tail ? `${Math.ceil(a * targetRowHeight)}px` : size;
          tile.sizes.push(m.media ? `${m.media} ${value}` : value);
        }
        const lo = tail ? Math.min(a * targetRowHeight, (range.min - gaps) * share) : (range.min - gaps) * share;
        const hi = tail ? a * targetRowHeight : (range.max - gaps) * share;
        tile.lo = Math.min(tile.lo, lo * range.dpr[0]);
        tile.his.push([hi, range.dpr[1]]);
      });
    });
    ends[cls] = end;
    count = Math.max(count, end);
  }
  return all.slice(0, count).map((t, i) => {
    for (const cls of WIDTH_CLASSES) if (i >= ends[cls]!) t.past += `${cls} `;
    const widths = new Set<number>();
    for (const [hi, dpr] of t.his) for (const w of tileWidths(photos[i]!, t.lo, hi, 1, dpr)) widths.add(w);
    return {
      breaks: t.breaks.trim(),
      tail: t.tail.trim(),
      past: t.past.trim(),
      sizes: t.sizes.join(', '),
      widths: [...widths].sort((a, b) => a - b),
      caps: t.caps,
    };
  });
}

/** A laid-out tile's widths: it is `width` CSS px wide, on a screen of any density from 1 to 3. */
export function boxWidths(photo: { width: number }, width: number): number[] {
  return tileWidths(photo, width, width, 1, 3);
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
        (index < INLINE_TILES ? tiles : later).push(<Tile key={photo.uuid} {...tileProps(index)} box={{ left, top: row.top, width: w, height: row.height }} sizes={`${Math.ceil(w)}px`} widths={widths} />);
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
        <Suspense fallback={null}>{later}</Suspense>
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
  onActivate: JustifiedGridProps['onActivate'];
}

const Tile = memo(function Tile({ photo, index, label, box, tail, past, caps, sizes, widths, apiBase, selectMode, selected, onActivate }: TileProps) {
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
