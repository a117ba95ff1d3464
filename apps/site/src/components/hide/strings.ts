/** "Hide me everywhere", word for word (docs/hide-me.md). */
export const HIDE_TEXT = {
  link: 'Don’t want to appear in these photos? Hide me',
  title: 'Hide me in this event’s photos',
  intro:
    'Your selfie is processed on this device: only a description of your face (numbers, not a picture) is sent. We show you the photos where that face is found, and you tick the ones that are you: in those, your face is blurred for everyone, in downloads too, and they stop coming up when you are searched for by selfie or bib. Photos added later are checked too. You can’t undo this yourself: to undo it, contact the organiser.',
  consentTitle: 'Before you use a selfie',
  agree: 'Continue',
  cancel: 'Cancel',
  declined: 'Nothing was hidden and nothing was sent.',
  restart: 'Start again',
  back: 'Back to the photos',
  bibLabel: 'Your bib number (optional)',
  bibHint: 'Photos where your face is hidden will no longer come up for this bib number.',
  counting: 'Looking for your photos…',
  confirmSome: (n: number) => `Hide me in ${n} ${n === 1 ? 'photo' : 'photos'}?`,
  confirmNone:
    'We found no photo of you yet. Hide you anyway? Photos added to this event later will be checked.',
  confirmDetail:
    'Your face will be blurred for everyone and those photos will leave searches for you.',
  confirm: (n: number) => (n > 0 ? `Hide me in ${n} ${n === 1 ? 'photo' : 'photos'}` : 'Hide me'),
  pickTitle: (n: number) =>
    `We found a face like yours in ${n} ${n === 1 ? 'photo' : 'photos'}. Which are you?`,
  pickDetail:
    'Tick each photo where the outlined face is yours. Only those are blurred: the others stay as they are.',
  photoAlt: (n: number, total: number) => `Photo ${n} of ${total}, the face found outlined`,
  thisIsMe: (n: number) => `This is me (photo ${n})`,
  thisIsMeShort: 'This is me',
  pickAll: 'They are all me',
  pickNone: 'Tick your photos first',
  hiding: 'Hiding your face…',
  done: (n: number) =>
    n > 0
      ? `Done. Your face is now blurred in ${n} ${n === 1 ? 'photo' : 'photos'}, and ${n === 1 ? 'it no longer comes' : 'they no longer come'} up when you are searched for.`
      : 'Done. No photo shows you yet; photos added to this event later will be checked.',
  doneLater: 'Photos added later are checked as they arrive. To undo this, contact the organiser.',
  outcomeTitle: 'You are hidden',
} as const;
