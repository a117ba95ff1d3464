import type { Metadata } from 'next';
import { EventNotFound } from '@/components/gallery/EventNotFound';
import { GALLERY_STRINGS } from '@/components/gallery/strings';

/** A gallery without an event: titled like a gallery without a name. */
export const metadata: Metadata = { title: { absolute: GALLERY_STRINGS.title('') } };

/**
 * The gallery's 404 (no event id in the address, an event the provider does not know, or another
 * organiser's): 'Event ID is required' or 'Failed to load event data'.
 */
export default function GalleryNotFound() {
  return <EventNotFound noId={GALLERY_STRINGS.noId} failed={GALLERY_STRINGS.loadFailed} />;
}
