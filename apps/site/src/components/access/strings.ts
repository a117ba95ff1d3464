import type { GateError } from '@/lib/gallery-access';

/** What the password page of a password gallery says (docs/private-galleries.md). */
export const ACCESS_TEXT = {
  title: 'This gallery is protected',
  intro: 'Enter the password you were given to see its photos. This device will remember it.',
  password: 'Password',
  submit: 'Open the gallery',
  expired: 'Your access to this gallery has ended. Enter the password again.',
  errors: {
    wrong: 'That password is not right. Check it and try again.',
    empty: 'Enter the password to open the gallery.',
    failed: 'The password could not be checked just now. Try again in a moment.',
  } satisfies Record<Exclude<GateError, 'limited'>, string>,
  limited: (minutes: number) => `Too many password attempts: try again in ${minutes} min.`,
} as const;
