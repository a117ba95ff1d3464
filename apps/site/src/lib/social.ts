import { SOCIAL_PLATFORMS } from '@eventsite/contract/constants';
import type { SocialMediaLink } from '@eventsite/contract';
import { httpUrlOrNull } from './url';

export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

export type SocialIcon =
  | { kind: 'platform'; platform: SocialPlatform }
  | { kind: 'custom'; src: string }
  | { kind: 'generic' };

export interface SocialLink {
  platform: string;
  url: string;
  label: string;
  icon: SocialIcon;
}

function isAbsoluteUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** A custom icon if `icon` is an http(s) URL, else by platform name, else a generic link. */
export function socialIcon(platform: string, icon: string): SocialIcon {
  const custom = httpUrlOrNull(icon);
  if (custom) return { kind: 'custom', src: custom };
  const name = platform.trim().toLowerCase();
  const known = SOCIAL_PLATFORMS.find((p) => p === name);
  return known ? { kind: 'platform', platform: known } : { kind: 'generic' };
}

const PLATFORM_LABELS: Record<SocialPlatform, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  twitter: 'Twitter',
  linkedin: 'LinkedIn',
  x: 'X',
  whatsapp: 'WhatsApp',
};

/**
 * A link is kept only if platform and url are non-empty and the url is a valid absolute
 * URL. Only http(s) URLs may become links, so other schemes (javascript:, data:) are dropped too.
 */
export function socialLinks(links: readonly Partial<SocialMediaLink>[] | undefined): SocialLink[] {
  const kept: SocialLink[] = [];
  for (const link of links ?? []) {
    const platform = (link.platform ?? '').trim();
    const raw = (link.url ?? '').trim();
    if (platform === '' || raw === '' || !isAbsoluteUrl(raw)) continue;
    const url = httpUrlOrNull(raw);
    if (!url) continue;
    const icon = socialIcon(platform, link.icon ?? '');
    const named = icon.kind === 'platform' ? PLATFORM_LABELS[icon.platform] : platform;
    kept.push({ platform, url, label: (link.label ?? '').trim() || named, icon });
  }
  return kept;
}
