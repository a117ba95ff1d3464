import type { Metadata } from 'next';
import { GalleryRoute, galleryMetadata, type SearchParams } from '../photos/galleryRoute';

type Props = { params: Promise<{ domain: string; eventSlug: string }>; searchParams: Promise<SearchParams> };

/** A gallery URL with a query string (a search, a shared photo), rewritten here by the proxy. */
export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  return galleryMetadata(await params, await searchParams);
}

export default async function GallerySearchPage({ params, searchParams }: Props) {
  const [p, query] = await Promise.all([params, searchParams]);
  return GalleryRoute({ ...p, query });
}

/** Read per request: the visitor's grant of the event (a password gallery), or their query. */
export const dynamic = 'force-dynamic';
