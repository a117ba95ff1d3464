/** The selfie search's words, apart from the gallery's others: its panel loads on first use. */

/** Selfie search's panel: the consent step first, then each state in its own words. */
export const SELFIE_TEXT = {
  consentTitle: 'Before you use a selfie',
  consent:
    'Your selfie is processed on this device. Only a description of your face (numbers, not a picture) is sent to find your photos, and it is not kept.',
  privacy: 'How face data is used and kept',
  newTab: ' (opens in a new tab)',
  agree: 'Continue',
  cancel: 'Cancel',
  declined: 'Selfie search stays off. You can turn it on at any time.',
  reopen: 'Use a selfie',
  take: 'Take a selfie',
  choose: 'Choose a photo',
  chooseAnother: 'Choose another photo',
  loading: 'Getting face matching ready…',
  describing: 'Looking for your face…',
  searching: 'Finding your photos…',
  several: (n: number) => `We found ${n} faces on your photo and looked for the largest one.`,
  noFace: 'We couldn’t find a face on this photo. Try one where your face is clear, facing the camera and well lit.',
  unreadable: 'This file isn’t a photo we can read. Try a JPEG, PNG or WebP image.',
  small: 'Your face is too small on this photo to find you. Come closer, so that your face fills much of the picture.',
  blurred: 'This photo is too blurred to find you. Hold the phone still, in good light, and take it again.',
  turned: 'Your face is turned away on this photo. Look straight at the camera, without sunglasses, and take it again.',
  model: 'Face matching can’t run in this browser. Try an up-to-date browser, or search another way.',
  apiDown: 'We couldn’t reach the photo service. Check your connection and try again.',
} as const;
