import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Suspense, type CSSProperties, type ReactNode } from 'react';
import { preconnect } from 'react-dom';
import { Footer } from '@/components/layout/Footer';
import { UncachedFailure } from '@/components/common/UncachedFailure';
import { FullPageLoader } from '@/components/layout/FullPageLoader';
import { GoogleTagManager } from '@/components/layout/GoogleTagManager';
import { Header } from '@/components/layout/Header';
import { SiteFrame } from '@/components/layout/SiteFrame';
import { ConsoleTopBar } from '@/components/console/ConsoleTopBar';
import { organiserPageMetadata } from '@/components/layout/organiserMetadata';
import { themeVariables } from '@/lib/colour';
import { isAppDomain } from '@/lib/host';
import { settledWithin, STATUS_WAIT_MS } from '@/lib/within';
import { getOrganiser, providerUrl, publicApiUrl } from '@/provider';

/**
 * The organiser's public pages are rendered once per organiser and kept for every visitor: made
 * again in the background 30 s after they were made (docs/requirements.md, Freshness), and at once
 * when the organiser changes something (the tags of the API answers they were made from). Their
 * Content-Security-Policy names their scripts by hash, kept with the page (page-cache.mjs). Pages
 * of one visitor (the console, a search, a password gallery) read the request and are rendered
 * per request.
 */
export const revalidate = 30;

/** No organiser is prerendered at build time. */
export function generateStaticParams(): { domain: string }[] {
  return [];
}

interface Props {
  children: ReactNode;
  params: Promise<{ domain: string }>;
}

export async function generateMetadata({
  params,
}: {
  params: Promise<{ domain: string }>;
}): Promise<Metadata> {
  const { domain } = await params;
  if (!isAppDomain(domain)) notFound();
  const { unknown } = await getOrganiser(domain);
  if (unknown) notFound();
  return organiserPageMetadata(domain, {
    title: (name) => name,
    description: (name) => `Event photos from ${name}: browse recent events and find your photos.`,
    path: '/',
  });
}

async function TenantShell({ domain, children }: { domain: string; children: ReactNode }) {
  const { organiser, unknown, error, transient } = await getOrganiser(domain);
  if (unknown) notFound();
  // The console has a frame of its own, made for work: its top bar, no public header or footer.
  return (
    <SiteFrame
      style={themeVariables(organiser.themeColour) as CSSProperties}
      headerDesign={organiser.headerDesign}
      header={<Header organiser={organiser} />}
      consoleHeader={<ConsoleTopBar organiser={organiser} />}
      footer={<Footer organiser={organiser} providerUrl={providerUrl()} />}
      after={
        <>
          {/* Not on the console (it decides by the segment): no third-party script beside its password form. */}
          <GoogleTagManager id={organiser.gtmId} />
          {error && transient ? <UncachedFailure reason={error} /> : null}
        </>
      }
    >
      {children}
    </SiteFrame>
  );
}

/** The organiser's site: its brand around every page, after the full-page loader. */
export default async function TenantLayout({ children, params }: Props) {
  const { domain } = await params;
  if (!isAppDomain(domain)) notFound();
  // Photos, the logo and the hero come from the API's origin: its connection is opened while the
  // HTML is still arriving, not when the first <img> is parsed.
  preconnect(new URL(publicApiUrl()).origin);
  // A page rendered per request is streamed: what goes out first carries the status. So the
  // organiser is waited for a moment first: known in time, the page is sent whole (an unknown
  // host, or a page that does not exist, is a real 404); a slower provider gets the full-page
  // loader first.
  const early = await settledWithin(getOrganiser(domain), STATUS_WAIT_MS);
  if (early?.unknown) notFound();
  const shell = <TenantShell domain={domain}>{children}</TenantShell>;
  return early ? shell : <Suspense fallback={<FullPageLoader />}>{shell}</Suspense>;
}
