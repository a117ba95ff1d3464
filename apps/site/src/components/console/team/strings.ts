import type { ConsoleRole } from '@eventsite/contract';

/** Every word of the Team screen (console/team) and of the invitation page (console/invite). */
export const TEAM_TEXT = {
  title: 'Team',
  ownersOnly: (organiser: string) =>
    `Only an owner of ${organiser} may see and change the team. Ask an owner to invite or remove people.`,
  unavailable:
    'The team could not be loaded (the provider did not answer). Reload the page to try again.',
  users: 'People with access',
  columns: { email: 'Email', role: 'Role', created: 'Added', action: 'Action' },
  you: '(you)',
  remove: (email: string) => `Remove ${email}`,
  removeShort: 'Remove',
  removePassword: 'Your password',
  removePasswordFor: (email: string) => `Your own password, typed again to remove ${email}`,
  lastOwner: 'The only owner cannot be removed: invite another owner first.',
  removed: (email: string) => `${email} was removed; their sessions ended at once.`,
  roles: {
    owner: 'Owner — everything, including branding and the team',
    editor: 'Editor — events, photos, results; not branding or the team',
    photographer: 'Photographer — uploads photos only',
  } satisfies Record<ConsoleRole, string>,
  roleNames: { owner: 'Owner', editor: 'Editor', photographer: 'Photographer' } satisfies Record<
    ConsoleRole,
    string
  >,
  invite: {
    title: 'Invite someone',
    intro: 'They get a link that works once, for 7 days, to choose their password.',
    email: 'Their email',
    role: 'Role',
    password: 'Your own password',
    passwordHint: 'Typed again before anyone new gets access.',
    submit: 'Make invitation link',
    made: (email: string) => `Invitation for ${email} made. This link is shown once: copy it now.`,
    link: 'Invitation link',
    copy: 'Copy link',
    copied: 'Copied.',
    copyFailed: 'Could not copy: select the link and copy it.',
    emailed: (email: string) => `The link was also emailed to ${email}.`,
    notConfigured:
      'The link was not emailed (no mail server is set up for this site): copy it and send it yourself.',
    mailFailed:
      'The mail server did not take the email, so the link was not emailed: copy it and send it yourself.',
    expires: (when: string) => `Works once, until ${when}.`,
  },
  pending: 'Invitations not yet used',
  pendingNone: 'No invitation is waiting.',
  cancel: (email: string) => `Cancel the invitation of ${email}`,
  cancelShort: 'Cancel',
  cancelled: 'The invitation was cancelled: its link no longer works.',
  errors: {
    'last-owner':
      'The only owner cannot be removed: invite another owner first, then remove this one.',
    exists: 'This email already has access.',
    'invalid-email': 'Type an email address such as ana@example.com.',
    'invalid-role': 'Choose a role.',
    'not-found': 'That person or invitation is already gone.',
    unavailable: 'The provider did not answer, so nothing changed. Try again in a moment.',
    'owners-only': 'Only an owner may change the team.',
    password: 'Your password was not right, so nothing changed. Type it again.',
    limited: 'Too many wrong passwords: wait 15 minutes, then try again.',
  },
} as const;

export type TeamError = keyof typeof TEAM_TEXT.errors;

export function teamErrorOf(value: unknown): TeamError | null {
  return typeof value === 'string' && value in TEAM_TEXT.errors ? (value as TeamError) : null;
}

export const INVITE_TEXT = {
  title: 'Join the console',
  invited: (organiser: string, role: string, email: string) =>
    `You are invited to ${organiser} as ${role}, with the email ${email}. Choose a password to finish.`,
  password: 'Choose a password (at least 10 characters)',
  confirm: 'Type the password again',
  submit: 'Set password and sign in',
  unusable: 'This invitation link has been used or has expired. Ask an owner for a new one.',
  unavailable:
    'The invitation could not be checked (the provider did not answer). Reload the page to try again.',
  errors: {
    short: 'The password needs at least 10 characters.',
    mismatch: 'The two passwords are not the same.',
    unusable: 'This invitation link has been used or has expired. Ask an owner for a new one.',
    exists: 'This email already has access here: sign in with its password instead.',
    limited: 'Too many tries: wait a few minutes and try again.',
    unavailable: 'The provider did not answer, so nothing changed. Try again in a moment.',
  },
} as const;

export type InviteError = keyof typeof INVITE_TEXT.errors;

export function inviteErrorOf(value: unknown): InviteError | null {
  return typeof value === 'string' && value in INVITE_TEXT.errors ? (value as InviteError) : null;
}
