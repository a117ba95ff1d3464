import { BIB_PATTERN } from '@eventsite/contract/constants';
import { deepLinkPhoto } from '@/lib/gallery/search';
import { TEMPLATE_KINDS, type TemplateKind } from './schema';

/**
 * What a link into the editor asks it to open (`/events/{slug}/promo?template=&bib=&photo=`), as
 * the runner's page and the result card link it: the template, the bib whose result fills the
 * certificate, the photo a poster starts with. Anything unreadable is left out.
 */
export interface PromoIntent {
  template: TemplateKind | null;
  bib: string | null;
  photo: string | null;
}

/** Short names a link may use beside the templates' own. */
const ALIASES: Record<string, TemplateKind> = {
  certificate: 'certificate-landscape',
  poster: 'post-portrait',
};

/**
 * Reads the query string. A certificate is opened only where the event offers them
 * (`certificates`); a bib without a template opens the certificate (the result card's link).
 */
export function promoIntent(query: string, certificates: boolean): PromoIntent {
  const params = new URLSearchParams(query);
  const rawBib = params.get('bib')?.trim() ?? '';
  const bib = BIB_PATTERN.test(rawBib) ? rawBib : null;
  const name = params.get('template')?.trim().toLowerCase() ?? '';
  let template: TemplateKind | null = ALIASES[name] ?? ((TEMPLATE_KINDS as readonly string[]).includes(name) ? (name as TemplateKind) : null);
  if (template?.startsWith('certificate') && !certificates) template = null;
  if (!template && bib && certificates && !params.has('template')) template = 'certificate-landscape';
  return { template, bib, photo: deepLinkPhoto(params.get('photo')) };
}
