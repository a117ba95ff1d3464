import type { EventAccessLevel } from '@eventsite/contract';

/** The console's Access section of an event's settings (docs/private-galleries.md). */
export const ACCESS_SETTINGS_TEXT = {
  title: 'Access',
  intro: 'Who can open this event’s gallery.',
  levels: {
    public: {
      label: 'Public',
      hint: 'Listed on your site (home, events, promo, sitemap) and open to everyone.',
    },
    unlisted: {
      label: 'Unlisted',
      hint: 'Left out of your site’s lists and sitemap, and not indexed. Anyone with its link can open it; its link carries a secret key, so the gallery cannot be found without it.',
    },
    password: {
      label: 'Password',
      hint: 'Left out of the lists. Visitors enter a password once on each device; its photos, searches, downloads and link previews need it.',
    },
  } satisfies Record<EventAccessLevel, { label: string; hint: string }>,
  password: 'Gallery password',
  passwordHint: 'At least 6 characters. Share it with the people who may see the photos.',
  passwordKeep:
    'A password is set. Leave this empty to keep it, or type a new one: everyone will be asked for the new one.',
  save: 'Save access',
  needsPassword: 'Enter a password of at least 6 characters for a password gallery.',
  tooShort: 'A gallery password has at least 6 characters.',
  tooLong: 'A gallery password has at most 200 characters.',
  unavailable: 'The access could not be read just now.',
  link: 'The gallery’s link (share it with the people who may see the photos):',
} as const;

/** The notices the settings screen shows after a change of access (`?notice=`). */
export const ACCESS_NOTICES: Record<string, string> = {
  'access-public': 'The gallery is public: listed on your site and open to everyone.',
  'access-unlisted': 'The gallery is unlisted: open to anyone with its link, and off your lists.',
  'access-password': 'The gallery is password-protected: visitors are asked for its password.',
};
