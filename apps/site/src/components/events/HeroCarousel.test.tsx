// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HeroCarousel, type HeroSlide } from './HeroCarousel';

const slide = (id: number, name: string): HeroSlide => ({
  id,
  name,
  dateLabel: 'March 14, 2026',
  isoDate: '2026-03-14',
  city: 'Lisbon',
  href: `/events/run-${id}/photos`,
  image: null,
});

describe('HeroCarousel', () => {
  it('shows one slide at a time and moves with labelled buttons, never by itself', () => {
    vi.useFakeTimers();
    const { container } = render(<HeroCarousel slides={[slide(1, 'City Run'), slide(2, 'Night Half')]} />);
    const current = () => container.querySelector('[data-current="true"]')?.getAttribute('aria-label');
    expect(current()).toBe('1 of 2: City Run');
    act(() => vi.advanceTimersByTime(60_000));
    expect(current()).toBe('1 of 2: City Run');
    act(() => screen.getByRole('button', { name: 'Next slide' }).click());
    expect(current()).toBe('2 of 2: Night Half');
    act(() => screen.getByRole('button', { name: 'Next slide' }).click());
    expect(current()).toBe('1 of 2: City Run');
    act(() => screen.getByRole('button', { name: 'Previous slide' }).click());
    expect(current()).toBe('2 of 2: Night Half');
    act(() => screen.getByRole('button', { name: 'Show slide 1 of 2: City Run' }).click());
    expect(current()).toBe('1 of 2: City Run');
  });

  it('has no controls for a single event', () => {
    render(<HeroCarousel slides={[slide(1, 'City Run')]} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
