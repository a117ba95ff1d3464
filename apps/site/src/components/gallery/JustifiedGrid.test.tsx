// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { JustifiedGrid, tileSrcSet } from './JustifiedGrid';
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
    expect(img.getAttribute('srcset')).toContain('?w=160 160w');
    expect(placeholderCacheSize()).toBeGreaterThan(0);
  });

  it('offers no upscaled variants in the srcset', () => {
    const small = { uuid: 'u', width: 500, height: 400, placeholder: null, captured_at: null };
    expect(tileSrcSet('http://api.test', small)).toBe(
      'http://api.test/events/photos/u?w=160 160w, http://api.test/events/photos/u?w=320 320w, http://api.test/events/photos/u?w=480 480w',
    );
  });
});
