'use client';

import type { CtaConfig } from '@eventsite/contract';
import { useSearchParams } from 'next/navigation';
import { galleryCta } from '@/lib/gallery/cta';
import { searchFromParams } from '@/lib/gallery/search';

/**
 * The gallery's call-to-action (cta_enabled) at one place: it follows the current search, so
 * with `pass_search` the visitor's bib rides along.
 */
export function GalleryCta({
  enabled,
  config,
  place,
  bibSearch,
}: {
  enabled: boolean;
  config: CtaConfig;
  place: 'top' | 'bottom';
  bibSearch: boolean;
}) {
  const params = useSearchParams() ?? new URLSearchParams();
  const cta = galleryCta(enabled, config, searchFromParams(params, { bib_search: bibSearch, name_search: false }));
  if (!cta || !cta[place]) return null;
  return (
    <div className={`gallery-cta gallery-cta-${place}`}>
      <a href={cta.href} target="_blank" rel="noopener noreferrer" className="button button-cta gallery-cta-link">
        {cta.text}
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M7 17L17 7M9 7h8v8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </div>
  );
}
