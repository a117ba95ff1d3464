'use client';
import type { CertificateTemplate, EventFrame, PhotoListItem } from '@eventsite/contract';
import { useEffect, useState } from 'react';
import { fetchCertificateTemplate, fetchPromoFrames, fetchPromoPhotos } from '@/provider/promo';
import { lastTemplate } from './data/storage';
import type { TemplateKind } from './model/schema';
import { TEMPLATES } from './model/templates';

/** The event's feature flags the editor reads. */
export type PromoFeatures = { download_certificate: boolean; enable_custom_certificate: boolean; bib_search: boolean };

const CONFIG_TIMEOUT_MS = 5000;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  return Promise.race([p, new Promise<undefined>((r) => setTimeout(() => r(undefined), ms))]).catch(() => undefined);
}

/**
 * What the editor asks for that the route does not have: the event's first photos (a photo for
 * the templates), the organiser's certificate, the event's sponsor frames (overlays to add); then the template the visitor last used. And a
 * count of the web fonts' arrival, so the canvas measures its text again with Inter.
 */
export function usePromoData(apiUrl: string, eventId: number, features: PromoFeatures, onLastTemplate: (kind: TemplateKind) => void) {
  const [photos, setPhotos] = useState<PhotoListItem[]>([]);
  const [customCert, setCustomCert] = useState<CertificateTemplate | undefined>();
  const [frames, setFrames] = useState<EventFrame[]>([]);
  const [ready, setReady] = useState(false);
  const [fontsVersion, setFontsVersion] = useState(0);

  useEffect(() => {
    const ctrl = new AbortController();
    void (async () => {
      const [page, certificate, sponsorFrames] = await Promise.all([
        withTimeout(fetchPromoPhotos(apiUrl, eventId, { signal: ctrl.signal }), CONFIG_TIMEOUT_MS),
        features.enable_custom_certificate ? withTimeout(fetchCertificateTemplate(apiUrl, eventId, ctrl.signal), CONFIG_TIMEOUT_MS) : undefined,
        withTimeout(fetchPromoFrames(apiUrl, eventId, ctrl.signal), CONFIG_TIMEOUT_MS),
      ]);
      if (ctrl.signal.aborted) return;
      if (sponsorFrames) setFrames(sponsorFrames);
      if (certificate) setCustomCert(certificate);
      if (page) setPhotos(page.photos);
      const last = lastTemplate(eventId);
      if (last && (!TEMPLATES[last].certificate || features.download_certificate)) onLastTemplate(last);
      setReady(true);
    })();
    return () => ctrl.abort();
    // Runs once per event: the flags it reads are the route's.
  }, [apiUrl, eventId]);

  // Canvas text is measured with the font it has: measure again once Inter has arrived.
  useEffect(() => {
    if (typeof document === 'undefined' || !document.fonts) return;
    const weights = [400, 500, 600, 700, 800, 900];
    void Promise.all(weights.flatMap((w) => [document.fonts.load(`${w} 40px "Inter Variable"`), document.fonts.load(`italic ${w} 40px "Inter Variable"`)]))
      .catch(() => undefined)
      .then(() => setFontsVersion((v) => v + 1));
  }, []);

  return { photos, customCert, ready, fontsVersion, frames };
}
