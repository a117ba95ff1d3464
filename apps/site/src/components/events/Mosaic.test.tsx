// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubIntersectionObserver, stubReducedMotion } from '@/test/browser';
import { U } from '@/test/fixtures';
import { Mosaic } from './Mosaic';

const photo = (n: number) => ({ uuid: U(n), width: 1600, height: 1067 });
const tiles = Array.from({ length: 20 }, (_, i) => photo(i));
const candidates = [photo(100)];

function tileEls(container: HTMLElement) {
  return [...container.querySelectorAll<HTMLImageElement>('.mosaic-tile')];
}

describe('Mosaic', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0); // interval 8 s, tile 0
  });

  it('shows 20 decorative tiles from the API’s small variants', () => {
    stubIntersectionObserver();
    stubReducedMotion(false);
    const { container } = render(<Mosaic eventId={100} apiBase="http://api.test" tiles={tiles} candidates={candidates} />);
    const imgs = tileEls(container);
    expect(imgs).toHaveLength(20);
    expect(imgs[0]?.getAttribute('src')).toBe(`http://api.test/events/photos/${U(0)}?w=160`);
    expect(imgs[0]?.getAttribute('srcset')).toContain('?w=320 320w');
    expect(imgs.every((i) => i.getAttribute('alt') === '')).toBe(true);
    expect(container.querySelector('.mosaic')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('swaps one tile on screen: fades out for 600 ms, then shows another photo and fades in', () => {
    const io = stubIntersectionObserver();
    stubReducedMotion(false);
    const { container } = render(<Mosaic eventId={142} apiBase="http://api.test" tiles={tiles} candidates={candidates} />);
    act(() => io.setVisible(true));
    // event 142: offset (42 × 500) mod 4000 = 1000 ms, then an 8 s interval
    act(() => vi.advanceTimersByTime(8999));
    expect(tileEls(container)[0]?.getAttribute('data-fading')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(tileEls(container)[0]?.getAttribute('data-fading')).toBe('true');
    act(() => vi.advanceTimersByTime(599));
    expect(tileEls(container)[0]?.getAttribute('src')).toContain(U(0));
    act(() => vi.advanceTimersByTime(1));
    expect(tileEls(container)[0]?.getAttribute('src')).toContain(U(100));
    expect(tileEls(container)[0]?.getAttribute('data-fading')).toBeNull();
  });

  it('does not swap while off screen, and stops when it leaves the screen', () => {
    const io = stubIntersectionObserver();
    stubReducedMotion(false);
    const { container } = render(<Mosaic eventId={100} apiBase="http://api.test" tiles={tiles} candidates={candidates} />);
    act(() => vi.advanceTimersByTime(60_000));
    expect(tileEls(container)[0]?.getAttribute('src')).toContain(U(0));
    act(() => io.setVisible(true));
    act(() => io.setVisible(false));
    act(() => vi.advanceTimersByTime(60_000));
    expect(container.querySelector('[data-fading]')).toBeNull();
    expect(tileEls(container)[0]?.getAttribute('src')).toContain(U(0));
  });

  it('never swaps for a visitor who prefers reduced motion', () => {
    const io = stubIntersectionObserver();
    stubReducedMotion(true);
    const { container } = render(<Mosaic eventId={100} apiBase="http://api.test" tiles={tiles} candidates={candidates} />);
    act(() => io.setVisible(true));
    act(() => vi.advanceTimersByTime(60_000));
    expect(tileEls(container)[0]?.getAttribute('src')).toContain(U(0));
  });
});
