import type { Metadata } from 'next';
import { ListRoute, listMetadata } from '@/components/lists/listRoute';

type Props = { params: Promise<{ domain: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return listMetadata('events', (await params).domain);
}

/** The first page; the proxy sends `?page=2` and later to `p/[page]`. */
export default async function Page({ params }: Props) {
  return <ListRoute kind="events" domain={(await params).domain} page={1} />;
}
