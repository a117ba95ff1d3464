import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { eventHref } from '@/components/events/strings';
import { EventLoadFailure } from '@/components/gallery/EventLoadFailure';
import { GALLERY_STRINGS } from '@/components/gallery/strings';
import '@/components/gallery/gallery.css';
import { HideMe } from '@/components/hide/HideMe';
import { HIDE_TEXT } from '@/components/hide/strings';
import '@/components/hide/hide-me.css';
import { unlistedMetadata } from '@/components/access/metadata';
import { eventApiBase, loadEvent, publicApiUrl } from '@/provider';

type Props = { params: Promise<{ domain: string; eventSlug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { domain, eventSlug } = await params;
  const load = await loadEvent(domain, eventSlug);
  const name = load.kind === 'ok' ? load.event.details.name : '';
  // A page for one visitor's request: nothing to index or share.
  if (load.kind === 'locked') return unlistedMetadata(load, {});
  return {
    title: { absolute: name ? `${HIDE_TEXT.title} | ${name}` : HIDE_TEXT.title },
    robots: { index: false },
  };
}

/**
 * "Hide me everywhere" (docs/hide-me.md): a runner asks for their face to be blurred on this
 * event's photos. Only where the event has selfie search; elsewhere the page does not exist.
 */
export default async function HideMePage({ params }: Props) {
  const { domain, eventSlug } = await params;
  const load = await loadEvent(domain, eventSlug);
  if (load.kind === 'not-found') notFound();
  if (load.kind !== 'ok')
    return <EventLoadFailure load={load} title={GALLERY_STRINGS.loadFailed} />;
  if (!load.event.config.feature_flag.selfie_search) notFound();
  const gallery = eventHref(eventSlug, 'photos');
  return (
    <div className="container page hide-me">
      <Link href={gallery} className="text-link back-link">
        <span aria-hidden="true">←</span> {load.event.details.name}
      </Link>
      <h1>{HIDE_TEXT.title}</h1>
      <HideMe apiBase={eventApiBase(publicApiUrl(), load.grant, load.event.details.photo_version)} eventId={load.event.details.id} galleryHref={gallery} />
    </div>
  );
}

/** Read per request: the visitor's grant of the event (a password gallery), or their query. */
export const dynamic = 'force-dynamic';
