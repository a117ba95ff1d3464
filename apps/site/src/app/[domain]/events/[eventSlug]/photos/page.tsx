import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { GalleryLoading } from '@/components/gallery/PageLoading';
import { settledWithin, STATUS_WAIT_MS } from '@/lib/within';
import { loadEvent } from '@/provider';
import { renderForEveryone } from '@/provider/access';
import { GalleryRoute, galleryMetadata } from './galleryRoute';

type Props = { params: Promise<{ domain: string; eventSlug: string }> };

/** No event is prerendered at build time. */
export function generateStaticParams(): { eventSlug: string }[] {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  renderForEveryone();
  return galleryMetadata(await params, {});
}

/**
 * The gallery without a query string, kept for every visitor (its layout's `revalidate`): it reads
 * nothing of the request, not even a grant (a visitor who holds one is sent to `photo-search`,
 * rendered per request, by the proxy). The event is waited for a moment first (lib/within.ts): an
 * address without an event id, an unknown event, or another organiser's, is then a real 404
 * (./not-found.tsx); a slower provider gets the skeleton first.
 */
export default async function GalleryPage({ params }: Props) {
  renderForEveryone();
  const { domain, eventSlug } = await params;
  const early = await settledWithin(loadEvent(domain, eventSlug), STATUS_WAIT_MS);
  if (early?.kind === 'not-found' || early?.kind === 'no-id') notFound();
  if (early) return GalleryRoute({ domain, eventSlug, query: {} });
  return (
    <Suspense fallback={<GalleryLoading />}>
      <GalleryRoute domain={domain} eventSlug={eventSlug} query={{}} />
    </Suspense>
  );
}
