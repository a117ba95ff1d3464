import { afterEach, describe, expect, it } from 'vitest';
import { formatEventDate } from './date';

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
