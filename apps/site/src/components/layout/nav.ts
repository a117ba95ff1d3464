/** Spec §2: the header navigation. */
export const NAV_ITEMS = [
  { href: '/', label: 'Home' },
  { href: '/events', label: 'Events' },
  { href: '/contact-us', label: 'Contact' },
] as const;
