'use client';

import type { CtaConfig } from '@eventsite/contract';
import { useSearchParams } from 'next/navigation';
import { galleryCta, type GalleryCta as Cta } from '@/lib/gallery/cta';
import { searchFromParams } from '@/lib/gallery/search';

interface CtaProps {
  enabled: boolean;
  config: CtaConfig;
  place: 'top' | 'bottom';
  bibSearch: boolean;
}

/** The call-to-action's button at one place, or nothing where it is not shown. */
function GalleryCtaView({ cta, place }: { cta: Cta | null; place: 'top' | 'bottom' }) {
  if (!cta || !cta[place]) return null;
  return (
    <div className={`gallery-cta gallery-cta-${place}`}>
      <a
        href={cta.href}
        target="_blank"
        rel="noopener noreferrer"
        className="button button-cta gallery-cta-link"
      >
        {cta.text}
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path
            d="M7 17L17 7M9 7h8v8"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </div>
  );
}

/**
 * The button as the server draws it, before the page's code runs: no search yet. It takes the
 * place of {@link GalleryCta} until then (its Suspense fallback), so the button is in the first
 * HTML and the photos below it do not move when the page's code starts.
 */
export function GalleryCtaPlaceholder({ enabled, config, place }: CtaProps) {
  return <GalleryCtaView cta={galleryCta(enabled, config)} place={place} />;
}

/**
 * The gallery's call-to-action (cta_enabled) at one place: it follows the current search, so
 * with `pass_search` the visitor's bib rides along.
 */
export function GalleryCta({ enabled, config, place, bibSearch }: CtaProps) {
  const params = useSearchParams() ?? new URLSearchParams();
  const search = searchFromParams(params, { bib_search: bibSearch, name_search: false });
  return <GalleryCtaView cta={galleryCta(enabled, config, search)} place={place} />;
}
