import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { EventsListPage } from '@/components/lists/EventsListPage';
import { EVENTS_LIST, PROMO_LIST } from '@/components/lists/strings';
import { parsePage } from '@/lib/pagination';
import { organiserPageMetadata } from '@/components/layout/organiserMetadata';

/**
 * The two paginated lists, /events and /promo. Visitors ask for `/events?page=3`; the proxy rewrites a page
 * past the first to `/[domain]/events/p/3`, so that no page reads the query string.
 */
export type ListKind = 'events' | 'promo';

const LISTS = {
  events: {
    strings: EVENTS_LIST,
    mode: 'photos',
    description: (name: string) => `All events from ${name}: open an event to browse its photos.`,
    intro: undefined,
  },
  promo: { strings: PROMO_LIST, mode: 'promo', description: () => PROMO_LIST.intro, intro: PROMO_LIST.intro },
} as const;

export async function listMetadata(kind: ListKind, domain: string): Promise<Metadata> {
  const list = LISTS[kind];
  return organiserPageMetadata(domain, {
    title: list.strings.title,
    description: list.description,
    path: `/${kind}`,
  });
}

/** A list page from the path's page number; what is not a page past the first is not a page. */
export function listPageNumber(raw: string | undefined): number {
  if (raw === undefined) return 1;
  const page = parsePage(raw);
  if (page <= 1 || String(page) !== raw) notFound();
  return page;
}

export function ListRoute({ kind, domain, page }: { kind: ListKind; domain: string; page: number }) {
  const list = LISTS[kind];
  return (
    <EventsListPage
      domain={domain}
      page={page}
      mode={list.mode}
      heading={list.strings.heading}
      {...(list.intro ? { intro: list.intro } : {})}
      error={list.strings.error}
      basePath={`/${kind}`}
    />
  );
}
