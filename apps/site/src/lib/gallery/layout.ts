import { computeRowsLayout, type Photo } from 'react-photo-album';

/** What the justified layout needs of a photo: its size. */
export interface Sized {
  width: number;
  height: number;
}

export interface LayoutOptions {
  containerWidth: number;
  targetRowHeight: number;
  spacing: number;
}

/** One laid-out row: the photos `[start, start + widths.length)` at one common height. */
export interface Row {
  start: number;
  top: number;
  height: number;
  widths: number[];
}

export interface RowsLayout {
  options: LayoutOptions;
  rows: Row[];
  /** Photos laid out so far (the rows cover `[0, count)`). */
  count: number;
  /** Height of the whole grid, in pixels. */
  height: number;
}

/** Rows on small screens are lower, and closer together. */
export function layoutOptionsFor(containerWidth: number): LayoutOptions {
  const width = Math.max(1, Math.floor(containerWidth));
  if (width < 480) return { containerWidth: width, targetRowHeight: 150, spacing: 4 };
  if (width < 900) return { containerWidth: width, targetRowHeight: 200, spacing: 6 };
  return { containerWidth: width, targetRowHeight: 260, spacing: 8 };
}

/**
 * How many of the last rows are laid out again when more photos arrive. Everything above them is
 * frozen: a new page never moves a row the visitor has already scrolled past.
 */
export const REOPENED_ROWS = 2;

const MAX_TAIL_STRETCH = 1;

function layoutTail(photos: readonly Sized[], from: number, top: number, options: LayoutOptions): Row[] {
  const { containerWidth, targetRowHeight, spacing } = options;
  const slice = photos.slice(from);
  if (slice.length === 0) return [];
  // The layout reads only width and height.
  const model = computeRowsLayout(slice as unknown as Photo[], spacing, 0, containerWidth, targetRowHeight);
  const rows: Row[] = [];
  let y = top;
  const tracks = model?.tracks ?? [{ photos: slice.map((p, i) => ({ index: i, width: (targetRowHeight * p.width) / p.height, height: targetRowHeight })) }];
  tracks.forEach((track, t) => {
    let height = track.photos[0]?.height ?? targetRowHeight;
    let widths = track.photos.map((p) => p.width);
    // The last row is not stretched to fill the width when it holds too few photos: it keeps the
    // target height and stays left-aligned, as every justified gallery does.
    if (t === tracks.length - 1 && height > targetRowHeight * MAX_TAIL_STRETCH) {
      widths = track.photos.map((p) => (p.width * targetRowHeight) / p.height);
      height = targetRowHeight;
    }
    rows.push({ start: from + (track.photos[0]?.index ?? 0), top: y, height, widths });
    y += height + spacing;
  });
  return rows;
}

function sameOptions(a: LayoutOptions, b: LayoutOptions): boolean {
  return a.containerWidth === b.containerWidth && a.targetRowHeight === b.targetRowHeight && a.spacing === b.spacing;
}

/**
 * Justified rows (react-photo-album's optimal row breaking) for `photos`, extending `previous`
 * when it was laid out at the same width: the last REOPENED_ROWS rows are laid out again with the
 * new photos, every row above stays where it was. A different width lays everything out again.
 */
export function layoutRows(photos: readonly Sized[], options: LayoutOptions, previous?: RowsLayout | null): RowsLayout {
  let kept: Row[] = [];
  if (previous && sameOptions(previous.options, options) && previous.count <= photos.length) {
    if (previous.count === photos.length) return previous;
    kept = previous.rows.slice(0, Math.max(0, previous.rows.length - REOPENED_ROWS));
  }
  const last = kept[kept.length - 1];
  const from = last ? last.start + last.widths.length : 0;
  const top = last ? last.top + last.height + options.spacing : 0;
  const rows = kept.concat(layoutTail(photos, from, top, options));
  const end = rows[rows.length - 1];
  return { options, rows, count: photos.length, height: end ? end.top + end.height : 0 };
}

