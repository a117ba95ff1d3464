import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { BackToEvents, EventHeader } from '@/components/gallery/EventHeader';
import { GalleryCta, GalleryCtaPlaceholder } from '@/components/gallery/GalleryCta';
import { GalleryLoader } from '@/components/gallery/GalleryLoader';
import { GALLERY_STRINGS, GALLERY_TEXT } from '@/components/gallery/strings';
import '@/components/gallery/gallery.css';
import { eventHref } from '@/components/events/strings';
import {
  deepLinkPhoto,
  galleryQuery,
  searchFromParams,
  searchParamsFor,
} from '@/lib/gallery/search';
import { photoUrl } from '@/provider/photo-urls';
import { notFoundMetadata, pageMetadata, shareImage, siteOrigin } from '@/lib/seo';
import { EventLoadFailure } from '@/components/gallery/EventLoadFailure';
import { HideMeLink } from '@/components/hide/HideMeLink';
import {
  eventApiBase,
  findEventPhoto,
  firstPhotoPage,
  getOrganiser,
  loadEvent,
  publicApiUrl,
  type EventLoad,
  visitorForwardedFor,
} from '@/provider';
import { unlistedMetadata } from '@/components/access/metadata';

/**
 * The gallery (docs/requirements.md, Pages: Gallery). Without a query string it is rendered from
 * the API answers kept for 30 s; the proxy sends a gallery URL with a query (`?bib=`, `?name=`, `?photo=`) to `photo-search`,
 * rendered per request, because its metadata (a shared photo's preview) depends on the query.
 */
export type SearchParams = Record<string, string | string[] | undefined>;
export type GalleryParams = { domain: string; eventSlug: string };

/** The width of a shared photo's preview: large enough for a 1200x630 card. */
const SHARE_WIDTH = 1280;

export async function galleryMetadata(
  { domain, eventSlug }: GalleryParams,
  query: SearchParams,
): Promise<Metadata> {
  const origin = siteOrigin(domain);
  const [load, { organiser, recentEvents }] = await Promise.all([
    loadEvent(domain, eventSlug),
    getOrganiser(domain),
  ]);
  // Another organiser's event, or none: nothing of it goes into this host's previews (the page
  // is the 404 of ./not-found.tsx).
  if (load.kind === 'not-found' || load.kind === 'no-id') return notFoundMetadata(GALLERY_STRINGS.title(''));
  const name = load.kind === 'ok' ? load.event.details.name : '';
  const path = `/events/${encodeURIComponent(eventSlug)}/photos`;
  const recent =
    load.kind === 'ok' ? recentEvents.find((e) => e.id === load.event.details.id) : undefined;
  let image = shareImage(publicApiUrl(), recent?.photos[0], organiser.logo);
  let description = name
    ? `Photos of ${name} by ${organiser.name}: find yours and download them.`
    : `Event photos by ${organiser.name}.`;
  let shareUrl: string | undefined;

  if (load.kind === 'ok') {
    const flags = load.event.config.feature_flag;
    const search = searchFromParams(query, flags);
    const wanted = deepLinkPhoto(typeof query.photo === 'string' ? query.photo : null);
    // A shared photo previews itself, when it is one of this event's; never a password
    // gallery's (a preview is fetched without the visitor's grant).
    const photo =
      wanted && !load.grant ? await findEventPhoto(load.event.details.id, wanted) : null;
    if (photo) {
      const width = Math.min(SHARE_WIDTH, photo.width);
      image = {
        url: photoUrl(publicApiUrl(), photo.uuid, SHARE_WIDTH),
        width,
        height: Math.round((photo.height / photo.width) * width),
      };
      description = `A photo of ${name || 'the event'} by ${organiser.name}. See it and find yours.`;
      shareUrl = `${path}${galleryQuery(null, photo.uuid)}`;
    } else if (search) {
      description =
        search.kind === 'bib'
          ? `Photos of bib ${search.value} at ${name || 'the event'} by ${organiser.name}.`
          : `Photos of “${search.value}” at ${name || 'the event'} by ${organiser.name}.`;
      shareUrl = `${path}${galleryQuery(search)}`;
    }
  }
  const metadata = pageMetadata({
    title: GALLERY_STRINGS.title(name),
    description,
    siteName: organiser.name,
    path,
    origin,
    image,
    shareUrl,
  });
  // An event off the organiser's lists (unlisted, or a password page) is not for search engines.
  return unlistedMetadata(load, metadata);
}

