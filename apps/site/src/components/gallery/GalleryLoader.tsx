'use client';

import dynamic from 'next/dynamic';
import { GallerySkeleton } from './GallerySkeleton';
import { PrivacyPrompt } from './PrivacyPrompt';
import type { GalleryProps } from './Gallery';

/** The gallery's code is fetched only on the gallery route (spec §2: loaded on demand). */
const Gallery = dynamic(() => import('./Gallery'), { ssr: false, loading: () => <GallerySkeleton /> });
const PrivateGallery = dynamic(() => import('./Gallery'), {
  ssr: false,
  loading: () => <PrivacyPrompt bib={false} name={false} how="by searching for them" />,
});

/**
 * While the gallery's code loads, the spec's twelve squares; in privacy mode without a search,
 * the privacy prompt instead (there is no grid to wait for).
 */
export function GalleryLoader({ privateUntilSearch, ...props }: GalleryProps & { privateUntilSearch?: boolean }) {
  if (privateUntilSearch) return <PrivateGallery {...props} />;
  return <Gallery {...props} />;
}
