/** Spec §2, Home, word for word. */
export const HOME_STRINGS = {
  heading: 'Recent Events',
  loading: "We're fetching the latest event memories for you...",
  errorTitle: 'Oops! Something went wrong',
  emptyTitle: 'No events yet',
  emptyText: 'Check back soon for exciting events and photo memories. New events are added regularly!',
} as const;

/** Spec §9: the carousel shows the first 2 recent events. */
export const CAROUSEL_EVENTS = 2;
