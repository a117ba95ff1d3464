import { RecentEvents } from '@/components/home/RecentEvents';

type Props = { params: Promise<{ domain: string }> };

/** Organiser data is revalidated every 30 s; the page is kept (per organiser) as long. */
export const revalidate = 30;

/**
 * Home: the data and the metadata are the layout's (one call per render; the layout's metadata
 * describes the organiser's home page); `loading.tsx` is the loading text.
 */
export default async function HomePage({ params }: Props) {
  const { domain } = await params;
  return RecentEvents({ domain });
}
