import { RecentEvents } from '@/components/home/RecentEvents';

type Props = { params: Promise<{ domain: string }> };

/**
 * Home: the data and the metadata are the layout's (one call per render; the layout's metadata
 * describes the organiser's home page); `loading.tsx` is the loading text.
 */
export default async function HomePage({ params }: Props) {
  const { domain } = await params;
  return RecentEvents({ domain });
}
