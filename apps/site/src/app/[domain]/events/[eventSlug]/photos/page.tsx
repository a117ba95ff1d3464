import type { Metadata } from 'next';
import { GalleryRoute, galleryMetadata } from './galleryRoute';

type Props = { params: Promise<{ domain: string; eventSlug: string }> };

/** Spec §9: organiser and event data are revalidated every 30 s; the page is kept as long. */
export const revalidate = 30;

/** No event is prerendered at build time: each is rendered on its first visit, then kept. */
export function generateStaticParams(): { eventSlug: string }[] {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return galleryMetadata(await params, {});
}

/** The gallery without a query string: prerendered per organiser and event (ISR). */
export default async function GalleryPage({ params }: Props) {
  return GalleryRoute({ ...(await params), query: {} });
}
