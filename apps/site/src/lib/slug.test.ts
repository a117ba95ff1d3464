import { describe, expect, it, vi } from 'vitest';
import { eventIdFromSlug, parseEventSlug } from './slug';

describe('eventIdFromSlug', () => {
  it('uses a purely numeric slug as is', () => {
    expect(eventIdFromSlug('42')).toBe(42);
  });

  it('uses the part after the last hyphen when it is numeric', () => {
    expect(eventIdFromSlug('city-run-2026-42')).toBe(42);
    expect(eventIdFromSlug('night-half-7')).toBe(7);
  });

  it.each([['city-run'], ['city-run-42a'], ['city-run-'], [''], ['42-city'], ['4.2'], ['-'], ['99999999999999999999']])(
    'warns and gives no id for %j',
    (slug) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      expect(eventIdFromSlug(slug)).toBeNull();
      expect(warn).toHaveBeenCalledTimes(1);
    },
  );

  it('accepts an id from an object', () => {
    expect(eventIdFromSlug({ id: 42 })).toBe(42);
    expect(eventIdFromSlug({ event_id: 42 })).toBe(42);
    expect(eventIdFromSlug({ event_id: '42' })).toBe(42);
    expect(eventIdFromSlug({ slug: 'city-run-2026-42' })).toBe(42);
  });

  it('warns for an object without an id, and for nothing at all', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(eventIdFromSlug({ name: 'x' } as never)).toBeNull();
    expect(eventIdFromSlug(undefined)).toBeNull();
    expect(eventIdFromSlug({ id: -3 })).toBeNull();
    expect(warn).toHaveBeenCalledTimes(3);
  });

  it('parseEventSlug applies the same rule silently', () => {
    const warn = vi.spyOn(console, 'warn');
    expect(parseEventSlug('city-run-2026-42')).toBe(42);
    expect(parseEventSlug('nope')).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });
});
