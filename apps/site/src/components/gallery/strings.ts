/** The gallery, word for word (docs/requirements.md, Pages: Gallery). */
export const GALLERY_STRINGS = {
  noId: 'Event ID is required',
  loadFailed: 'Failed to load event data',
  mappingFailed: 'Error Loading Event',
  title: (name: string) => (name.trim() ? `${name.trim()} | Photos` : 'Event Photos'),
} as const;

/** The skeleton's squares while the gallery loads. */
export const SKELETON_SQUARES = 12;

/** Our own words for the states docs/requirements.md does not word. */
export const GALLERY_TEXT = {
  emptyTitle: 'No photos yet',
  emptyText: 'The photographers are still uploading. Photos of this event will appear here as soon as they are ready — check back soon.',
  privateTitle: 'Photos are private',
  privateText: (how: string) =>
    `To protect participants’ privacy, the photos of this event are not listed. Find yours ${how}: only the photos you appear in are shown.`,
  loadFailed: 'Failed to load photos',
  noListingTitle: 'Photos can’t be browsed here',
  noListingText: 'The photos of this event are not listed on this site. The organiser may share them with you another way.',
  moreFailed: 'Could not load more photos.',
  showAll: 'Show all photos',
  loadMore: 'Load more photos',
  photoLabel: (n: number, total: number) => `Photo ${n.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`,
  partnership: (client: string) => `In partnership with ${client}`,
  certificate: 'Make your finisher certificate',
  /** A search while some of the event's photos are not read yet: never a bare "nothing found". */
  stillReading: (n: number) =>
    `Still indexing (${n.toLocaleString('en-US')} left): ${n === 1 ? 'one photo of this event is' : `${n.toLocaleString('en-US')} photos of this event are`} still being read, and yours may be among them. Try again in a minute.`,
  /** Beside a search's results while more photos are being read. */
  stillReadingMore: (n: number) => `Still indexing (${n.toLocaleString('en-US')} left): more may appear.`,
  /** On a race result: its runner's page (photos, result and certificate on one page). */
  runnerPage: 'Your runner page',
} as const;

/** Live galleries: photos that came while the gallery was open. */
export const LIVE_TEXT = {
  /** The bar's button: "1 new photo", "12 new photos". */
  fresh: (n: number) => `${n.toLocaleString('en-US')} new ${n === 1 ? 'photo' : 'photos'}`,
  /** What the button does, for screen readers. */
  freshHint: 'Show them from the start of the gallery',
} as const;

/** Selfie search's results and "more photos of you". */
export const SELFIE_RESULTS = {
  count: (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'photo' : 'photos'} of you`,
  notShareable: 'Found with your selfie. A selfie search can’t be shared as a link: your selfie stays on this device.',
  none: 'No photos matched your selfie',
  noneHelp:
    'Try another selfie: your face straight to the camera, in good light, without sunglasses. New photos are matched as they are uploaded, so try again later too.',
  noSureMatch: 'No sure match for your selfie',
  seeMaybe: 'Some photos might show you: they are below.',
  maybeTitle: 'Maybe you',
  maybeText: 'These faces look a lot like yours, but we are less sure.',
  maybeLabel: (n: number, total: number) => `Maybe you: photo ${n.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`,
  moreTitle: 'More photos of you',
  moreText: 'Found by the face of the runner wearing this bib, where the bib is hidden or could not be read.',
  moreLabel: (n: number, total: number) => `More of you: photo ${n.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`,
} as const;

/** How the privacy prompt says photos are found, from the searches the event offers. */
export function findHow(bib: boolean, name: boolean, selfie = false): string {
  if (selfie) {
    const ways = [bib ? 'by bib number' : null, name ? 'by name' : null, 'with a selfie'].filter(Boolean);
    return ways.length === 1 ? ways[0]! : `${ways.slice(0, -1).join(', ')} or ${ways[ways.length - 1]}`;
  }
  if (bib && name) return 'by bib number or by name';
  if (bib) return 'by bib number';
  if (name) return 'by name';
  return 'through the link the organiser sent you';
}

/** The promo editor, word for word (docs/requirements.md, Pages: Promo editor). */
export const PROMO_EDITOR_STRINGS = {
  noSlug: 'Event slug is required',
  loadFailed: 'Failed to load event data',
  loading: 'Loading promo editor...',
  title: (name: string) => (name.trim() ? `${name.trim()} | Promo` : 'Event Promo'),
} as const;

/** 1,234 photos */
export function photoCount(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'photo' : 'photos'}`;
}

/**
 * Favourites, kept on the device without an account: a tile's heart, the count, the zips. The
 * favourites' own views and the selections shared from them are worded in ./collectionText.
 */
export const FAVOURITES_TEXT = {
  add: 'Add to favourites',
  remove: 'Remove from favourites',
  /** A tile's heart: the control and its photo. */
  addLabel: (photo: string) => `Add to favourites: ${photo}`,
  removeLabel: (photo: string) => `Remove from favourites: ${photo}`,
  count: (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'favourite' : 'favourites'}`,
  download: 'Download favourites',
  zipLabel: (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'favourite' : 'favourites'}`,
  full: 'You have 500 favourites, the most kept: remove one to add another.',
  notKept: 'Your browser does not let this site store anything: your favourites are kept only until you leave this page.',
  downloadPicked: 'Download these',
} as const;
