import { describe, expect, it } from 'vitest';
import { EMPTY_FEED, appendPage, indexOfPhoto, stillReadingOf } from './pages';

const p = (n: number) => ({ uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, width: 3, height: 2, placeholder: null, captured_at: null });

describe('feed pages', () => {
  it('appends pages in the API’s order and follows the cursor', () => {
    let feed = appendPage(EMPTY_FEED, { photos: [p(1), p(2)], total: 4, next_cursor: 'a' });
    expect(feed).toMatchObject({ total: 4, cursor: 'a', started: true, done: false });
    feed = appendPage(feed, { photos: [p(3), p(4)], total: 4, next_cursor: null });
    expect(feed.photos.map((x) => x.uuid)).toEqual([p(1), p(2), p(3), p(4)].map((x) => x.uuid));
    expect(feed.done).toBe(true);
  });

  it('never repeats a photo that came twice (a retried page, a moved boundary)', () => {
    let feed = appendPage(EMPTY_FEED, { photos: [p(1), p(2)], total: 3, next_cursor: 'a' });
    feed = appendPage(feed, { photos: [p(2), p(3), p(3)], total: 3, next_cursor: null });
    expect(feed.photos).toHaveLength(3);
  });

  it('keeps the first page’s count of photos still being read, and reads only a count from it', () => {
    let feed = appendPage(EMPTY_FEED, { photos: [p(1)], total: 2, next_cursor: 'a', still_reading: 30 });
    expect(feed.stillReading).toBe(30);
    feed = appendPage(feed, { photos: [p(2)], total: 2, next_cursor: null });
    expect(feed.stillReading).toBe(30);
    expect(appendPage(EMPTY_FEED, { photos: [], total: 0, next_cursor: null }).stillReading).toBe(0);
    for (const odd of [-1, 2.5, Number.NaN, '7', null, undefined]) expect(stillReadingOf(odd)).toBe(0);
  });

  it('stops when the cursor does not move', () => {
    let feed = appendPage(EMPTY_FEED, { photos: [p(1)], total: 9, next_cursor: 'a' });
    feed = appendPage(feed, { photos: [p(1)], total: 9, next_cursor: 'a' });
    expect(feed).toMatchObject({ cursor: null, done: true });
  });

  it('counts at least what it holds, and finds photos case-insensitively', () => {
    const feed = appendPage(EMPTY_FEED, { photos: [p(1), p(2)], total: 1, next_cursor: null });
    expect(feed.total).toBe(2);
    expect(indexOfPhoto(feed, p(2).uuid.toUpperCase())).toBe(1);
    expect(indexOfPhoto(feed, p(9).uuid)).toBe(-1);
  });
});
