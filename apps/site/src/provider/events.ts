import { EVENTS_PAGE_SIZE } from '@eventsite/contract/constants';
import type { Pagination } from '@eventsite/contract';
import { LABELS, buildUrl, describeFailure, isTransient, requestEnvelope } from './envelope';
import { apiUrl } from './env';
import type { EventCardData } from './model';
import { REVALIDATE_SECONDS, organiserTag } from './organiser';
import { readEventsPage } from './wire';

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

/** One page of the organiser's events (12 a page for the events and promo lists). */
export async function getEventsPage(
  domain: string,
  page: number,
  pageSize = EVENTS_PAGE_SIZE,
): Promise<EventsPageResult> {
  const url = buildUrl(apiUrl(), '/api/v1/client/events/organiser/all-events', {
    app_domain: domain,
    page,
    page_size: pageSize,
  });
  try {
    const data = await requestEnvelope(url, {
      revalidate: REVALIDATE_SECONDS,
      tags: [organiserTag(domain), `events:${domain}`],
    });
    const { events, pagination } = readEventsPage(data, page, pageSize);
    return { events, pagination, error: null, transient: false };
  } catch (error) {
    const message = describeFailure(LABELS.events, error);
    console.error(message);
    return {
      events: [],
      pagination: emptyEventsPage(page, pageSize),
      error: message,
      transient: isTransient(error),
    };
  }
}
