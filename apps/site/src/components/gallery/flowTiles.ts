import { DEFAULT_PHOTO_PAGE_SIZE, PHOTO_WIDTHS } from '@eventsite/contract/constants';
import type { PhotoListItem } from '@eventsite/contract';
import { WIDTH_CLASSES, isTailRow, nominalLayout, type WidthClass } from '@/lib/gallery/layout';
import { photoUrl } from '@/provider/photo-urls';

/**
 * The grid before it knows its width (the server's HTML, and the first render that hydrates it):
 * rows laid out by CSS per width class, and the widths each tile's srcset offers.
 */

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

export interface FlowTile {
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
