import { notFound } from 'next/navigation';
import { ErrorState } from '@/components/common/States';
import { UncachedFailure } from '@/components/common/UncachedFailure';
import { EventGrid } from '@/components/events/EventGrid';
import { Pager } from '@/components/events/Pager';
import type { CardMode } from '@/components/events/strings';
import { getEventsPage, publicApiUrl } from '@/provider';

/** The paginated grid of /events and /promo: same list, different card links. */
export async function EventsListPage({
  domain,
  page,
  mode,
  heading,
  intro,
  error: errorText,
  basePath,
}: {
  domain: string;
  page: number;
  mode: CardMode;
  heading: string;
  intro?: string;
  error: string;
  basePath: string;
}) {
  const { events, pagination, error, transient } = await getEventsPage(domain, page);
  // A page past the last one does not exist: a 404, never 'Page 3 of 2' (docs/event-lists.md).
  if (!error && page > 1 && (page > pagination.total_pages || events.length === 0)) notFound();
  return (
    <section className="container page" aria-labelledby="list-heading">
      <div className="page-header">
        <h1 id="list-heading" className="page-title">{heading}</h1>
        {intro ? <p className="page-intro">{intro}</p> : null}
      </div>
      {error ? (
        <>
          {transient ? <UncachedFailure reason={error} /> : null}
          <ErrorState title={errorText} />
        </>
      ) : (
        <>
          <EventGrid events={events} mode={mode} apiBase={publicApiUrl()} />
          <Pager pagination={pagination} basePath={basePath} />
        </>
      )}
    </section>
  );
}
