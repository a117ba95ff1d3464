import type { IndexedFaces } from '@eventsite/contract';

/** The console's face data of an event: whose faces are stored, what is held, its erase. */
export const FACE_DATA_TEXT = {
  indexed: 'Whose faces are stored',
  indexedChoices: {
    everyone: {
      label: 'Everyone in the photos',
      hint: 'Every clear face is described and stored. Runners, spectators and volunteers can all find their photos with a selfie.',
    },
    runners: {
      label: 'Only runners (a face above a bib)',
      hint: 'A face is stored only when a bib is read just below it. Spectators and passers-by are not stored and no selfie finds them. A runner is not found by selfie on a photo where their bib is hidden, turned away or not read (bib search finds the photos where it was read).',
    },
  } satisfies Record<IndexedFaces, { label: string; hint: string }>,
  indexedChangeHint:
    'Changing this finds the faces on every photo again under the new choice: on a large event it takes a while.',
  held: 'Face data held now',
  templates: 'Face templates stored',
  photos: 'Photos they come from',
  hideRequests: 'Hide-me requests',
  deletedOn: 'Deleted by the retention on',
  erasedOn: 'Last erased',
  unavailable: 'The face data held could not be read just now. Reload the page to try again.',
  none: 'No face data is held for this event.',
  updating: (left: number, photos: number) =>
    `Updating face search: ${left} of ${photos} ${photos === 1 ? 'photo' : 'photos'} left`,
  updatingWhy:
    'Faces found before the current face model are being described again with it, in the background. Selfie search works meanwhile and finds those photos a little less well until they are done.',
  erase: 'Erase face data…',
  eraseWhat: (faces: number, photos: number) =>
    `This deletes the ${faces} face ${faces === 1 ? 'template' : 'templates'} found on ${photos} ${photos === 1 ? 'photo' : 'photos'}, now and for good. Selfie search then tells visitors the face data was erased. Photos, bibs and names stay searchable, and blurred faces stay blurred.`,
  eraseAfter:
    'Hide-me requests are kept, to blur their senders on photos added later. While selfie search is on, photos added later are scanned again: turn selfie search off to stop that.',
  eraseConfirm: (faces: number) =>
    `Yes, erase ${faces} face ${faces === 1 ? 'template' : 'templates'}`,
  erased: (faces: number) =>
    `Face data erased: ${faces} face ${faces === 1 ? 'template was' : 'templates were'} deleted. Selfie search now tells visitors the face data was erased.`,
};
