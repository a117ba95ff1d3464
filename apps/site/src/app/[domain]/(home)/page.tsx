import type { Metadata } from 'next';
import { RecentEvents } from '@/components/home/RecentEvents';
import { pageMetadata, shareImage, siteOrigin } from '@/lib/seo';
import { getOrganiser, publicApiUrl } from '@/provider';

type Props = { params: Promise<{ domain: string }> };

/** Spec §9: organiser data is revalidated every 30 s; the page is kept (per organiser) as long. */
export const revalidate = 30;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { domain } = await params;
  const { organiser, recentEvents } = await getOrganiser(domain);
  return pageMetadata({
    title: organiser.name,
    description: `Event photos from ${organiser.name}: browse recent events and find your photos.`,
    siteName: organiser.name,
    path: '/',
    origin: siteOrigin(domain),
    image: shareImage(publicApiUrl(), recentEvents[0]?.photos[0], organiser.logo),
  });
}

/** Home: the data is the layout's (one call per render); `loading.tsx` is the loading text. */
export default async function HomePage({ params }: Props) {
  const { domain } = await params;
  return RecentEvents({ domain });
}
