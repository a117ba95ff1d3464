import type { Metadata } from 'next';
import { EventsListPage } from '@/components/lists/EventsListPage';
import { EVENTS_LIST } from '@/components/lists/strings';
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
    title: EVENTS_LIST.title(organiser.name),
    description: `All events from ${organiser.name}: open an event to browse its photos.`,
    siteName: organiser.name,
    path: '/events',
    origin,
    image: shareImage(publicApiUrl(), recentEvents[0]?.photos[0], organiser.logo),
  });
}

export default async function EventsPage({ params, searchParams }: Props) {
  const [{ domain }, query] = await Promise.all([params, searchParams]);
  return (
    <EventsListPage
      domain={domain}
      page={parsePage(query.page)}
      mode="photos"
      heading={EVENTS_LIST.heading}
      error={EVENTS_LIST.error}
      basePath="/events"
    />
  );
}
