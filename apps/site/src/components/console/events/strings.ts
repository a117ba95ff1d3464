import type { FeatureFlags } from '@eventsite/contract';

/** The words of the console's event settings and results import screens. */
export const EVENTS_TEXT = {
  newTitle: 'New event',
  newIntro: 'Name the event and say when and where it is. You can set everything else next.',
  name: 'Name',
  date: 'Date',
  city: 'City',
  optional: '(optional)',
  create: 'Create event',
  created: 'Event created. It is not published yet: set it up, then publish it.',
  addressWillBe: 'Its public address will be made from the name, like',
  settingsTitle: (name: string) => `${name}: settings`,
  publicUrl: 'Public address',
  notPublicYet: 'Not public yet; once published it will be at',
  renameHint: 'Renaming the event changes its public address (links to the old one stop working).',
  details: 'Event details',
  clientName: 'Client name',
  clientNameHint: 'A sponsor or race shown beside your brand when co-branding is on.',
  clientLogo: 'Client logo address',
  features: 'What visitors can do',
  featuresHint: 'Each switch turns one thing on or off on this event’s public pages.',
  banner: 'Banner',
  bannerEnabled: 'Show a banner above the gallery',
  bannerUrl: 'Banner image address',
  bannerUrlHint:
    'The web address of the image (https://…), such as a sponsor banner; or upload a picture below.',
  bannerUpload: 'Banner picture',
  bannerUploadHint: 'PNG, JPEG or WebP, up to 8 MB; wide pictures work best (about 3:1).',
  bannerFile: 'Choose a banner picture',
  bannerUploadButton: 'Upload banner',
  bannerRemove: 'Remove banner',
  bannerCurrent: 'The banner visitors see',
  bannerNone: 'No banner yet.',
  bannerMissing: 'Choose a picture to upload first.',
  bannerTooLarge:
    'This picture is over 8 MB: make it smaller (2400 pixels wide is plenty) and upload it again.',
  bannerUploaded: 'The banner is uploaded and shown above the gallery.',
  bannerRemoved: 'The banner is removed.',
  bibs: 'Bib numbers',
  bibStrategies: 'How photos are found by bib',
  strategy: {
    ocr: 'Read from the photos (automatic)',
    manual: 'Tagged by hand in the console',
    results: 'Only bibs in the imported results',
  } as Record<string, string>,
  bibThreshold: 'How sure an automatic reading must be (%)',
  bibThresholdHint: 'Readings less sure than this are not used. 80 is a good start.',
  bibPlaceholder: 'Hint in the bib search box',
  bibFormat: 'How your bibs are numbered',
  bibFormatHint:
    'Optional. Tell the reader what your bibs look like: numbers outside the range are not taken for bibs, and a number with as many digits as all of yours is trusted even where an arm touches it. Saving a change reads the event’s photos again.',
  bibFrom: 'Lowest bib number',
  bibTo: 'Highest bib number',
  bibLetters: 'Letters printed with the number',
  letters: {
    any: 'Any (as printed)',
    none: 'None: numbers only',
    prefix: 'Before the number (A1234)',
    suffix: 'After the number (1234B)',
  } as Record<string, string>,
  bibIgnore: 'Words and numbers on every bib that are not bib numbers',
  bibIgnoreHint:
    'Separated by commas, e.g. 2026, 10K. A search for the number alone still finds lettered bibs.',
  cta: 'Call-to-action button',
  ctaHint: 'Shown when “Call-to-action button” is on above.',
  ctaText: 'Button text',
  ctaUrl: 'Button link',
  ctaPlacement: 'Where the button goes',
  placement: {
    top: 'Above the gallery',
    bottom: 'Below the gallery',
    both: 'Above and below',
  } as Record<string, string>,
  ctaPassSearch: 'Add the visitor’s bib to the link (?bib=…), so your page can greet them',
  selfie: 'Selfie search',
  selfieThreshold: 'How alike a face must be to match (%)',
  selfieThresholdHint:
    'From 30 to 95. Higher finds fewer wrong photos but misses some. 60 is a good start.',
  facesOffOnPlatform:
    'Face recognition is turned off on this platform: no face is detected on the photos, and visitors are not offered selfie search, whatever is set here.',
  faceRetention: 'Keep face data for (days after the event)',
  faceRetentionHint:
    'Descriptions of the faces on the photos are deleted this many days after the event, and selfie search ends. Photos stay, and bib and name search keep working. Faces found on photos added later are kept as many days after they are found.',
  faceDataDeletedOn: (date: string) => `This event’s face data is deleted on ${date}.`,
  video: 'Runner videos',
  videoMin: 'Least photos for a video',
  videoMax: 'Most photos in a video',
  videoTemplate: 'Use the event’s video template',
  save: 'Save settings',
  saved: 'Settings saved.',
  renamed: (url: string) =>
    `Settings saved. The event was renamed: its public address is now ${url}`,
  refused: 'Nothing was saved: correct the fields marked below.',
  publishing: 'Publishing',
  isPublished: 'This event is published: anyone can see it on your site.',
  isPublishedUnlisted: 'This event is published: anyone with its link can see it.',
  isPublishedPassword: 'This event is published: visitors who have its password can see it.',
  isDraft: 'This event is not published: only the console shows it.',
  publish: 'Publish event',
  unpublish: 'Unpublish event',
  published: 'Published. It is on your public events list now.',
  unpublished: 'Unpublished. It is no longer on your public site.',
  danger: 'Delete the event',
  deleteLink: 'Delete this event…',
  deleteTitle: (name: string) => `Delete ${name}?`,
  deleteWhat: (photos: number) =>
    `This deletes the event, its ${photos.toLocaleString('en-GB')} ${photos === 1 ? 'photo' : 'photos'} (originals and every size), its race results and its jobs. It cannot be undone.`,
  deleteConfirm: (photos: number) =>
    `I understand that ${photos.toLocaleString('en-GB')} ${photos === 1 ? 'photo' : 'photos'} will be deleted for good`,
  deleteButton: (photos: number) =>
    `Delete the event and its ${photos.toLocaleString('en-GB')} ${photos === 1 ? 'photo' : 'photos'}`,
  deleteCancel: 'Keep it: back to the settings',
  deleteUnconfirmed: 'Tick the box to confirm, or go back: nothing was deleted.',
  deleteChanged:
    'The event’s photos changed since this page was shown: check the count again. Nothing was deleted.',
  deletedTitle: 'Event deleted',
  deleted: (name: string, photos: number) =>
    `${name} was deleted with its ${photos.toLocaleString('en-GB')} ${photos === 1 ? 'photo' : 'photos'}.`,
  backToEvents: 'Back to the events',
  notFound: 'This event does not exist, or it is not one of your organiser’s events.',
  unavailable: 'The event could not be loaded just now. Try again in a moment.',
  fieldError: 'Error:',
  // Results
  resultsTitle: (name: string) => `${name}: results`,
  resultsIntro:
    'Upload the race results as a CSV file (comma, semicolon or tab separated, as timing companies and spreadsheets export them). You will see a preview before anything is imported.',
  uploadTitle: 'Upload results',
  resultsFile: 'Results file (CSV)',
  resultsFileHint:
    'Up to 9 MB. A new import replaces the results: runners already there are updated, not added again.',
  upload: 'Upload and preview',
  previewTitle: 'Preview',
  previewOf: (rows: number, delimiter: string, encoding: string) =>
    `${rows.toLocaleString('en-GB')} ${rows === 1 ? 'row' : 'rows'}, separated by ${delimiter}, ${encoding}.`,
  firstRows: (n: number) => `The first ${n} ${n === 1 ? 'row' : 'rows'} of the file`,
  line: 'Line',
  mapping: 'Columns',
  mappingHint:
    'Which column holds what. Guessed from the headings: change any that is wrong, then update the preview.',
  noColumn: '— none —',
  unmappable: (headers: string[]) =>
    `These headings contain a comma or colon and cannot be chosen: ${headers.join(', ')}. Rename them in the file if you need them.`,
  splits: (names: string[]) => `Read as split times: ${names.join(', ')}.`,
  updatePreview: 'Update the preview',
  wouldDo: 'If you import now',
  counts: (c: { added: number; updated: number; refused: number; removed: number }) => [
    `${c.added.toLocaleString('en-GB')} new ${c.added === 1 ? 'runner' : 'runners'}`,
    `${c.updated.toLocaleString('en-GB')} ${c.updated === 1 ? 'runner' : 'runners'} updated`,
    `${c.refused.toLocaleString('en-GB')} ${c.refused === 1 ? 'row' : 'rows'} refused`,
    ...(c.removed > 0
      ? [
          `${c.removed.toLocaleString('en-GB')} ${c.removed === 1 ? 'runner' : 'runners'} of the last import not in this file (removed)`,
        ]
      : []),
  ],
  problems: 'Rows with a problem',
  problemKind: { refused: 'Refused', warning: 'Imported without this value' } as Record<
    string,
    string
  >,
  moreProblems: (n: number) => `…and ${n.toLocaleString('en-GB')} more.`,
  importButton: 'Import these results',
  cannotImport: 'This file cannot be imported as the columns are now:',
  otherFile: 'Upload another file',
  imported: 'Results imported',
  importedCounts: (c: { imported: number; added: number; updated: number; refused: number }) =>
    `${c.imported.toLocaleString('en-GB')} imported: ${c.added.toLocaleString('en-GB')} new, ${c.updated.toLocaleString('en-GB')} updated; ${c.refused.toLocaleString('en-GB')} refused.`,
  fileExpired: 'The uploaded file is no longer here (it is kept for 30 minutes). Upload it again.',
  noFile: 'Choose a results file to upload.',
  tooLargeRequest:
    'The file is too large: the console takes results files up to 9 MB. Split it, or import it with the command line (up to 20 MB).',
  apiDown: 'The server did not answer: nothing was changed. Try again in a moment.',
} as const;

