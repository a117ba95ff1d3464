/** Spec §2, Contact, word for word. */
export const CONTACT_STRINGS = {
  heading: 'Contact Us',
  errorTitle: 'Unable to load contact form',
  errorText: 'Failed to load contact form. Please try again later.',
  title: (organiser: string) => `Contact Us - ${organiser}`,
} as const;

/** Spec §9. */
export const CONTACT_IFRAME_HEIGHT = 600;
