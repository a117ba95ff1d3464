import { DEFAULT_THEME_COLOUR, PROVIDER_NAME } from '@eventsite/contract/constants';
import { eventConfig, type EventSummary, type OrganiserData } from '@eventsite/contract';
import { themeColour } from '@/lib/colour';
import { callToAction, gtmId, headerDesign } from '@/lib/header';
import { parsePhotoRefs } from '@/lib/photos';
import { parseEventSlug } from '@/lib/slug';
import { socialLinks } from '@/lib/social';
import { httpUrlOrNull } from '@/lib/url';
import type { EventCardData, EventPage, Organiser } from './model';

/** Spec §8: the organiser name falls back to the provider's name. */
export function organiserName(name: string | undefined | null): string {
  const trimmed = (name ?? '').trim();
  return trimmed === '' ? PROVIDER_NAME : trimmed;
}

export function reshapeOrganiser(data: Pick<OrganiserData, 'name' | 'logo' | 'extra_config'>): Organiser {
  const extra = data.extra_config;
  const footer = extra.footer_config;
  return {
    name: organiserName(data.name),
    logo: httpUrlOrNull(data.logo),
    themeColour: themeColour(extra.themeColor, DEFAULT_THEME_COLOUR),
    headerDesign: headerDesign(extra.headerDesign),
    cta: callToAction(extra.headerCta),
    gtmId: gtmId(extra),
    footer: {
      text: footer.footerText.trim(),
      socialLinks: socialLinks(footer.socialMediaLinks),
      showBranding: footer.hide9picBranding !== true,
    },
  };
}

export function reshapeEventSummary(event: EventSummary): EventCardData {
  const slugId = parseEventSlug(event.event_slug);
  return {
    id: event.event_id,
    name: event.event_name.trim(),
    date: event.event_date,
    slug: slugId === event.event_id ? event.event_slug : String(event.event_id),
    city: event.location.location_city.trim(),
    photos: parsePhotoRefs(event.event_photos),
  };
}

/** Spec §2: this is the mapping whose failure the gallery shows as 'Error Loading Event'. */
export function reshapeEventConfig(raw: unknown): EventPage {
  const { event_details, event_photos_config } = eventConfig.parse(raw);
  const banner = event_photos_config.banner_config;
  return {
    details: { ...event_details, name: event_details.name.trim() },
    config: event_photos_config,
    bannerUrl: banner.enabled ? httpUrlOrNull(banner.image_url) : null,
    clientLogo: event_photos_config.feature_flag.client_enabled ? httpUrlOrNull(event_details.client.logo) : null,
    clientName: event_photos_config.feature_flag.client_enabled ? event_details.client.name.trim() || null : null,
  };
}
