/** The events and promo lists, word for word (docs/requirements.md, Pages: Event lists). */
export const EVENTS_LIST = {
  heading: 'All Events',
  error: 'Failed to load events list',
  title: (organiser: string) => `All Events | ${organiser}`,
} as const;

export const PROMO_LIST = {
  heading: 'Promo Events',
  intro: 'Discover and create promotional materials for amazing events. Design custom certificates and promotional content.',
  error: 'Failed to load promo events list',
  title: (organiser: string) => `Promo Events | ${organiser}`,
} as const;
