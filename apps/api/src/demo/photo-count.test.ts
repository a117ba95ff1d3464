import { describe, expect, it } from 'vitest';
import { DEMO_ORGANISERS } from './data.js';
import { demoPhotoCount } from './seed.js';

const events = DEMO_ORGANISERS.flatMap((o) => o.events);

describe('the demo’s photo count', () => {
  it('is every event at its size by default, and scales', () => {
    expect(demoPhotoCount()).toBe(events.reduce((n, e) => n + e.photos, 0));
    expect(demoPhotoCount(undefined, 0.5)).toBeLessThan(demoPhotoCount());
  });

  it('keeps only the flagship large with --small-events (the browser tests’ demo)', () => {
    const flagships = events.filter((e) => e.flagship);
    expect(flagships.map((e) => e.name)).toEqual(['Harbour City Marathon 2026']);
    expect(flagships[0]!.photos).toBeGreaterThanOrEqual(500);
    const small = events.filter((e) => !e.flagship).reduce((n, e) => n + Math.min(e.photos, 12), 0);
    expect(demoPhotoCount(undefined, 1, 12)).toBe(flagships[0]!.photos + small);
    // The trail organiser's 502-photo event is one of the small ones now.
    expect(demoPhotoCount(undefined, 1, 12)).toBeLessThan(demoPhotoCount() - 490);
  });
});
