import type { Metadata } from 'next';
import { EventsListPage } from '@/components/lists/EventsListPage';
import { PROMO_LIST } from '@/components/lists/strings';
import { parsePage } from '@/lib/pagination';
import { pageMetadata, requestOrigin, shareImage } from '@/lib/seo';
import { getOrganiser, publicApiUrl } from '@/provider';

type Props = {
  params: Promise<{ domain: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { domain } = await params;
  const [{ organiser, recentEvents }, origin] = await Promise.all([getOrganiser(domain), requestOrigin()]);
  return pageMetadata({
    title: PROMO_LIST.title(organiser.name),
    description: PROMO_LIST.intro,
    siteName: organiser.name,
    path: '/promo',
    origin,
    image: shareImage(publicApiUrl(), recentEvents[0]?.photos[0], organiser.logo),
  });
}

export default async function PromoEventsPage({ params, searchParams }: Props) {
  const [{ domain }, query] = await Promise.all([params, searchParams]);
  return (
    <EventsListPage
      domain={domain}
      page={parsePage(query.page)}
      mode="promo"
      heading={PROMO_LIST.heading}
      intro={PROMO_LIST.intro}
      error={PROMO_LIST.error}
      basePath="/promo"
    />
  );
}
