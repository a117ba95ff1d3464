/** The findability dashboard's words. */
export const FINDABILITY_TEXT = {
  title: 'Findability',
  intro:
    'How many of your runners can find their photos, and what to fix for the others. A runner counts as found when a search for their bib finds a photo.',
  failed: 'The findability of this event could not be loaded. Reload the page to try again.',
  share: (percent: number) => `${percent}%`,
  shareLabel: 'of registered runners can find their photos',
  shareOf: (found: number, registered: number) =>
    `${found.toLocaleString('en-GB')} of ${registered.toLocaleString('en-GB')} runners in the results`,
  noResults:
    'No results yet: import the results file to see how many runners can find their photos.',
  importResults: 'Import results',
  withoutPhotos: 'Runners with no photo',
  withoutPhotosNone: 'Every registered runner has at least one photo.',
  withoutPhotosMore: (shown: number, total: number) =>
    `The first ${shown.toLocaleString('en-GB')} of ${total.toLocaleString('en-GB')}.`,
  tagByHand: 'Tag bibs by hand',
  bib: 'Bib',
  name: 'Name',
  photos: 'Photos',
  /** Photos still being read: the figures below are not final yet. */
  stillReading: (n: number) =>
    `Still indexing (${n.toLocaleString('en-GB')} left): ${n === 1 ? 'one photo is' : `${n.toLocaleString('en-GB')} photos are`} still being read. They are not counted as unfindable, and the share of runners will grow as they are read.`,
  unfindable: 'Photos nobody can find',
  unfindableHint: 'No bib read and no face: neither a bib nor a selfie search finds them.',
  lowConfidence: 'Readings waiting for a person',
  lowConfidenceHint: 'A bib read with low confidence and not checked by hand yet.',
  totalPhotos: 'Photos in the event',
  review: 'Review them',
  upload: 'Upload photos',
  missed: 'Searches that found nothing',
  missedHint:
    'What visitors typed that found no photo: a bib missing from the photos or typed differently in the results, or a name spelled another way.',
  missedNone: 'No search has come back empty yet.',
  kind: 'Searched for',
  term: 'Typed',
  count: 'Times',
  last: 'Last',
  kinds: { bib: 'Bib', name: 'Name' } as const,
  checkResults: 'Check the results',
} as const;
