import type { Metadata } from 'next';
import { pageMetadata, shareImage, siteOrigin } from '@/lib/seo';
import { getOrganiser, publicApiUrl } from '@/provider';

/**
 * The metadata of an organiser's page: its title and description (from the organiser's name),
 * the site's name, the canonical path, and the latest event's first photo (or the logo) as the
 * link preview. The organiser data is the layout's (cached; one call per render).
 */
export async function organiserPageMetadata(
  domain: string,
  page: { title: (name: string) => string; description: (name: string) => string; path: string },
): Promise<Metadata> {
  const { organiser, recentEvents } = await getOrganiser(domain);
  return pageMetadata({
    title: page.title(organiser.name),
    description: page.description(organiser.name),
    siteName: organiser.name,
    path: page.path,
    origin: siteOrigin(domain),
    image: shareImage(publicApiUrl(), recentEvents[0]?.photos[0], organiser.logo),
  });
}
