/** Spec §2, the gallery, word for word. */
export const GALLERY_STRINGS = {
  noId: 'Event ID is required',
  loadFailed: 'Failed to load event data',
  mappingFailed: 'Error Loading Event',
  title: (name: string) => (name.trim() ? `${name.trim()} | Photos` : 'Event Photos'),
} as const;

/** Spec §9: the skeleton while the gallery loads. */
export const SKELETON_SQUARES = 12;

/** Spec §2, the promo editor, word for word. */
export const PROMO_EDITOR_STRINGS = {
  noSlug: 'Event slug is required',
  loadFailed: 'Failed to load event data',
  loading: 'Loading promo editor...',
  title: (name: string) => (name.trim() ? `${name.trim()} | Promo` : 'Event Promo'),
} as const;
