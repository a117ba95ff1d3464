import type { CtaConfig } from '@eventsite/contract';
import { httpUrlOrNull } from '@/lib/url';
import type { GallerySearch } from './search';

export interface GalleryCta {
  text: string;
  href: string;
  top: boolean;
  bottom: boolean;
}

/**
 * The gallery's call-to-action (cta_enabled): only with text and an absolute http(s) url; with
 * `pass_search` the current bib search rides along as `bib=` (replacing one already there).
 */
export function galleryCta(enabled: boolean, config: CtaConfig, search: GallerySearch | null = null): GalleryCta | null {
  if (!enabled) return null;
  const text = config.text.trim();
  const base = httpUrlOrNull(config.url);
  if (!text || !base) return null;
  const url = new URL(base);
  if (config.pass_search && search?.kind === 'bib') url.searchParams.set('bib', search.value);
  return { text, href: url.toString(), top: config.placement !== 'bottom', bottom: config.placement !== 'top' };
}
