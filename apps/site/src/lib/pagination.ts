import { MAX_PAGE } from '@eventsite/contract/constants';
import type { Pagination } from '@eventsite/contract';

/** The `page` query parameter: a whole number from 1 to MAX_PAGE, anything else is page 1. */
export function parsePage(value: string | string[] | undefined): number {
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined || !/^\d{1,9}$/.test(raw)) return 1;
  const page = Number(raw);
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

export interface PagerModel {
  current: number;
  total: number;
  /** The page Previous goes to, or null when Previous is hidden. */
  previous: number | null;
  /** The page Next goes to, or null when Next is hidden. */
  next: number | null;
}

/**
 * Nothing when there is at most one page; Previous only if a previous page exists
 * (and never below 1); Next only if a next page exists.
 */
export function pager(p: Pick<Pagination, 'current_page' | 'total_pages' | 'has_next_page' | 'has_previous_page'>): PagerModel | null {
  if (p.total_pages <= 1) return null;
  const current = Math.max(1, p.current_page);
  return {
    current,
    total: p.total_pages,
    previous: p.has_previous_page && current > 1 ? current - 1 : null,
    next: p.has_next_page ? current + 1 : null,
  };
}

/** The list URL of a page: page 1 is the bare path. */
export function pageHref(basePath: string, page: number): string {
  return page <= 1 ? basePath : `${basePath}?page=${page}`;
}
