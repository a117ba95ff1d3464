/** The console's words, in one place. */
export const CONSOLE_TEXT = {
  title: 'Console',
  signInTitle: 'Sign in to the console',
  signInIntro: 'For the organiser’s team: run your events from here.',
  email: 'Email',
  password: 'Password',
  signIn: 'Sign in',
  signOut: 'Sign out',
  signOutEverywhere: 'Sign out everywhere',
  signOutEverywhereHint: 'Ends your sessions on every device.',
  signedInAs: (email: string, role: string) => `Signed in as ${email} (${role})`,
  events: 'Events',
  noEvents: 'No events yet.',
  published: 'Published',
  draft: 'Not published',
  photos: (n: number) => (n === 1 ? '1 photo' : `${n.toLocaleString('en-GB')} photos`),
  publicUrl: 'Public page',
  notPublicYet: 'Public once published:',
  eventsFailed: 'The events could not be loaded. Reload the page to try again.',
  errors: {
    refused: 'Email or password is not right',
    limited: 'Too many sign-in attempts. Wait a few minutes, then try again.',
    expired: 'Your session has ended. Sign in again.',
    unavailable: 'Signing in is not possible right now. Try again in a moment.',
  },
  signOutFailed:
    'Signing out did not reach the server, so your sessions are still open. Try again in a moment.',
  signedOut: 'You are signed out.',
  signedOutEverywhere: 'You are signed out on every device.',
  nav: {
    label: 'Console',
    events: 'Events',
    branding: 'Branding',
    inbox: 'Messages',
    team: 'Team',
  },
  eventNav: {
    label: (event: string) => `${event}: screens`,
    settings: 'Settings',
    photos: 'Photos',
    results: 'Results',
    bibs: 'Bibs by hand',
    findability: 'Findability',
    analytics: 'Analytics',
    watermark: 'Watermark and frames',
  },
  backToEvents: 'All events',
  newEvent: 'New event',
} as const;

export type ConsoleNotice =
  keyof typeof CONSOLE_TEXT.errors | 'signed-out' | 'signed-out-everywhere' | 'sign-out-failed';

/** The notice a `?notice=` names, or null for anything else. */
export function noticeOf(value: unknown): ConsoleNotice | null {
  const v = Array.isArray(value) ? value[0] : value;
  return typeof v === 'string' &&
    (v in CONSOLE_TEXT.errors ||
      v === 'signed-out' ||
      v === 'signed-out-everywhere' ||
      v === 'sign-out-failed')
    ? (v as ConsoleNotice)
    : null;
}
