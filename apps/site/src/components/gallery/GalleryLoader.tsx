'use client';

import dynamic from 'next/dynamic';
import { GallerySkeleton } from './GallerySkeleton';
import type { GalleryProps } from './Gallery';

/** The gallery's code is fetched only on the gallery route (spec §2: loaded on demand). */
const Gallery = dynamic(() => import('./Gallery'), { ssr: false, loading: () => <GallerySkeleton /> });

export function GalleryLoader(props: GalleryProps) {
  return <Gallery {...props} />;
}
