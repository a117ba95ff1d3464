import { eventHref } from '@/components/events/strings';
import { isAppDomain } from '@/lib/host';
import { requestOrigin } from '@/lib/seo';
import { sitemapXml, type SitemapEntry } from '@/lib/sitemap';
import { getOrganiser, walkEvents } from '@/provider';

/** Built per request from the Host header (see requestOrigin), cached by visitors for 5 minutes. */
export const dynamic = 'force-dynamic';

/**
 * Per host: this organiser's pages and events only, its events list walked at the lists' own
 * page size (walkEvents: some 2,000 events at most, well within one sitemap's 50,000 URLs). A
 * list call that fails ends the walk: the sitemap lists what was read.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ domain: string }> }) {
  const { domain } = await params;
  if (!isAppDomain(domain)) return new Response('Not found', { status: 404 });
  const { unknown } = await getOrganiser(domain);
  if (unknown) return new Response('Not found', { status: 404 });
  const entries: SitemapEntry[] = [
    { path: '/' },
    { path: '/events' },
    { path: '/promo' },
    { path: '/contact-us' },
    { path: '/privacy' },
  ];
  await walkEvents(domain, (events) => {
    for (const event of events) entries.push({ path: eventHref(event.slug, 'photos'), lastModified: event.date });
    return false;
  }).catch(() => undefined);
  return new Response(sitemapXml(await requestOrigin(), entries), {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
}
