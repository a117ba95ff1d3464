/** The header navigation: Home, Events, Contact. */
export const NAV_ITEMS = [
  { href: '/', label: 'Home' },
  { href: '/events', label: 'Events' },
  { href: '/contact-us', label: 'Contact' },
] as const;
