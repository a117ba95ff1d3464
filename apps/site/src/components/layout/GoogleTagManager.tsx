'use client';

import { useSelectedLayoutSegment } from 'next/navigation';
import Script from 'next/script';
import { GTM_ID_PATTERN } from '@/lib/header';
import { GTM_SNIPPET } from '@/lib/gtm-snippet.mjs';

/**
 * Google Tag Manager, only for an id matching GTM-XXXX: nothing else reaches the script. Its
 * snippet is the same text for every organiser (it reads the id from its `data-gtm-id`), so every
 * page's Content-Security-Policy names it by its hash (lib/page-scripts.mjs) and lets it run, and
 * the tags it loads with it ('strict-dynamic'). Never on the console, beside its password form:
 * the organiser's layout is the console's too, so the segment below it decides.
 */
export function GoogleTagManager({ id }: { id: string | null }) {
  const segment = useSelectedLayoutSegment();
  if (!id || !GTM_ID_PATTERN.test(id) || segment === 'console') return null;
  return (
    <>
      <Script id="gtm" strategy="afterInteractive" data-gtm-id={id}>
        {GTM_SNIPPET}
      </Script>
      <noscript>
        <iframe
          src={`https://www.googletagmanager.com/ns.html?id=${id}`}
          height="0"
          width="0"
          title="Google Tag Manager"
          style={{ display: 'none', visibility: 'hidden' }}
        />
      </noscript>
    </>
  );
}