function failure(load: Exclude<EventLoad, { kind: 'ok' | 'not-found' | 'no-id' }>): string {
  if (load.kind === 'mapping-failed') return GALLERY_STRINGS.mappingFailed;
  return GALLERY_STRINGS.loadFailed;
}

export async function GalleryRoute({
  domain,
  eventSlug,
  query,
}: GalleryParams & { query: SearchParams }) {
  const load = await loadEvent(domain, eventSlug);
  // No event id in the address, or no such event of this organiser: the 404 of ./not-found.tsx.
  if (load.kind === 'not-found' || load.kind === 'no-id') notFound();
  if (load.kind !== 'ok') {
    return <EventLoadFailure load={load} title={failure(load)} />;
  }
  const { event } = load;
  const config = event.config;
  const flags = config.feature_flag;
  const search = searchFromParams(query, flags);
  // Favourites (`?favourites=1`) and a shared selection (`?picks=`) are not the listing: the
  // browser shows them from the device or asks for them by id.
  const collection = query.favourites !== undefined || query.picks !== undefined;
  const privateUntilSearch = collection || (!flags.show_all_images && search === null);
  // The first page is in the HTML: the largest paint no longer waits for the gallery's code.
  // A search is made for this visitor (a page rendered per request): the API counts it against
  // their budget, not this server's.
  const page = privateUntilSearch
    ? null
    : await firstPhotoPage(
        event.details.id,
        searchParamsFor(search),
        search ? await visitorForwardedFor() : null,
      );
  const initialPage =
    page && page !== 'missing'
      ? { key: search ? `${search.kind}:${search.value}` : '', page }
      : null;
  const serverQuery: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) {
    const value = Array.isArray(v) ? v[0] : v;
    if (value !== undefined) serverQuery[k] = value;
  }
  const cta = (place: 'top' | 'bottom') => {
    const props = {
      enabled: flags.cta_enabled,
      config: config.cta_config,
      place,
      bibSearch: flags.bib_search,
    };
    return (
      <Suspense fallback={<GalleryCtaPlaceholder {...props} />}>
        <GalleryCta {...props} />
      </Suspense>
    );
  };
  return (
    <div className="container page gallery-page">
      <BackToEvents />
      <EventHeader
        event={event}
        showCount={flags.show_total_photos_count}
        actions={
          <Link
            href={eventHref(eventSlug, 'promo')}
            className="button button-outline"
            prefetch={false}
          >
            Create Promo
          </Link>
        }
      />
      {page === 'missing' ? (
        // A provider without our photo listing: the event is shown, its photos can't be.
        <>
          {cta('top')}
          <div className="empty-state gallery-empty" role="status">
            <h2>{GALLERY_TEXT.noListingTitle}</h2>
            <p>{GALLERY_TEXT.noListingText}</p>
          </div>
        </>
      ) : (
        // The top button goes under the search: on a phone the search is the first thing.
        <GalleryLoader
          cta={cta('top')}
          eventId={event.details.id}
          eventSlug={eventSlug}
          eventName={event.details.name}
          apiBase={eventApiBase(publicApiUrl(), load.grant, load.event.details.photo_version)}
          flags={flags}
          bibPlaceholder={config.bib_config.placeholder_text}
          initialPage={initialPage}
          query={serverQuery}
        />
      )}
      {cta('bottom')}
      {flags.selfie_search ? <HideMeLink eventSlug={eventSlug} /> : null}
    </div>
  );
}
