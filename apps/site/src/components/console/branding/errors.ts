/** What a refused Branding change says: codes in the URL, words here (no text comes from a URL). */
export const BRANDING_ERRORS = {
  invalid: 'Some fields need a change: see the messages next to them.',
  refused: 'The provider refused these settings. Check the fields and try again.',
  unavailable: 'The provider did not answer, so nothing was saved. Try again in a moment.',
  'logo-missing': 'Choose an image file first.',
  'logo-too-large': 'This file is larger than 2 MB: make the logo smaller and try again.',
  'logo-svg':
    'SVG logos are not accepted (an SVG file can carry script): save the logo as PNG or WebP and upload that.',
  'logo-type': 'This file is not a PNG, JPEG or WebP image: choose one of those.',
  'logo-unreadable':
    'This image cannot be read (the file may be damaged or cut off): export it again and try again.',
  'owners-only': 'Only an owner may change the branding.',
} as const;

export type BrandingError = keyof typeof BRANDING_ERRORS;

export function brandingErrorOf(value: unknown): BrandingError | null {
  return typeof value === 'string' && value in BRANDING_ERRORS ? (value as BrandingError) : null;
}

/** The code for an API refusal of a logo upload, by its status and message. */
export function logoErrorOf(status: number | null, message: string): BrandingError {
  if (status === null || status >= 500) return 'unavailable';
  if (status === 403) return 'owners-only';
  if (status === 413) return 'logo-too-large';
  if (status === 415) return /svg/i.test(message) ? 'logo-svg' : 'logo-type';
  if (status === 400) return /empty/i.test(message) ? 'logo-missing' : 'logo-unreadable';
  return 'refused';
}
