import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMosaicScheduler, firstSwapOffset, swapInterval } from './scheduler';

describe('firstSwapOffset', () => {
  it.each([
    [42, 1000], // 42 × 500 = 21000, mod 4000 = 1000
    [100, 0],
    [7, 3500],
    [8, 0],
    [1234, 1000], // last two digits 34 → 17000 mod 4000
    [99, 1500],
  ])('event %i starts %i ms later', (id, offset) => {
    expect(firstSwapOffset(id)).toBe(offset);
  });
});

describe('swapInterval', () => {
  it('is between 8 and 12 seconds', () => {
    expect(swapInterval(() => 0)).toBe(8000);
    expect(swapInterval(() => 0.999999)).toBe(12000);
    expect(swapInterval(() => 0.5)).toBe(10000);
  });
});

describe('createMosaicScheduler', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(eventId: number, random: () => number) {
    const events: string[] = [];
    const scheduler = createMosaicScheduler({
      eventId,
      tileCount: 20,
      random,
      handlers: {
        fadeOut: (t) => events.push(`out:${t}@${Date.now()}`),
        swap: (t) => events.push(`swap:${t}@${Date.now()}`),
        fadeIn: (t) => events.push(`in:${t}@${Date.now()}`),
      },
    });
    return { scheduler, events };
  }

  it('swaps first after the offset plus an interval, fading 600 ms out and 600 ms in', () => {
    vi.setSystemTime(0);
    const { scheduler, events } = setup(42, () => 0); // interval 8000, tile 0, offset 1000
    scheduler.start();
    vi.advanceTimersByTime(8999);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(events).toEqual(['out:0@9000']);
    vi.advanceTimersByTime(600);
    expect(events).toEqual(['out:0@9000', 'swap:0@9600']);
    vi.advanceTimersByTime(600);
    expect(events).toEqual(['out:0@9000', 'swap:0@9600', 'in:0@10200']);
  });

  it('swaps again every 8 to 12 s, without the offset, one random tile at a time', () => {
    vi.setSystemTime(0);
    const values = [0.999999, 0.5, 0.999999, 0.1, 0];
    let i = 0;
    const { scheduler, events } = setup(100, () => values[i++ % values.length]!); // offset 0
    scheduler.start();
    vi.advanceTimersByTime(12000);
    expect(events.filter((e) => e.startsWith('out'))).toEqual(['out:10@12000']);
    vi.advanceTimersByTime(12000);
    expect(events.filter((e) => e.startsWith('out'))).toEqual(['out:10@12000', 'out:2@24000']);
    vi.advanceTimersByTime(8000);
    expect(events.filter((e) => e.startsWith('out'))).toHaveLength(3);
  });

  it('never swaps sooner than 8 s or later than 12 s apart', () => {
    vi.setSystemTime(0);
    const { scheduler, events } = setup(100, Math.random);
    scheduler.start();
    vi.advanceTimersByTime(10 * 12000);
    const times = events.filter((e) => e.startsWith('out')).map((e) => Number(e.split('@')[1]));
    expect(times.length).toBeGreaterThanOrEqual(10);
    for (let k = 1; k < times.length; k++) {
      const gap = times[k]! - times[k - 1]!;
      expect(gap).toBeGreaterThanOrEqual(8000);
      expect(gap).toBeLessThanOrEqual(12000);
    }
  });

  it('stops swapping while paused (off screen or reduced motion) and resumes on start', () => {
    vi.setSystemTime(0);
    const { scheduler, events } = setup(100, () => 0);
    scheduler.start();
    scheduler.pause();
    expect(scheduler.running).toBe(false);
    vi.advanceTimersByTime(60000);
    expect(events).toEqual([]);
    scheduler.start();
    vi.advanceTimersByTime(8000);
    expect(events).toHaveLength(1);
  });

  it('lets a fade under way finish when paused, so no tile stays blank', () => {
    vi.setSystemTime(0);
    const { scheduler, events } = setup(100, () => 0);
    scheduler.start();
    vi.advanceTimersByTime(8000);
    scheduler.pause();
    vi.advanceTimersByTime(1200);
    expect(events.map((e) => e.split('@')[0])).toEqual(['out:0', 'swap:0', 'in:0']);
    vi.advanceTimersByTime(60000);
    expect(events).toHaveLength(3);
  });

  it('does nothing without tiles', () => {
    const scheduler = createMosaicScheduler({ eventId: 1, tileCount: 0, handlers: { fadeOut: vi.fn(), swap: vi.fn(), fadeIn: vi.fn() } });
    scheduler.start();
    expect(scheduler.running).toBe(false);
  });
});
