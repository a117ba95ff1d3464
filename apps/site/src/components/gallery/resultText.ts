/**
 * The words over a search's results and over photos found by face: with the parts that show them,
 * loaded on first use, not with the gallery.
 */

/** One tap each over a search's results (ResultActions). */
export const RESULT_ACTIONS = {
  label: 'Your results',
  download: (count: string) => `Download these (${count})`,
  share: 'Share these photos',
  /** What is shared: the search's link, titled after it. */
  shareTitle: (results: string, event: string) => (event.trim() ? `${results} · ${event.trim()}` : results),
} as const;

/** "Not me" and "This is me" on the photos found by face. */
export const NOT_ME_TEXT = {
  notMe: 'Not me',
  /** The button's name: the control and the photo it removes. */
  notMeLabel: (photo: string) => `Not me: remove ${photo}`,
  removed: 'Photo removed from your photos.',
  undo: 'Undo',
  undoLabel: 'Undo: bring the photo back',
  close: 'Close',
  thisIsMe: 'This is me',
  thisIsMeLabel: (photo: string, bib: string) => `This is me: open the runner page of bib ${bib}, worn in ${photo}`,
  resultSetTitle: (bib: string) => `Is this you? Bib ${bib} was read on your photos.`,
  resultSetLink: (bib: string) => `This is me: open the runner page of bib ${bib}`,
} as const;
