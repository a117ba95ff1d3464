import Link from 'next/link';
import { Suspense } from 'react';
import { ErrorState, LoadingText } from '@/components/common/States';
import { TryAgainButton } from '@/components/common/TryAgainButton';
import { UncachedFailure } from '@/components/common/UncachedFailure';
import { EventGrid } from '@/components/events/EventGrid';
import { HeroCarousel } from '@/components/events/HeroCarousel';
import { getOrganiser, publicApiUrl } from '@/provider';
import { heroSlides } from './hero';
import { HOME_STRINGS } from './strings';

/** Home: the hero of the latest events, then every recent event; or why there are none. */
export async function RecentEvents({ domain }: { domain: string }) {
  const { recentEvents, error, transient } = await getOrganiser(domain);
  const apiBase = publicApiUrl();
  if (error) {
    return (
      <section className="container page" aria-labelledby="recent-heading">
        <h1 id="recent-heading" className="page-title">{HOME_STRINGS.heading}</h1>
        {transient ? <UncachedFailure reason={error} /> : null}
        <ErrorState title={HOME_STRINGS.errorTitle}>
          <TryAgainButton />
        </ErrorState>
      </section>
    );
  }
  return (
    <>
      {recentEvents.length > 0 ? (
        <div className="container hero-wrap">
          <HeroCarousel slides={heroSlides(recentEvents, apiBase)} />
        </div>
      ) : null}
      <section className="container page" aria-labelledby="recent-heading">
        <div className="page-header page-header-row">
          <h1 id="recent-heading" className="page-title">{HOME_STRINGS.heading}</h1>
          {recentEvents.length > 0 ? (
            <Link href="/events" className="text-link">
              All events <span aria-hidden="true">→</span>
            </Link>
          ) : null}
        </div>
        {recentEvents.length === 0 ? (
          <div className="empty-state">
            <h2>{HOME_STRINGS.emptyTitle}</h2>
            <p>{HOME_STRINGS.emptyText}</p>
          </div>
        ) : (
          // Its own boundary: React outlines a large boundary (its HTML comes later in the document
          // and a script reveals it), which must not hold the hero (the page's largest paint). The
          // grid, below the fold on a phone, takes that place; until it shows, the loading text
          // holds the screen's height, so the footer moves nothing in view.
          <Suspense
            fallback={
              <div className="page-loading">
                <LoadingText text={HOME_STRINGS.loading} />
              </div>
            }
          >
            <EventGrid events={recentEvents} mode="photos" apiBase={apiBase} eagerTiles={0} />
          </Suspense>
        )}
      </section>
    </>
  );
}

