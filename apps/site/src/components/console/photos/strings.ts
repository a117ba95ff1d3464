/** The words of an event's Photos screen in the console. */
export const PHOTOS_TEXT = {
  title: (event: string) => `${event}: photos`,
  noEvent: 'This event does not exist, or is not one of yours.',
  eventsFailed: 'The event could not be loaded. Reload the page to try again.',
  upload: {
    heading: 'Upload photos',
    intro:
      'JPEG, PNG or WebP. Drop files or whole folders; uploads resume after a lost connection or a closed tab (choose the same files again).',
    drop: 'Drop photos or folders here',
    or: 'or',
    chooseFiles: 'Choose photos',
    chooseFolder: 'Choose a folder',
    pause: 'Pause',
    resume: 'Resume',
    clearDone: 'Clear finished',
    overall: (done: number, total: number) => `${done} of ${total} files finished`,
    bytes: (sent: string, total: string) => `${sent} of ${total}`,
    counts: (c: { uploaded: number; duplicates: number; refused: number; waiting: number }) =>
      [
        `${c.uploaded} uploaded`,
        `${c.duplicates} already in the event`,
        `${c.refused} refused`,
        `${c.waiting} waiting`,
      ].join(' · '),
    noScript: 'Uploading needs JavaScript. Everything else on this page works without it.',
    state: {
      waiting: 'Waiting',
      uploading: 'Uploading',
      paused: 'Paused',
      retrying: 'Connection lost: resuming…',
      done: 'Uploaded',
      duplicate: 'Already in this event: skipped',
      refused: 'Refused',
    },
    notImage: 'Not a JPEG, PNG or WebP image',
    empty: 'The file is empty',
    sessionEnded: 'Your session has ended: sign in again, then choose the files again to resume.',
    listLabel: 'Files being uploaded',
    moreFiles: (n: number) => `and ${n} more`,
  },
  processing: {
    heading: 'Processing',
    explain:
      'A photo is ready once it is in the gallery and its bib numbers and faces are read: then visitors can find it.',
    ready: 'Photos ready',
    reading: 'Photos still being read',
    failed: 'Photos that failed',
    arriving: (n: number) =>
      n === 1
        ? '1 upload is being made ready for the gallery.'
        : `${n.toLocaleString('en-GB')} uploads are being made ready for the gallery.`,
    found: (bibs: number, faces: number, total: number) =>
      `Bibs read on ${bibs.toLocaleString('en-GB')} of ${total.toLocaleString('en-GB')} photos · faces found on ${faces.toLocaleString('en-GB')}`,
    idle: 'Nothing is waiting.',
    working: 'Working… this updates by itself.',
    failures: 'Failures',
    retry: 'Retry',
    retrying: 'Retrying (will try again)',
    kind: { ingest: 'Photo', bibs: 'Bib reading', faces: 'Faces', redact: 'Blurring' } as Record<
      string,
      string
    >,
    failedToLoad: 'Progress could not be loaded: trying again.',
    showNew: 'Show the new photos',
  },
  manage: {
    heading: 'Photos',
    count: (n: number) => (n === 1 ? '1 photo' : `${n.toLocaleString('en-GB')} photos`),
    none: 'No photos yet: upload some above.',
    preparing: 'Your photos are being made ready: they appear here by themselves in a moment.',
    failed: 'The photos could not be loaded. Reload the page to try again.',
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
    previous: 'Previous page',
    next: 'Next page',
    pagination: 'Pages of photos',
    bibs: 'Bibs',
    noBibs: 'No bib read',
    hidden: 'Hidden',
    cover: 'Cover',
    hide: 'Hide',
    restore: 'Restore',
    makeCover: 'Make cover',
    removeCover: 'Remove cover',
    delete: 'Delete',
    confirmDelete: 'Delete this photo for good? It cannot be undone.',
    confirm: 'Delete for good',
    cancel: 'Cancel',
    /** A photo's name: its file's, or its place in the list for photos made before names were kept. */
    name: (fileName: string | null, n: number) => fileName ?? `Photo ${n}`,
    photoAlt: (name: string, bibs: string) => (bibs ? `${name}, bibs ${bibs}` : name),
    added: 'Added',
  },
  notices: {
    hidden: 'The photo is hidden: visitors no longer see it.',
    restored: 'The photo is shown to visitors again.',
    deleted: 'The photo was deleted.',
    cover: 'The cover photo was set.',
    uncovered: 'The event has no cover photo now.',
    retried: 'The job was queued again.',
    unhidden: 'The request was undone: those faces are shown and found again.',
  } as Record<string, string>,
} as const;

/** "Hide me" requests, for the organiser: what each blurred, and its undo. */
export const HIDE_REQUESTS_TEXT = {
  heading: 'Hide me requests',
  explain:
    'Visitors who asked for their face to be blurred on this event’s photos. Each request blurred the faces they confirmed were theirs, and blurs them on photos added later. Undo one to show and find those faces again.',
  none: 'Nobody has asked to be hidden on this event.',
  failed: 'The hide requests could not be loaded. Reload the page to try again.',
  when: 'Asked on',
  what: 'Blurred',
  blurred: (faces: number, photos: number) =>
    `${faces} ${faces === 1 ? 'face' : 'faces'} on ${photos} ${photos === 1 ? 'photo' : 'photos'}`,
  undo: 'Undo',
  undoLabel: (when: string) => `Undo the request of ${when}`,
} as const;

export const MB = 1024 * 1024;
export const megabytes = (bytes: number) =>
  bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
