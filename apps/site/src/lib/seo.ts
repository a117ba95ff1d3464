import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { appDomainFromHost, LOCAL_APP_DOMAIN } from './host';
import { photoUrl } from '@/provider/photo-urls';
import type { PhotoRef } from './photos';

/**
 * The site's own origin for this request, for absolute links in the sitemap and robots.txt
 * (route handlers, rendered per request).
 * The Host header is used only when it is a valid host name, so it can never inject anything.
 */
export async function requestOrigin(): Promise<string> {
  const h = await headers();
  const host = h.get('host') ?? '';
  const forwarded = (h.get('x-forwarded-proto') ?? '').split(',')[0]?.trim();
  const proto = forwarded === 'https' ? 'https' : 'http';
  return appDomainFromHost(host) !== null && /^[a-z0-9.:[\]-]+$/i.test(host) ? `${proto}://${host.toLowerCase()}` : 'http://localhost';
}

/**
 * The site's public origin for an organiser, for absolute links in page metadata. It comes from
 * the route's `[domain]` (the host name the proxy validated) and the configuration, never from
 * the request, so that a caller cannot write another host into a page's links. `PUBLIC_SITE_SCHEME`
 * (`http` or `https`) and `PUBLIC_SITE_PORT` say how visitors reach the site; by default local names
 * (`localhost`, `*.localhost`) are `http` on the port the site listens on, others `https` on
 * the default port.
 */
export function siteOrigin(domain: string, env: Record<string, string | undefined> = process.env): string {
  const lower = domain.toLowerCase();
  const host = appDomainFromHost(lower) === lower ? lower : LOCAL_APP_DOMAIN;
  const local = host === LOCAL_APP_DOMAIN || host.endsWith('.localhost');
  const configured = (env.PUBLIC_SITE_SCHEME ?? '').trim().toLowerCase();
  const scheme = configured === 'http' || configured === 'https' ? configured : local ? 'http' : 'https';
  const rawPort = (env.PUBLIC_SITE_PORT ?? (local ? env.PORT : undefined) ?? '').trim();
  const port = /^\d{1,5}$/.test(rawPort) && Number(rawPort) > 0 && Number(rawPort) < 65536 ? Number(rawPort) : null;
  const defaultPort = scheme === 'https' ? 443 : 80;
  return `${scheme}://${host}${port !== null && port !== defaultPort ? `:${port}` : ''}`;
}

/** A 1280-wide variant: large enough for a 1200x630 link preview. */
export function shareImage(apiBase: string, photo: PhotoRef | undefined, logo: string | null): { url: string; width?: number; height?: number } | null {
  if (photo) {
    const width = 1280;
    return { url: photoUrl(apiBase, photo.uuid, width), width, height: Math.round((photo.height / photo.width) * width) };
  }
  return logo ? { url: logo } : null;
}

export interface PageMetadataInput {
  title: string;
  description: string;
  siteName: string;
  path: string;
  origin: string;
  image: { url: string; width?: number; height?: number } | null;
  /** og:url when it differs from the canonical path (a shared photo, a search). */
  shareUrl?: string;
}

/** Title, description, Open Graph and Twitter tags together: a page's set is never half-merged. */
export function pageMetadata({ title, description, siteName, path, origin, image, shareUrl }: PageMetadataInput): Metadata {
  const images = image ? [image] : undefined;
  return {
    metadataBase: new URL(origin),
    title: { absolute: title },
    description,
    alternates: { canonical: path },
    openGraph: { type: 'website', title, description, siteName, url: shareUrl ?? path, images },
    twitter: { card: 'summary_large_image', title, description, images: image ? [image.url] : undefined },
  };
}

/**
 * The metadata of an event page that is a 404 (no event id, an unknown event, another
 * organiser's): the title of a nameless event and nothing of any event, not for search engines.
 */
export function notFoundMetadata(title: string): Metadata {
  return { title: { absolute: title }, robots: { index: false } };
}
