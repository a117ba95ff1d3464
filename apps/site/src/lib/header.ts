import type { ExtraConfig, HeaderCta } from '@eventsite/contract';
import { httpUrlOrNull } from './url';

export type HeaderDesign = 'default' | 'fill';

export interface CallToAction {
  text: string;
  href: string;
  position: 'left' | 'right';
}

/** The header design is fill only if given as fill. */
export function headerDesign(value: unknown): HeaderDesign {
  return value === 'fill' ? 'fill' : 'default';
}

/**
 * The call-to-action needs non-empty text and href (and only an http(s) href may
 * become a link); it sits on the right unless given as left.
 */
export function callToAction(cta: Partial<HeaderCta> | undefined): CallToAction | null {
  const text = (cta?.text ?? '').trim();
  const href = httpUrlOrNull((cta?.href ?? '').trim());
  if (text === '' || !href) return null;
  return { text, href, position: cta?.position === 'left' ? 'left' : 'right' };
}

/** Google Tag Manager only for a valid container id. */
export const GTM_ID_PATTERN = /^GTM-[A-Z0-9]+$/;

export function gtmId(config: Partial<ExtraConfig> | undefined): string | null {
  const id = (config?.googleTagManagerId ?? '').trim();
  return GTM_ID_PATTERN.test(id) ? id : null;
}
