import type { Metadata } from 'next';
import { ListRoute, listMetadata, listPageNumber } from '@/components/lists/listRoute';

type Props = { params: Promise<{ domain: string; page: string }> };

export function generateStaticParams(): { page: string }[] {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return listMetadata('events', (await params).domain);
}

/** `/events?page=N` (N > 1), rewritten here by the proxy. */
export default async function Page({ params }: Props) {
  const { domain, page } = await params;
  return <ListRoute kind="events" domain={domain} page={listPageNumber(page)} />;
}
