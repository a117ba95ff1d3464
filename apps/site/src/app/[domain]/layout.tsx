import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Suspense, type CSSProperties, type ReactNode } from 'react';
import { preconnect } from 'react-dom';
import { Footer } from '@/components/layout/Footer';
import { UncachedFailure } from '@/components/common/UncachedFailure';
import { FullPageLoader } from '@/components/layout/FullPageLoader';
import { GoogleTagManager } from '@/components/layout/GoogleTagManager';
import { Header } from '@/components/layout/Header';
import { organiserPageMetadata } from '@/components/layout/organiserMetadata';
import { themeVariables } from '@/lib/colour';
import { isAppDomain } from '@/lib/host';
import { getOrganiser, providerUrl, publicApiUrl } from '@/provider';

/**
 * No organiser is prerendered at build time: each one's pages are rendered on its first visit,
 * then kept and revalidated in the background (ISR, `revalidate` of each page).
 */
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
  return (
    <div
      className="site"
      style={themeVariables(organiser.themeColour) as CSSProperties}
      data-header={organiser.headerDesign}
    >
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header organiser={organiser} />
      <main id="main" tabIndex={-1} className="site-main">
        {children}
      </main>
      <Footer organiser={organiser} providerUrl={providerUrl()} />
      <GoogleTagManager id={organiser.gtmId} />
      {error && transient ? <UncachedFailure reason={error} /> : null}
    </div>
  );
}

/**
 * How long a page waits for the organiser before it sends the full-page loader. A provider that
 * answers within it gets its page sent whole, with its real status (an unknown host or event is a
 * 404, not a 200 whose content says so); a slower one gets the loader at once, and the page
 * streams in behind it. Pages kept per organiser (ISR) are sent whole in any case.
 */
export const SHELL_WAIT_MS = 1_000;

/** Whether the promise settles within `ms` (it goes on either way). */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true, () => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The organiser's site: its brand around every page, after the full-page loader. */
export default async function TenantLayout({ children, params }: Props) {
  const { domain } = await params;
  if (!isAppDomain(domain)) notFound();
  // Photos, the logo and the hero come from the API's origin: its connection is opened while the
  // HTML is still arriving, not when the first <img> is parsed.
  preconnect(new URL(publicApiUrl()).origin);
  if (await settlesWithin(getOrganiser(domain), SHELL_WAIT_MS)) {
    return <TenantShell domain={domain}>{children}</TenantShell>;
  }
  return (
    <Suspense fallback={<FullPageLoader />}>
      <TenantShell domain={domain}>{children}</TenantShell>
    </Suspense>
  );
}
