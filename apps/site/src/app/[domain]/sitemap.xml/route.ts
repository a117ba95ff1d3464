import { MAX_PAGE_SIZE } from '@eventsite/contract/constants';
import { eventHref } from '@/components/events/strings';
import { isAppDomain } from '@/lib/host';
import { requestOrigin } from '@/lib/seo';
import { sitemapXml, type SitemapEntry } from '@/lib/sitemap';
import { getEventsPage, getOrganiser } from '@/provider';

/** Built per request from the Host header (see requestOrigin), cached by visitors for 5 minutes. */
export const dynamic = 'force-dynamic';

/** Enough for any organiser's history while keeping one sitemap (50,000 URLs at most). */
const MAX_PAGES = 20;

/** Per host: this organiser's pages and events only. */
export async function GET(_request: Request, { params }: { params: Promise<{ domain: string }> }) {
  const { domain } = await params;
  if (!isAppDomain(domain)) return new Response('Not found', { status: 404 });
  const { unknown } = await getOrganiser(domain);
  if (unknown) return new Response('Not found', { status: 404 });
  const entries: SitemapEntry[] = [{ path: '/' }, { path: '/events' }, { path: '/promo' }, { path: '/contact-us' }];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { events, pagination, error } = await getEventsPage(domain, page, MAX_PAGE_SIZE);
    if (error) break;
    for (const event of events) entries.push({ path: eventHref(event.slug, 'photos'), lastModified: event.date });
    if (!pagination.has_next_page) break;
  }
  return new Response(sitemapXml(await requestOrigin(), entries), {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
}