/** One line for each feature of an event, in plain words. */
export const FLAG_TEXT: Record<keyof FeatureFlags, { label: string; hint: string }> = {
  show_all_images: {
    label: 'Show all photos',
    hint: 'The gallery shows every photo; off, visitors see only the photos their search finds.',
  },
  bib_search: {
    label: 'Bib search',
    hint: 'Visitors find their photos by typing their bib number.',
  },
  name_search: {
    label: 'Name search',
    hint: 'Visitors find their photos by their name (needs imported results).',
  },
  selfie_search: {
    label: 'Selfie search',
    hint: 'Visitors find their photos with a selfie; faces are read from each photo.',
  },
  show_total_photos_count: {
    label: 'Photo count',
    hint: 'Show how many photos the event has.',
  },
  show_timing_data: {
    label: 'Race results',
    hint: 'Show each runner’s time and place from the imported results.',
  },
  bulk_download: {
    label: 'Download all',
    hint: 'Runners can download all their photos at once, as one zip file.',
  },
  download_certificate: {
    label: 'Certificates',
    hint: 'Runners can download a finisher certificate with their time.',
  },
  enable_custom_certificate: {
    label: 'Own certificate design',
    hint: 'Certificates use this event’s own template instead of the standard one.',
  },
  video_enabled: {
    label: 'Runner videos',
    hint: 'Runners can make a short video of their photos.',
  },
  cta_enabled: {
    label: 'Call-to-action button',
    hint: 'A button to your own page, such as “Register for next year” (set below).',
  },
  client_enabled: {
    label: 'Co-branding',
    hint: 'Show the client’s name and logo beside yours (set in the details).',
  },
};
