/** Home, word for word (docs/requirements.md, Pages: Home). */
export const HOME_STRINGS = {
  heading: 'Recent Events',
  loading: "We're fetching the latest event memories for you...",
  errorTitle: 'Oops! Something went wrong',
  emptyTitle: 'No events yet',
  emptyText: 'Check back soon for exciting events and photo memories. New events are added regularly!',
} as const;

/** The carousel shows the first 2 recent events. */
export const CAROUSEL_EVENTS = 2;
