import { describe, expect, it } from 'vitest';
import { REOPENED_ROWS, layoutOptionsFor, layoutRows, rowAt, rowOfPhoto, visibleRows } from './layout';

const sizes = (n: number, seed = 1) =>
  Array.from({ length: n }, (_, i) => ((i * 7 + seed) % 5 === 0 ? { width: 1067, height: 1600 } : { width: 1600, height: 1067 }));

describe('justified rows', () => {
  const options = layoutOptionsFor(1200);

  it('fills the width exactly with every full row, and covers every photo once, in order', () => {
    const layout = layoutRows(sizes(300), options);
    let next = 0;
    layout.rows.forEach((row, r) => {
      expect(row.start).toBe(next);
      next += row.widths.length;
      const used = row.widths.reduce((a, b) => a + b, 0) + options.spacing * (row.widths.length - 1);
      if (r < layout.rows.length - 1) expect(used).toBeCloseTo(options.containerWidth, 3);
      else expect(used).toBeLessThanOrEqual(options.containerWidth + 0.001);
      if (r > 0) expect(row.top).toBeCloseTo(layout.rows[r - 1]!.top + layout.rows[r - 1]!.height + options.spacing, 6);
    });
    expect(next).toBe(300);
    expect(layout.height).toBeCloseTo(layout.rows.at(-1)!.top + layout.rows.at(-1)!.height, 6);
  });

  it('keeps every row but the last REOPENED_ROWS where they were when a page is appended', () => {
    const photos = sizes(600);
    const first = layoutRows(photos.slice(0, 60), options);
    const second = layoutRows(photos.slice(0, 120), options, first);
    const frozen = first.rows.length - REOPENED_ROWS;
    expect(second.rows.slice(0, frozen)).toEqual(first.rows.slice(0, frozen));
    expect(second.count).toBe(120);
    const covered = second.rows.reduce((n, r) => n + r.widths.length, 0);
    expect(covered).toBe(120);
  });

  it('does not stretch a short last row', () => {
    const layout = layoutRows(sizes(1), options);
    expect(layout.rows).toHaveLength(1);
    expect(layout.rows[0]!.height).toBe(options.targetRowHeight);
    expect(layout.rows[0]!.widths[0]).toBeCloseTo((1600 / 1067) * options.targetRowHeight, 6);
  });

  it('lays everything out again at another width', () => {
    const wide = layoutRows(sizes(100), options);
    const narrow = layoutRows(sizes(100), layoutOptionsFor(390), wide);
    expect(narrow.options.containerWidth).toBe(390);
    expect(narrow.rows[0]!.height).toBeLessThan(wide.rows[0]!.height);
  });

  it('lays out 20,000 photos page by page, laying out again only the last rows each time', () => {
    let layout = layoutRows([], options);
    const photos = sizes(20_000);
    const firstPage = layoutRows(photos.slice(0, 60), options, layout);
    layout = firstPage;
    for (let n = 120; n <= 20_000; n += 60) {
      const next = layoutRows(photos.slice(0, n), options, layout);
      // The rows above the reopened ones are the very same objects: each page costs its own rows.
      const kept = layout.rows.length - REOPENED_ROWS;
      if (kept > 0) expect(next.rows[kept - 1]).toBe(layout.rows[kept - 1]);
      layout = next;
    }
    expect(layout.rows[0]).toBe(firstPage.rows[0]);
    expect(layout.rows.reduce((n, r) => n + r.widths.length, 0)).toBe(19_980);
  });
});

describe('windowing', () => {
  const layout = layoutRows(sizes(2000), layoutOptionsFor(1200));

  it('finds the rows that meet a band of the page', () => {
    const [first, last] = visibleRows(layout.rows, 5000, 5900)!;
    expect(layout.rows[first]!.top + layout.rows[first]!.height).toBeGreaterThanOrEqual(5000);
    expect(first === 0 || layout.rows[first - 1]!.top + layout.rows[first - 1]!.height < 5000).toBe(true);
    expect(layout.rows[last]!.top).toBeLessThanOrEqual(5900);
    expect(last + 1 === layout.rows.length || layout.rows[last + 1]!.top > 5900).toBe(true);
    expect(last - first).toBeLessThan(8);
  });

  it('has nothing to show above or below the grid', () => {
    expect(visibleRows(layout.rows, -2000, -1)).toBeNull();
    expect(visibleRows(layout.rows, layout.height + 10, layout.height + 900)).toBeNull();
    expect(visibleRows([], 0, 100)).toBeNull();
  });

  it('knows the row of a photo', () => {
    for (const i of [0, 1, 777, 1999]) {
      const r = rowOfPhoto(layout.rows, i);
      expect(i).toBeGreaterThanOrEqual(layout.rows[r]!.start);
      expect(i).toBeLessThan(layout.rows[r]!.start + layout.rows[r]!.widths.length);
    }
    expect(rowOfPhoto(layout.rows, 5000)).toBe(-1);
    expect(rowAt(layout.rows, 0)).toBe(0);
  });
});
