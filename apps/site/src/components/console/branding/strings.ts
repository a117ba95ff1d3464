/** Every word of the Branding screen (console/branding). */
export const BRANDING_TEXT = {
  title: 'Branding',
  ownersOnly: (organiser: string) =>
    `Only an owner of ${organiser} may change the branding. Ask an owner to make the change, or to make you an owner.`,
  intro:
    'How your public site looks: logo, colour, header and footer. The preview shows your changes as you type; nothing changes on the site until you save.',
  unavailable:
    'The settings could not be loaded (the provider did not answer). Reload the page to try again.',
  saved: 'Saved. Your public site shows the new branding now.',
  logoSaved: 'The new logo is saved and shown on your public site.',
  logoRemoved: 'The logo is removed: your site shows your name instead.',
  errorTitle: 'Nothing was saved:',
  unsaved: 'Your other changes below are not saved yet: save them with “Save branding”.',
  logo: {
    legend: 'Logo',
    current: 'Current logo',
    none: 'No logo: your site shows your name.',
    file: 'Choose a new logo',
    hint: 'PNG, JPEG or WebP, at most 2 MB. It is shown up to 40 px high; a wide logo works best. SVG is not accepted.',
    upload: 'Upload logo',
    remove: 'Remove logo',
    tooLarge: (mb: string) =>
      `This file is ${mb} MB; a logo may be at most 2 MB. Make it smaller and try again.`,
    noFile: 'Choose an image file first.',
    wrongType:
      'This file is not a PNG, JPEG or WebP image. SVG is not accepted (it can carry script): save the logo as PNG.',
    previewing: 'Shown in the preview; upload it to use it on your site.',
  },
  colour: {
    legend: 'Theme colour',
    label: 'Theme colour (hex, such as #2E6F40)',
    picker: 'Pick a colour',
    contrastOk: (ratio: string, text: string) =>
      `${text} text on this colour has a contrast of ${ratio}:1 (WCAG AA needs 4.5:1).`,
    contrastWarning: (ratio: string, fallback: string, fallbackRatio: string) =>
      `White text on this colour has a contrast of only ${ratio}:1, below the 4.5:1 WCAG AA asks for: buttons and the filled header will use ${fallback} text (${fallbackRatio}:1) instead. Pick a darker colour to keep white text.`,
    invalid: 'Type a hex colour such as #2E6F40 to see it.',
  },
  header: {
    legend: 'Header',
    design: 'Header design',
    default: 'Light (white header, coloured accents)',
    fill: 'Filled (the header in your theme colour)',
    ctaText: 'Call-to-action text (empty for none)',
    ctaHref: 'Call-to-action link (https://…)',
    ctaPosition: 'Call-to-action position',
    left: 'Left, beside the logo',
    right: 'Right, beside the menu',
  },
  footer: {
    legend: 'Footer',
    text: 'Footer text',
    textHint: 'At most 500 characters.',
    privacy: 'Privacy policy link (https://…, empty for none)',
    poweredBy: 'Show “Powered by eventsite” in the footer',
    social: 'Social links',
    socialHint: 'Leave a row empty to drop it. Links must start with https:// or http://.',
    platform: (n: number) => `Platform of link ${n}`,
    url: (n: number) => `Address of link ${n}`,
    label: (n: number) => `Name shown for link ${n} (optional)`,
    labelPlaceholder: 'Name (optional)',
    other: 'Other',
  },
  save: 'Save branding',
  preview: {
    title: 'Preview of your home page',
    note: 'A preview: links in it do not work.',
    recent: 'Recent events',
    sample: 'Your events appear here',
  },
} as const;
