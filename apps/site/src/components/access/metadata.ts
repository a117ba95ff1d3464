import type { Metadata } from 'next';
import type { EventLoad } from '@/provider';
import { ACCESS_TEXT } from './strings';

const NOT_INDEXED = { index: false, follow: false } as const;

/**
 * An event page's metadata as search engines and link previews see it: a password page names
 * nothing of its event (its title says it is protected, its preview is the organiser's), and an
 * event off the organiser's lists (unlisted, password) is never indexed.
 */
export function unlistedMetadata(load: EventLoad, metadata: Metadata): Metadata {
  if (load.kind === 'locked')
    return {
      ...metadata,
      title: { absolute: ACCESS_TEXT.title },
      description: ACCESS_TEXT.intro,
      robots: NOT_INDEXED,
      openGraph: {
        ...metadata.openGraph,
        title: ACCESS_TEXT.title,
        description: ACCESS_TEXT.intro,
      },
      twitter: { ...metadata.twitter, title: ACCESS_TEXT.title, description: ACCESS_TEXT.intro },
    };
  if (load.kind === 'ok' && !load.listed) return { ...metadata, robots: NOT_INDEXED };
  return metadata;
}
