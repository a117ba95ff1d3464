/** The card's link, by mode, word for word (docs/requirements.md, Pages). */
export const CARD_LINKS = {
  photos: { title: 'View Photos', subtitle: 'Browse event gallery', path: 'photos' },
  promo: { title: 'Create Promo', subtitle: 'Design promotional materials', path: 'promo' },
} as const;

export type CardMode = keyof typeof CARD_LINKS;

export const EMPTY_LIST = {
  title: 'No events found',
  text: 'Check back later for upcoming events',
} as const;

export function eventHref(slug: string, mode: CardMode): string {
  return `/events/${encodeURIComponent(slug)}/${CARD_LINKS[mode].path}`;
}
