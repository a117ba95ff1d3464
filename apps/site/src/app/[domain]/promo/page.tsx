import type { Metadata } from 'next';
import { ListRoute, listMetadata } from '@/components/lists/listRoute';

type Props = { params: Promise<{ domain: string }> };

/** Organiser data is revalidated every 30 s; the page is kept (per organiser) as long. */
export const revalidate = 30;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return listMetadata('promo', (await params).domain);
}

/** The first page; the proxy sends `?page=2` and later to `p/[page]`. */
export default async function Page({ params }: Props) {
  return <ListRoute kind="promo" domain={(await params).domain} page={1} />;
}
