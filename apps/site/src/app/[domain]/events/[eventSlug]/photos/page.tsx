import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ErrorState } from '@/components/common/States';
import { BackToEvents, EventHeader } from '@/components/gallery/EventHeader';
import { GalleryLoader } from '@/components/gallery/GalleryLoader';
import { GALLERY_STRINGS } from '@/components/gallery/strings';
import { eventHref } from '@/components/events/strings';
import { pageMetadata, requestOrigin, shareImage } from '@/lib/seo';
import { belongsToOrganiser, getOrganiser, loadEvent, publicApiUrl, type EventLoad } from '@/provider';

type Props = { params: Promise<{ domain: string; eventSlug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { domain, eventSlug } = await params;
  const [load, { organiser, recentEvents }, origin] = await Promise.all([loadEvent(eventSlug), getOrganiser(domain), requestOrigin()]);
  const name = load.kind === 'ok' ? load.event.details.name : '';
  const recent = load.kind === 'ok' ? recentEvents.find((e) => e.id === load.event.details.id) : undefined;
  return pageMetadata({
    title: GALLERY_STRINGS.title(name),
    description: name ? `Photos of ${name} by ${organiser.name}: find yours and download them.` : `Event photos by ${organiser.name}.`,
    siteName: organiser.name,
    path: `/events/${encodeURIComponent(eventSlug)}/photos`,
    origin,
    image: shareImage(publicApiUrl(), recent?.photos[0], organiser.logo),
  });
}

function failure(load: Exclude<EventLoad, { kind: 'ok' }>): string {
  if (load.kind === 'no-id') return GALLERY_STRINGS.noId;
  if (load.kind === 'mapping-failed') return GALLERY_STRINGS.mappingFailed;
  return GALLERY_STRINGS.loadFailed;
}

export default async function GalleryPage({ params }: Props) {
  const { domain, eventSlug } = await params;
  const [load, organiser] = await Promise.all([loadEvent(eventSlug), getOrganiser(domain)]);
  if (load.kind !== 'ok') {
    return (
      <div className="container page">
        <BackToEvents />
        <ErrorState title={failure(load)} heading="h1" />
      </div>
    );
  }
  const { event } = load;
  if (!belongsToOrganiser(event, organiser)) notFound();
  const flags = event.config.feature_flag;
  return (
    <div className="container page">
      <BackToEvents />
      <EventHeader
        event={event}
        showCount={flags.show_total_photos_count}
        actions={
          <Link href={eventHref(eventSlug, 'promo')} className="button button-outline" prefetch={false}>
            Create Promo
          </Link>
        }
      />
      {flags.show_all_images ? (
        <GalleryLoader
          eventId={event.details.id}
          eventName={event.details.name}
          apiBase={publicApiUrl()}
          showTotal={flags.show_total_photos_count}
        />
      ) : (
        <div className="notice" role="note">
          <h2>Photos are private</h2>
          <p>
            To protect participants&apos; privacy, the photos of this event are not listed. They are found by search
            only: look for yours by bib number or with a selfie.
          </p>
        </div>
      )}
    </div>
  );
}
