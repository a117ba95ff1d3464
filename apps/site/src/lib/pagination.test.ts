import { describe, expect, it } from 'vitest';
import { pageHref, pager, parsePage } from './pagination';

describe('parsePage', () => {
  it('reads a whole page number', () => {
    expect(parsePage('3')).toBe(3);
    expect(parsePage(['2', '5'])).toBe(2);
  });

  it.each([[undefined], ['abc'], ['0'], ['-1'], ['1.5'], ['1e3'], ['99999999999'], ['100001'], ['']])('falls back to page 1 for %j', (v) => {
    expect(parsePage(v)).toBe(1);
  });
});

const p = (current_page: number, total_pages: number) => ({
  current_page,
  total_pages,
  has_next_page: current_page < total_pages,
  has_previous_page: current_page > 1,
});

describe('pager', () => {
  it('shows nothing when there is at most one page', () => {
    expect(pager(p(1, 1))).toBeNull();
    expect(pager(p(1, 0))).toBeNull();
  });

  it('shows Next only on the first page', () => {
    expect(pager(p(1, 3))).toEqual({ current: 1, total: 3, previous: null, next: 2 });
  });

  it('shows both in the middle and Previous only on the last page', () => {
    expect(pager(p(2, 3))).toEqual({ current: 2, total: 3, previous: 1, next: 3 });
    expect(pager(p(3, 3))).toEqual({ current: 3, total: 3, previous: 2, next: null });
  });

  it('never goes below page 1, whatever the server says', () => {
    expect(pager({ current_page: 1, total_pages: 3, has_next_page: true, has_previous_page: true })?.previous).toBeNull();
  });

  it('links page 1 to the bare path', () => {
    expect(pageHref('/events', 1)).toBe('/events');
    expect(pageHref('/promo', 4)).toBe('/promo?page=4');
  });
});
