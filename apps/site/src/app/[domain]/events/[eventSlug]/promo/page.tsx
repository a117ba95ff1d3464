import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { PromoEditorLoading } from '@/components/gallery/PageLoading';
import { BackToEvents, EventHeader } from '@/components/gallery/EventHeader';
import { PROMO_EDITOR_STRINGS } from '@/components/gallery/strings';
import { eventHref } from '@/components/events/strings';
import { PromoEditorLoader } from '@/components/promo/PromoEditorLoader';
import { notFoundMetadata, pageMetadata, shareImage, siteOrigin } from '@/lib/seo';
import { settledWithin, STATUS_WAIT_MS } from '@/lib/within';
import { eventApiBase, getOrganiser, loadEvent, publicApiUrl } from '@/provider';
import { unlistedMetadata } from '@/components/access/metadata';
import { EventLoadFailure } from '@/components/gallery/EventLoadFailure';

type Props = { params: Promise<{ domain: string; eventSlug: string }> };

/** No event is prerendered at build time. */
export function generateStaticParams(): { eventSlug: string }[] {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { domain, eventSlug } = await params;
  const [load, { organiser, recentEvents }] = await Promise.all([loadEvent(domain, eventSlug), getOrganiser(domain)]);
  // Another organiser's event, or none: nothing of it goes into this host's previews (the page
  // is the 404 of ./not-found.tsx).
  if (load.kind === 'not-found' || load.kind === 'no-id') return notFoundMetadata(PROMO_EDITOR_STRINGS.title(''));
  const name = load.kind === 'ok' ? load.event.details.name : '';
  const recent = load.kind === 'ok' ? recentEvents.find((e) => e.id === load.event.details.id) : undefined;
  const metadata = pageMetadata({
    title: PROMO_EDITOR_STRINGS.title(name),
    description: name
      ? `Design promotional materials and finisher certificates for ${name}.`
      : `Design promotional materials and certificates with ${organiser.name}.`,
    siteName: organiser.name,
    path: `/events/${encodeURIComponent(eventSlug)}/promo`,
    origin: siteOrigin(domain),
    image: shareImage(publicApiUrl(), recent?.photos[0], organiser.logo),
  });
  return unlistedMetadata(load, metadata);
}

/**
 * The promo editor. The event is waited for a moment first (lib/within.ts): an address without
 * an event id, an unknown event, or another organiser's, is then a real 404 (./not-found.tsx); a
 * slower provider gets the loading text first.
 */
export default async function PromoEditorPage({ params }: Props) {
  const { domain, eventSlug } = await params;
  const early = await settledWithin(loadEvent(domain, eventSlug), STATUS_WAIT_MS);
  if (early?.kind === 'not-found' || early?.kind === 'no-id') notFound();
  if (early) return PromoEditorContent({ domain, eventSlug });
  return (
    <Suspense fallback={<PromoEditorLoading />}>
      <PromoEditorContent domain={domain} eventSlug={eventSlug} />
    </Suspense>
  );
}

async function PromoEditorContent({ domain, eventSlug }: { domain: string; eventSlug: string }) {
  const [load, { organiser }] = await Promise.all([loadEvent(domain, eventSlug), getOrganiser(domain)]);
  if (load.kind === 'not-found' || load.kind === 'no-id') notFound();
  if (load.kind !== 'ok') {
    return <EventLoadFailure load={load} title={PROMO_EDITOR_STRINGS.loadFailed} />;
  }
  const { event } = load;
  return (
    <div className="container page">
      <BackToEvents />
      <EventHeader
        event={event}
        showCount={false}
        kicker="Create Promo"
        actions={
          <Link href={eventHref(eventSlug, 'photos')} className="button button-outline" prefetch={false}>
            View Photos
          </Link>
        }
      />
      <PromoEditorLoader
        eventId={event.details.id}
        eventName={event.details.name}
        apiUrl={eventApiBase(publicApiUrl(), load.grant, load.event.details.photo_version)}
        eventDate={event.details.event_date}
        city={event.details.city}
        organiserName={organiser.name}
        themeColour={organiser.themeColour}
        {...(organiser.logo ? { logoUrl: organiser.logo } : {})}
        {...(organiser.logo && organiser.logoPlate ? { logoPlate: organiser.logoPlate } : {})}
        {...(event.bannerUrl ? { bannerUrl: event.bannerUrl } : {})}
        features={{
          download_certificate: event.config.feature_flag.download_certificate,
          enable_custom_certificate: event.config.feature_flag.enable_custom_certificate,
          bib_search: event.config.feature_flag.bib_search,
        }}
      />
    </div>
  );
}

/** Read per request: the visitor's grant of the event (a password gallery), or their query. */
export const dynamic = 'force-dynamic';
