import type { Unidentifiable } from '../faces/quality.js';

/** What a visitor is told when selfie search cannot answer. */
export const SELFIE_SEARCH_OFF_MESSAGE = 'Selfie search is turned off for this event.';
/** FACES_ENABLED=false: no face is detected or searched anywhere on the platform. */
export const PLATFORM_FACES_OFF_MESSAGE =
  'Selfie search is not offered here: face recognition is turned off on this platform. Search by bib number or name instead.';
export const NO_FACE_MESSAGE =
  'No face was found on the selfie: take it facing the camera, in good light, with the face filling much of the picture.';
/** What to change when the selfie's face cannot identify anyone (faces/quality.ts). */
export const POOR_SELFIE_MESSAGES: Record<Unidentifiable, string> = {
  small:
    'The face on the selfie is too small to find you: come closer, so that your face fills much of the picture.',
  blurred:
    'The selfie is too blurred to find you: hold the phone still, in good light, and take it again.',
  turned:
    'The face on the selfie is turned away: look straight at the camera, without sunglasses, and take it again.',
};
export const UNREADABLE_SELFIE_MESSAGE =
  'The selfie is not a photo we can read (JPEG, PNG or WebP).';
