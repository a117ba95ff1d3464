import { EVENTS_PAGE_SIZE } from '@eventsite/contract/constants';
import type { Pagination } from '@eventsite/contract';
import { LABELS, buildUrl, describeFailure, isTransient, requestEnvelope } from './envelope';
import { apiUrl } from './env';
import type { EventCardData } from './model';
import { REVALIDATE_SECONDS, organiserTag } from './organiser';
import { isObj, readEventsPage } from './wire';

export interface EventsPageResult {
  events: EventCardData[];
  pagination: Pagination;
  error: string | null;
  /** The call failed in a way that may go away by itself (see isTransient). */
  transient: boolean;
}

/** When the all-events call fails, the list is an empty page. */
export function emptyEventsPage(page: number, pageSize = EVENTS_PAGE_SIZE): Pagination {
  return {
    total: 0,
    current_page: page,
    total_pages: 0,
    page_size: pageSize,
    has_next_page: false,
    has_previous_page: false,
  };
}

/**
 * The all-events call for one page, unread, cached 30 s under the organiser's tags. Every list
 * call of the site asks for the lists' own page size (12): a provider is free to cap its page
 * size, so nothing may depend on a larger page (a lookup walks the pages, walkEvents).
 */
export function requestEventsPage(domain: string, page: number): Promise<unknown> {
  const url = buildUrl(apiUrl(), '/api/v1/client/events/organiser/all-events', {
    app_domain: domain,
    page,
    page_size: EVENTS_PAGE_SIZE,
  });
  return requestEnvelope(url, {
    revalidate: REVALIDATE_SECONDS,
    tags: [organiserTag(domain), `events:${domain}`],
  });
}

/** One page of the organiser's events (12 a page for the events and promo lists). */
export async function getEventsPage(domain: string, page: number): Promise<EventsPageResult> {
  try {
    const data = await requestEventsPage(domain, page);
    const { events, pagination } = readEventsPage(data, page, EVENTS_PAGE_SIZE);
    return { events, pagination, error: null, transient: false };
  } catch (error) {
    const message = describeFailure(LABELS.events, error);
    console.error(message);
    return {
      events: [],
      pagination: emptyEventsPage(page),
      error: message,
      transient: isTransient(error),
    };
  }
}

/** How far a walk over the organiser's events goes: 170 pages of 12, some 2,000 events. */
export const WALK_MAX_PAGES = 170;
/** How many list pages a walk asks for at once, when the provider says how many there are. */
const WALK_PARALLEL = 4;

/**
 * The organiser's events, page after page of the lists' size, each page's events (those not seen
 * on an earlier page) given to `visit` in order until it answers true (the walk's answer is then
 * true). The provider's pagination says
 * where the list ends (its pages are then asked WALK_PARALLEL at a time); without one, the list
 * ends at a page that is empty or brings no event not seen before. At most WALK_MAX_PAGES pages.
 * A failed call is thrown. `first`: page 1 when the caller has already asked for it.
 */
export async function walkEvents(
  domain: string,
  visit: (events: EventCardData[]) => boolean,
  first: Promise<unknown> = requestEventsPage(domain, 1),
): Promise<boolean> {
  const seen = new Set<number>();
  let totalPages: number | null = null;
  /** Whether the walk goes on after this page: 'found', 'end' or 'more'. */
  const take = (data: unknown, page: number): 'found' | 'end' | 'more' => {
    const { events, pagination } = readEventsPage(data, page, EVENTS_PAGE_SIZE);
    const fresh = events.filter((e) => !seen.has(e.id));
    if (fresh.length === 0) return 'end';
    for (const e of fresh) seen.add(e.id);
    if (visit(fresh)) return 'found';
    // Without the provider's pagination, what readEventsPage works out never has a next page.
    if (!(isObj(data) && isObj(data.pagination))) return 'more';
    totalPages = pagination.total_pages;
    return pagination.has_next_page ? 'more' : 'end';
  };
  let page = 1;
  let state = take(await first, page);
  while (state === 'more' && page < WALK_MAX_PAGES) {
    const known: number | null = totalPages;
    const last = Math.min(
      WALK_MAX_PAGES,
      known !== null && known > page ? Math.min(known, page + WALK_PARALLEL) : page + 1,
    );
    const batch: Promise<unknown>[] = [];
    for (let p = page + 1; p <= last; p += 1) {
      const call = requestEventsPage(domain, p);
      call.catch(() => undefined);
      batch.push(call);
    }
    for (const call of batch) {
      page += 1;
      state = take(await call, page);
      if (state !== 'more') break;
    }
  }
  return state === 'found';
}
