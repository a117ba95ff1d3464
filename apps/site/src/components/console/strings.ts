/** The console's words, in one place. */
export const CONSOLE_TEXT = {
  title: 'Console',
  consoleLabel: 'Console',
  viewSite: 'View the public site',
  account: 'Your account',
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
    held: 'Too many failed attempts came from your network, so the console is held back for it for up to 15 minutes. Wait, then reload the page.',
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
  signInLink: {
    offer: 'Forgot your password, or told to wait? Email me a sign-in link',
    title: 'Email me a sign-in link',
    intro:
      'Type the email you sign in with. If it has access here, a link that signs you in is emailed to it: it works once, for 15 minutes.',
    submit: 'Email me a sign-in link',
    sent: 'If this email has access here, a sign-in link is on its way. It works once, for 15 minutes: open it in this browser. Nothing came? Look in the spam folder, or ask again in a few minutes.',
    notOffered:
      'This site cannot email sign-in links (no mail server is set up). Sign in with your password, or ask an owner of your team for help.',
    back: 'Back to sign in',
    useTitle: 'Sign in with the emailed link',
    useIntro: 'This link signs you in to the console once. Continue to sign in.',
    use: 'Sign in',
    errors: {
      'invalid-email': 'Type an email address such as ana@example.com.',
      limited: 'Too many links asked for: wait 15 minutes, then ask again.',
      unusable:
        'This sign-in link has been used or has expired. Ask for a new one below, or sign in with your password.',
      unavailable: 'The provider did not answer, so no link was sent. Try again in a moment.',
    },
  },
  backToEvents: 'All events',
  newEvent: 'New event',
} as const;

export type SignInLinkError = keyof typeof CONSOLE_TEXT.signInLink.errors;

/** The sign-in link page's error a `?error=` names, or null. */
export function signInLinkErrorOf(value: unknown): SignInLinkError | null {
  return typeof value === 'string' && value in CONSOLE_TEXT.signInLink.errors
    ? (value as SignInLinkError)
    : null;
}

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
