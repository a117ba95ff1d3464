// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { JustifiedGrid, boxWidths, flowTiles, tileSrcSet, tileWidths } from './JustifiedGrid';
import { PHOTO_WIDTHS } from '@eventsite/contract/constants';
import { placeholderCacheSize } from './placeholder';

const HASH = 'H/gNDYJniGd/iIeHd7eIiUWmMEP5';
const many = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    width: i % 7 === 0 ? 1067 : 1600,
    height: i % 7 === 0 ? 1600 : 1067,
    placeholder: i < 500 ? HASH : null,
    captured_at: null,
  }));

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => setTimeout(() => cb(0), 0));
});

function grid(photos: ReturnType<typeof many>) {
  return render(
    <JustifiedGrid photos={photos} total={photos.length} apiBase="http://api.test" selectMode={false} selected={new Set()} onActivate={() => {}} />,
  );
}

describe('JustifiedGrid', () => {
  it('keeps the DOM small with 20,000 photos', () => {
    const { container } = grid(many(20_000));
    const imgs = container.querySelectorAll('img').length;
    expect(imgs).toBeGreaterThan(5);
    expect(imgs).toBeLessThan(300);
    const el = container.querySelector<HTMLElement>('.jgrid')!;
    // The grid is as tall as all of its rows: the scroll bar is right from the start.
    expect(parseFloat(el.style.height)).toBeGreaterThan(20_000 / 6 * 150);
  });

  it('renders the rows where the visitor scrolled to, and only those', async () => {
    const { container } = grid(many(20_000));
    const el = container.querySelector<HTMLElement>('.jgrid')!;
    vi.spyOn(el, 'getBoundingClientRect').mockReturnValue({ top: -300_000, left: 0, width: 992, height: 0, bottom: 0, right: 992, x: 0, y: 0, toJSON() {} } as DOMRect);
    await act(async () => {
      window.dispatchEvent(new Event('scroll'));
      await new Promise((r) => setTimeout(r, 5));
    });
    const labels = [...container.querySelectorAll('button')].map((b) => Number(b.getAttribute('aria-label')!.match(/Photo ([\d,]+)/)![1]!.replace(/,/g, '')));
    expect(labels.length).toBeGreaterThan(5);
    expect(labels.length).toBeLessThan(300);
    expect(Math.min(...labels)).toBeGreaterThan(1000);
    expect(container.querySelectorAll('img').length).toBe(labels.length);
  });

  it('gives every photo a named button, a fixed box, a srcset with exact sizes and its thumbhash', () => {
    const { container } = grid(many(30));
    const button = container.querySelector('button')!;
    expect(button.getAttribute('aria-label')).toBe('Photo 1 of 30');
    expect(button.style.width).toMatch(/px$/);
    expect(button.style.height).toMatch(/px$/);
    expect(button.style.backgroundImage).toMatch(/^url\("data:image\/png;base64,/);
    const img = button.querySelector('img')!;
    expect(img.getAttribute('sizes')).toBe(`${Math.ceil(parseFloat(button.style.width))}px`);
    expect(img.getAttribute('alt')).toBe('');
    // From 1x of its width to the first fixed width that covers 3x.
    const widths = [...img.getAttribute('srcset')!.matchAll(/ (\d+)w/g)].map((m) => Number(m[1]));
    expect(Math.min(...widths)).toBeGreaterThanOrEqual(parseFloat(button.style.width) / 2);
    expect(Math.max(...widths)).toBeGreaterThanOrEqual(Math.min(1600, parseFloat(button.style.width) * 3));
    expect(placeholderCacheSize()).toBeGreaterThan(0);
  });

  it('offers no upscaled variants in the srcset', () => {
    const small = { uuid: 'u', width: 500, height: 400, placeholder: null, captured_at: null };
    expect(tileSrcSet('http://api.test', small, boxWidths(small, 300))).toBe(
      'http://api.test/events/photos/u?w=320 320w, http://api.test/events/photos/u?w=480 480w',
    );
    // Smaller than every fixed width: the smallest.
    expect(boxWidths({ width: 100 }, 300)).toEqual([160]);
  });

  it('offers the widths a tile can use: from 1x of its width to the first covering 3x', () => {
    expect(boxWidths({ width: 4000 }, 200)).toEqual([320, 480, 640]);
    expect(boxWidths({ width: 4000 }, 380)).toEqual([480, 640, 960, 1280]);
    expect(tileWidths({ width: 4000 }, 150, 240, 1.5, 3)).toEqual([320, 480, 640, 960]);
    expect(tileWidths({ width: 4000 }, 300, 380, 1, 2)).toEqual([320, 480, 640, 960]);
  });

  it('draws the first rows before the width is known, sized for every width class', () => {
    const photos = many(60);
    const flow = flowTiles(photos);
    // The first screens' worth, not the whole page.
    expect(flow.length).toBeGreaterThan(8);
    expect(flow.length).toBeLessThan(30);
    for (const [i, f] of flow.entries()) {
      expect(f.widths.length).toBeGreaterThan(0);
      expect(f.widths.length).toBeLessThan(PHOTO_WIDTHS.length - 1);
      // A phone at 3x sees a tile at most the grid's width (479 px): 1600 covers it.
      expect(Math.max(...f.widths)).toBeLessThanOrEqual(1600);
      expect(f.sizes.split(', ')).toHaveLength(5 - f.past.split(' ').filter(Boolean).reduce((n, c) => n + (c === 's' ? 1 : 2), 0));
      if (i === 0) expect(f.past).toBe('');
    }
    // Each class's server rows are whole rows: where a class stops, every later tile is past it.
    for (const cls of ['s', 'm', 'l']) {
      const first = flow.findIndex((f) => f.past.split(' ').includes(cls));
      if (first >= 0) expect(flow.slice(first).every((f) => f.past.split(' ').includes(cls))).toBe(true);
    }
  });
});
