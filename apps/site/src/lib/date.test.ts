import { afterEach, describe, expect, it } from 'vitest';
import { calendarDay, formatEventDate } from './date';

const tz = process.env.TZ;
afterEach(() => {
  process.env.TZ = tz;
});

describe('formatEventDate', () => {
  it('shows the long English date', () => {
    expect(formatEventDate('2026-03-14')).toBe('March 14, 2026');
    expect(formatEventDate('2026-01-01')).toBe('January 1, 2026');
  });

  it('never moves the day with the time zone', () => {
    process.env.TZ = 'America/Los_Angeles';
    expect(formatEventDate('2026-03-01')).toBe('March 1, 2026');
    process.env.TZ = 'Pacific/Kiritimati';
    expect(formatEventDate('2025-12-31')).toBe('December 31, 2025');
  });

  it('shows anything else as given', () => {
    expect(formatEventDate('soon')).toBe('soon');
  });
});

describe('calendarDay', () => {
  it('is the day and the short month, from the digits', () => {
    process.env.TZ = 'Pacific/Kiritimati';
    expect(calendarDay('2025-12-31')).toEqual({ day: '31', month: 'DEC' });
    expect(calendarDay('2026-04-05T00:00:00Z')).toEqual({ day: '5', month: 'APR' });
  });

  it('is nothing for what is not a date', () => {
    expect(calendarDay('soon')).toBeNull();
    expect(calendarDay('2026-13-01')).toBeNull();
  });
});
