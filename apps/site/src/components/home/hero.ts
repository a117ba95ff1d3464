import { formatEventDate, isoDay } from '@/lib/date';
import { photoSrcSet, photoUrl } from '@/provider/photo-urls';
import type { EventCardData } from '@/provider';
import type { HeroSlide } from '../events/HeroCarousel';
import { eventHref } from '../events/strings';
import { CAROUSEL_EVENTS } from './strings';

/**
 * The hero is 100vw up to 1152 CSS px: no phone needs a variant narrower than 480 px, so the
 * srcset starts there (fewer bytes of HTML, same pick).
 */
const HERO_MIN_WIDTH = 480;

/** The hero's slides: the first recent events, each shown by its first landscape photo. */
export function heroSlides(events: EventCardData[], apiBase: string): HeroSlide[] {
  return events.slice(0, CAROUSEL_EVENTS).map((event) => {
    const photo = event.photos.find((p) => p.width >= p.height) ?? event.photos[0];
    return {
      id: event.id,
      name: event.name,
      dateLabel: formatEventDate(event.date),
      isoDate: isoDay(event.date),
      city: event.city,
      href: eventHref(event.slug, 'photos'),
      image: photo
        ? {
            src: photoUrl(apiBase, photo.uuid, 1280),
            srcSet: photoSrcSet(apiBase, photo, Infinity, HERO_MIN_WIDTH),
            width: photo.width,
            height: photo.height,
          }
        : null,
    };
  });
}