/** The first row whose bottom is below `y` (binary search: rows are sorted by top). */
export function rowAt(rows: readonly Row[], y: number): number {
  let lo = 0;
  let hi = rows.length - 1;
  let found = rows.length;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const row = rows[mid]!;
    if (row.top + row.height >= y) {
      found = mid;
      hi = mid - 1;
    } else lo = mid + 1;
  }
  return found;
}

/** Rows `[first, last]` that meet the band `[top, bottom]` (in grid coordinates), or null. */
export function visibleRows(rows: readonly Row[], top: number, bottom: number): [number, number] | null {
  if (rows.length === 0 || bottom < 0) return null;
  const first = rowAt(rows, Math.max(0, top));
  if (first >= rows.length) return null;
  let last = first;
  while (last + 1 < rows.length && rows[last + 1]!.top <= bottom) last += 1;
  return [first, last];
}

/** The row that holds photo `index`. */
export function rowOfPhoto(rows: readonly Row[], index: number): number {
  let lo = 0;
  let hi = rows.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const row = rows[mid]!;
    if (index < row.start) hi = mid - 1;
    else if (index >= row.start + row.widths.length) lo = mid + 1;
    else return mid;
  }
  return -1;
}

/**
 * The server's HTML cannot know the grid's width, so it lays the first photos out once per
 * width class (the three of layoutOptionsFor) at a nominal width of that class, and CSS (a
 * container query) shows the rows of the class the grid is in, each row stretched to the real
 * width. The browser's first layout keeps those rows (fitRows), so nothing moves on hydration.
 */
export const WIDTH_CLASSES = ['s', 'm', 'l'] as const;
export type WidthClass = (typeof WIDTH_CLASSES)[number];

/** A width of each class: a phone's grid (412 px screen), a tablet's, the site's widest grid. */
export const NOMINAL_WIDTHS: Record<WidthClass, number> = { s: 380, m: 720, l: 1152 };

export function widthClass(containerWidth: number): WidthClass {
  const w = Math.max(1, Math.floor(containerWidth));
  return w < 480 ? 's' : w < 900 ? 'm' : 'l';
}

/** The rows of `photos` broken at the class's nominal width: what the server's HTML shows. */
export function nominalLayout(photos: readonly Sized[], cls: WidthClass): RowsLayout {
  return layoutRows(photos, layoutOptionsFor(NOMINAL_WIDTHS[cls]));
}

/** A row kept at the target height (the last one, too short to fill the width). */
export function isTailRow(layout: RowsLayout, index: number): boolean {
  const row = layout.rows[index];
  if (!row || index !== layout.rows.length - 1) return false;
  const used = row.widths.reduce((a, b) => a + b, 0) + (row.widths.length - 1) * layout.options.spacing;
  return used < layout.options.containerWidth - 0.5;
}

/**
 * `nominal` (a layout of the same width class) fitted to `containerWidth`: the same rows, each
 * stretched to the width (the tail row keeps its height while it fits), as CSS shows them in the server's HTML.
 */
export function fitRows(nominal: RowsLayout, photos: readonly Sized[], containerWidth: number): RowsLayout {
  const options = layoutOptionsFor(containerWidth);
  const rows: Row[] = [];
  let top = 0;
  nominal.rows.forEach((row, r) => {
    const ratios = row.widths.map((_, i) => {
      const p = photos[row.start + i]!;
      return p.width / p.height;
    });
    const sum = ratios.reduce((a, b) => a + b, 0);
    const stretched = (options.containerWidth - (ratios.length - 1) * options.spacing) / sum;
    const height = isTailRow(nominal, r) ? Math.min(row.height, stretched) : stretched;
    rows.push({ start: row.start, top, height, widths: ratios.map((a) => a * height) });
    top += height + options.spacing;
  });
  const end = rows[rows.length - 1];
  return { options, rows, count: nominal.count, height: end ? end.top + end.height : 0 };
}
