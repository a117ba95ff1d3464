import type { EventDetails, EventPhotosConfig, FooterConfig } from '@eventsite/contract';
import type { CallToAction, HeaderDesign } from '@/lib/header';
import type { PhotoRef } from '@/lib/photos';
import type { SocialLink } from '@/lib/social';

/** The organiser as the site shows it: every field already validated and defaulted. */
export interface Organiser {
  name: string;
  /** An http(s) logo URL, or null for the default logo. */
  logo: string | null;
  /** The plate under the logo over dark backgrounds (`#RRGGBB`, from the logo's own colours), or null. */
  logoPlate: string | null;
  themeColour: string;
  headerDesign: HeaderDesign;
  cta: CallToAction | null;
  gtmId: string | null;
  footer: SiteFooter;
}

/**
 * The footer: every field of the contract's footer configuration, each read on its own (strings
 * trimmed), with the social links checked one by one and 'Powered by' as a plain yes or no. A
 * field added to the contract arrives here with no change to the site's reading.
 */
export type SiteFooter = Omit<FooterConfig, 'socialMediaLinks' | 'hide9picBranding'> & {
  socialLinks: SocialLink[];
  showBranding: boolean;
};

/** An event as a card shows it. */
export interface EventCardData {
  id: number;
  name: string;
  /** `YYYY-MM-DD` */
  date: string;
  /** The path segment of its pages: the API's slug, or the id when that slug names no id. */
  slug: string;
  city: string;
  photos: PhotoRef[];
}

export interface EventPage {
  details: EventDetails;
  config: EventPhotosConfig;
  /** Banner image, only when enabled and an http(s) URL. */
  bannerUrl: string | null;
  /** Co-brand client logo, only when enabled and an http(s) URL. */
  clientLogo: string | null;
  /** Co-brand client name, only when enabled and set. */
  clientName: string | null;
}
