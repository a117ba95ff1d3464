'use client';
import { useParams } from 'next/navigation';
import { ErrorState } from '@/components/common/States';
import { parseEventSlug } from '@/lib/slug';
import { BackToEvents } from './EventHeader';

/**
 * The 404 of an event page (gallery, promo editor) in the organiser's layout: a slug without an
 * event id says so (`noId`); an event the provider does not know, or another organiser's, says
 * the event data failed to load (`failed`), and names nothing of the event.
 */
export function EventNotFound({ noId, failed }: { noId: string; failed: string }) {
  const { eventSlug } = useParams<{ eventSlug?: string }>();
  const slug = decodeURIComponent(eventSlug ?? '');
  return (
    <div className="container page">
      <BackToEvents />
      <ErrorState title={parseEventSlug(slug) === null ? noId : failed} heading="h1" />
    </div>
  );
}
