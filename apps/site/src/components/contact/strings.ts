/** Contact, word for word (docs/requirements.md, Pages: Contact). */
export const CONTACT_STRINGS = {
  heading: 'Contact Us',
  errorTitle: 'Unable to load contact form',
  errorText: 'Failed to load contact form. Please try again later.',
  title: (organiser: string) => `Contact Us - ${organiser}`,
} as const;

/** The contact form's iframe is 600 pixels high. */
export const CONTACT_IFRAME_HEIGHT = 600;
