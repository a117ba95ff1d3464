import type { Metadata } from 'next';
import { EventNotFound } from '@/components/gallery/EventNotFound';
import { PROMO_EDITOR_STRINGS } from '@/components/gallery/strings';

/** A promo editor without an event: titled like one without a name. */
export const metadata: Metadata = { title: { absolute: PROMO_EDITOR_STRINGS.title('') } };

/**
 * The promo editor's 404 (no event id in the address, an event the provider does not know, or
 * another organiser's): 'Event slug is required' or 'Failed to load event data'.
 */
export default function PromoEditorNotFound() {
  return <EventNotFound noId={PROMO_EDITOR_STRINGS.noSlug} failed={PROMO_EDITOR_STRINGS.loadFailed} />;
}
