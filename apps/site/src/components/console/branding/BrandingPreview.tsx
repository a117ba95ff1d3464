'use client';

import type { CSSProperties } from 'react';
import { Footer } from '@/components/layout/Footer';
import { Header } from '@/components/layout/Header';
import { themeVariables } from '@/lib/colour';
import { readOrganiser } from '@/provider/wire';
import { type BrandingDraft, draftAsOrganiserData } from './form';
import { BRANDING_TEXT } from './strings';

/**
 * The public home's header and footer as the draft would make them: the site's own components,
 * fed through the site's own reader (`readOrganiser`), so what is dropped on the site (a link that
 * is not http(s), a colour that is not one) is dropped here too. Inert: nothing in it can be
 * focused or followed, and it is hidden from assistive technology (the form says it all).
 */
export function BrandingPreview({
  draft,
  name,
  logo,
  providerUrl,
}: {
  draft: BrandingDraft;
  name: string;
  logo: string;
  providerUrl: string;
}) {
  const read = readOrganiser(draftAsOrganiserData(draft, name, logo));
  // A logo chosen but not yet uploaded is shown from the browser's own copy (a blob: URL).
  const organiser = logo.startsWith('blob:') ? { ...read, logo } : read;
  return (
    <figure className="branding-preview">
      <figcaption className="branding-preview-caption">
        <span>{BRANDING_TEXT.preview.title}</span>{' '}
        <span className="console-hint">{BRANDING_TEXT.preview.note}</span>
      </figcaption>
      <div
        className="branding-preview-frame"
        inert
        aria-hidden="true"
        data-testid="branding-preview"
      >
        <div
          className="site"
          style={themeVariables(organiser.themeColour) as CSSProperties}
          data-header={organiser.headerDesign}
        >
          <Header organiser={organiser} />
          <div className="site-main branding-preview-main">
            <div className="container">
              <p className="branding-preview-heading">{BRANDING_TEXT.preview.recent}</p>
              <div className="branding-preview-cards">
                {[1, 2, 3].map((n) => (
                  <div key={n} className="branding-preview-card">
                    <span className="branding-preview-swatch" />
                    <span>{BRANDING_TEXT.preview.sample}</span>
                  </div>
                ))}
              </div>
              <span className="button branding-preview-button">{BRANDING_TEXT.preview.recent}</span>
            </div>
          </div>
          <Footer organiser={organiser} providerUrl={providerUrl} />
        </div>
      </div>
    </figure>
  );
}
