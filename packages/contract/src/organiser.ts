import { z } from 'zod';
import { DEFAULT_THEME_COLOUR } from './constants.js';
import { appDomain, hexColour, httpUrl } from './primitives.js';
import { eventSummary } from './event.js';

/**
 * On the wire the social link is loose (the site re-validates each one); the
 * organiser config file accepted by the CLI uses the strict form below.
 */
export const socialMediaLink = z.object({
  platform: z.string().max(64),
  url: z.string().max(2048),
  icon: z.string().max(2048),
  label: z.string().max(120),
});
export type SocialMediaLink = z.infer<typeof socialMediaLink>;

export const headerCta = z.object({
  text: z.string().max(60),
  href: z.string().max(2048),
  position: z.enum(['left', 'right']),
});
export type HeaderCta = z.infer<typeof headerCta>;

export const footerConfig = z.object({
  hide9picBranding: z.boolean(),
  footerText: z.string().max(500),
  socialMediaLinks: z.array(socialMediaLink).max(20),
  /** The organiser's privacy policy, linked in the footer; '' for none. */
  privacyPolicyUrl: z.string().max(2048),
});
export type FooterConfig = z.infer<typeof footerConfig>;

/** The organiser's `extra_config`, every field the site reads. */
export const extraConfig = z.object({
  themeColor: z.string().max(16),
  googleTagManagerId: z.string().max(32),
  headerDesign: z.enum(['default', 'fill']),
  headerCta: headerCta,
  footer_config: footerConfig,
  /**
   * The colour of the plate the logo is shown on over dark backgrounds and photos (certificates,
   * posters, the race video's end card), `#RRGGBB`: chosen from the logo's own colours when it is
   * uploaded; empty for none (the site then picks white).
   */
  logoPlate: z.string().max(16).optional(),
});
export type ExtraConfig = z.infer<typeof extraConfig>;

/** The `extra_config` of an organiser that set nothing. */
export const DEFAULT_EXTRA_CONFIG: ExtraConfig = {
  themeColor: DEFAULT_THEME_COLOUR,
  googleTagManagerId: '',
  headerDesign: 'default',
  headerCta: { text: '', href: '', position: 'right' },
  footer_config: { hide9picBranding: false, footerText: '', socialMediaLinks: [], privacyPolicyUrl: '' },
  logoPlate: '',
};

/** `GET /api/v1/client/events/organiser/data`: organiser config and recent events. */
export const organiserData = z.object({
  name: z.string(),
  logo: z.string(),
  extra_config: extraConfig,
  recent_events: z.array(eventSummary),
});
export type OrganiserData = z.infer<typeof organiserData>;

/** `GET /api/v1/client/events/organiser/contact-us`: where the contact form is. */
export const contactUs = z.object({
  contact_us: z.object({
    form: z.object({
      iframeSrc: z.string(),
      scriptSrc: z.string(),
    }),
  }),
});
export type ContactUs = z.infer<typeof contactUs>;

/**
 * `GET /api/v1/client/events/organiser/about-us`: the site's requirements give it no shape; ours is the
 * organiser's public profile.
 */
export const aboutUs = z.object({
  name: z.string(),
  description: z.string(),
  logo: z.string(),
  website: z.string(),
  contact_email: z.string(),
  links: z.array(socialMediaLink),
  events_count: z.number().int().nonnegative(),
});
export type AboutUs = z.infer<typeof aboutUs>;

/* ---------- What operators write: the organiser config file of the CLI ---------- */

const GTM_ID = /^GTM-[A-Z0-9]{4,12}$/;

export const socialMediaLinkInput = z.object({
  platform: z.string().trim().min(1).max(64),
  url: httpUrl,
  /** Empty for the platform's own icon, else the image's absolute http(s) URL. */
  icon: z.union([httpUrl, z.literal('')]).default(''),
  label: z.string().max(120).default(''),
});

/**
 * The organiser's `extra_config` as an operator writes it: any field may be given, each checked
 * strictly (the site's own reading is lenient); the rest are {@link DEFAULT_EXTRA_CONFIG}. The API
 * stores it as one document and serves it merged over the defaults, as it does an event's
 * `event_photos_config`.
 */
export const extraConfigPatch = z
  .object({
    themeColor: hexColour,
    logoPlate: z.union([hexColour, z.literal('')]),
    googleTagManagerId: z.union([
      z.string().regex(GTM_ID, 'must look like GTM-XXXXXXX'),
      z.literal(''),
    ]),
    headerDesign: z.enum(['default', 'fill']),
    headerCta: z
      .object({
        text: z.string().trim().max(60),
        href: z.union([httpUrl, z.literal('')]),
        position: z.enum(['left', 'right']),
      })
      .partial()
      .strict(),
    footer_config: z
      .object({
        hide9picBranding: z.boolean(),
        footerText: z.string().max(500),
        socialMediaLinks: z.array(socialMediaLinkInput).max(20),
        privacyPolicyUrl: z.union([httpUrl, z.literal('')]),
      })
      .partial()
      .strict(),
  })
  .partial()
  .strict();
export type ExtraConfigPatch = z.infer<typeof extraConfigPatch>;

/** The organiser config file: `npm run cli -- organiser apply <file.json>`. */
export const organiserInput = z
  .object({
    name: z.string().trim().min(1, 'is required').max(120),
    domains: z.array(appDomain).min(1, 'needs at least one domain').max(20),
    logo: z.union([httpUrl, z.literal('')]).default(''),
    description: z.string().max(2000).default(''),
    website: z.union([httpUrl, z.literal('')]).default(''),
    contact_email: z.union([z.email(), z.literal('')]).default(''),
    expiry_at: z.iso.datetime({ offset: true }).nullable().default(null),
    /** Only what the operator sets; the rest is {@link DEFAULT_EXTRA_CONFIG} when served. */
    extra_config: extraConfigPatch.default({}),
    contact_form: z
      .object({
        /** Another form to embed instead of the one the API hosts; empty for ours. */
        iframeSrc: z.union([httpUrl, z.literal('')]).default(''),
        scriptSrc: z.union([httpUrl, z.literal('')]).default(''),
        /** Where the hosted form's messages are also announced; stored messages are always kept. */
        notify_email: z.union([z.email(), z.literal('')]).default(''),
      })
      .strict()
      .default({ iframeSrc: '', scriptSrc: '', notify_email: '' }),
  })
  .strict();
export type OrganiserInput = z.infer<typeof organiserInput>;
