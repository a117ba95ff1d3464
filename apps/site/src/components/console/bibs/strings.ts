/** The words of Bibs by hand (`/console/events/{id}/bibs`). */
export const BIBS_TEXT = {
  title: 'Bibs by hand',
  titleOf: (event: string) => `Bibs by hand: ${event}`,
  intro:
    'Photos where no bib was read, or a reading is unsure. Type the bibs you see, then Enter: the photo is saved and the next one shows.',
  keys: 'Keys: Enter saves and goes on · Page Down skips · Page Up goes back · Backspace in an empty box removes the last bib.',
  noJsKeys: 'Type the bibs separated by spaces or commas, then Save.',
  inputLabel: 'Bibs on this photo',
  inputHint: 'Numbers separated by spaces or commas, such as 123 456 F12. Empty and saved: none.',
  save: 'Save and next',
  skip: 'Skip',
  back: 'Back',
  removeBib: (bib: string) => `Remove bib ${bib}`,
  editBib: (bib: string) => `Change bib ${bib}`,
  readAt: (confidence: number) => `read at ${Math.round(confidence * 100)}%`,
  unsure: 'unsure',
  photoAlt: (n: number) => `Photo ${n} to tag`,
  counter: (position: number, loaded: number, left: number) =>
    `Photo ${position} of ${loaded} · ${left.toLocaleString('en-GB')} left to review`,
  leftOnly: (left: number) =>
    left === 1 ? '1 photo left to review' : `${left.toLocaleString('en-GB')} photos left to review`,
  saved: (bibs: string[]) =>
    bibs.length === 0 ? 'Saved: no bib on this photo.' : `Saved: ${bibs.join(', ')}.`,
  savedHere: (bibs: string[]) =>
    bibs.length === 0 ? 'Saved with no bib' : `Saved: ${bibs.join(', ')}`,
  saving: 'Saving…',
  badBibs: (bad: string[]) =>
    `Not a bib: ${bad.join(', ')}. Bibs are letters and digits, such as 123 or F123.`,
  tooMany: (max: number) => `At most ${max} bibs on one photo.`,
  saveFailed: (message: string) => `Not saved: ${message}. What you typed is still here.`,
  offline: 'The server did not answer, so nothing was saved. Try again.',
  allDone: 'Nothing left to review here.',
  doneLoaded: 'You reached the end of these photos.',
  morePhotos: 'Next photos',
  startAgain: 'Start again from the first photo (skipped ones come back)',
  none: 'No photo of this event wants a bib by hand: every photo has a sure reading or a tag.',
  loadFailed: 'The photos to review could not be loaded. Reload the page to try again.',
  unpublished:
    'Photos show here once the event is published (their images are served for published events only).',
  hiddenFaces: (n: number) =>
    n === 1
      ? '1 face on this photo is hidden (a runner asked): their bib stays hidden even if you tag it.'
      : `${n} faces on this photo are hidden (runners asked): their bibs stay hidden even if you tag them.`,
  noEvent: 'This event was not found among your organiser’s events.',
  notAllowed: 'Bibs by hand is for owners and editors.',
} as const;
