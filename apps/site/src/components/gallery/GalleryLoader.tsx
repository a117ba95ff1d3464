'use client';

import Gallery, { type GalleryProps } from './Gallery';

/**
 * The gallery, rendered on the server with its first page of photos (so the first photos are in
 * the HTML and hydrated in place). `query` is the query string the server was asked (none on the
 * prerendered page). The skeleton shows while a listing without a first page loads.
 */
export function GalleryLoader({ query, ...props }: GalleryProps & { query: Record<string, string> }) {
  return <Gallery {...props} query={new URLSearchParams(query).toString()} />;
}
