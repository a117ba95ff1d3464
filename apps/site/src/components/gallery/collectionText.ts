/**
 * The favourites' view and the selections shared from it, word for word: with the parts that
 * show them, loaded on first use, not with the gallery.
 */
export const COLLECTION_TEXT = {
  toggle: (n: number) => `My favourites (${n.toLocaleString('en-US')})`,
  title: 'My favourites',
  emptyTitle: 'No favourites yet',
  emptyText: 'Tap the heart on a photo to keep it here. Your favourites stay on this device, no account needed.',
  share: 'Share favourites',
  copied: 'Link copied',
  shareFirst: (max: number) => `The link holds your first ${max} favourites.`,
  backToAll: 'All photos',
  pickedTitle: (n: number) => `A selection of ${n.toLocaleString('en-US')} ${n === 1 ? 'photo' : 'photos'}`,
  pickedText: 'Someone shared these photos with you. Heart the ones you like to keep them on this device.',
  pickedMissing: (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'photo of this link is' : 'photos of this link are'} no longer in the gallery.`,
  addAll: 'Add all to my favourites',
  addedAll: (n: number) => (n === 0 ? 'They are all in your favourites already.' : `${n.toLocaleString('en-US')} added to your favourites.`),
  pickedEmptyTitle: 'This link holds no photos',
  pickedEmptyText: 'The link may have been cut short when it was copied, or its photos were taken out of the gallery.',
  pickedFailedTitle: 'This selection can’t be shown here',
  pickedFailedText: 'This site could not look up the photos of the link. Try again later, or ask for the photos another way.',
  retry: 'Try again',
} as const;
