import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ErrorState } from '@/components/common/States';
import { UncachedFailure } from '@/components/common/UncachedFailure';
import { EnsureDomainParam } from '@/components/contact/EnsureDomainParam';
import { CONTACT_IFRAME_HEIGHT, CONTACT_STRINGS } from '@/components/contact/strings';
import { organiserPageMetadata } from '@/components/layout/organiserMetadata';
import { getContactForm } from '@/provider';

type Props = { params: Promise<{ domain: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { domain } = await params;
  return organiserPageMetadata(domain, {
    title: CONTACT_STRINGS.title,
    description: (name) => `Get in touch with ${name}.`,
    path: '/contact-us',
  });
}

export default async function ContactPage({ params }: Props) {
  const { domain } = await params;
  const { iframeSrc, error, transient } = await getContactForm(domain);
  return (
    <section className="container page contact-page" aria-labelledby="contact-heading">
      <Suspense fallback={null}>
        <EnsureDomainParam />
      </Suspense>
      <div className="page-header">
        <h1 id="contact-heading" className="page-title">{CONTACT_STRINGS.heading}</h1>
      </div>
      {error && transient ? <UncachedFailure reason={error} /> : null}
      {iframeSrc ? (
        <div className="contact-frame">
          <iframe
            src={iframeSrc}
            title="Contact form"
            height={CONTACT_IFRAME_HEIGHT}
            width="100%"
            loading="lazy"
            referrerPolicy="strict-origin-when-cross-origin"
            sandbox="allow-forms allow-scripts allow-same-origin allow-popups"
          />
        </div>
      ) : (
        <ErrorState title={CONTACT_STRINGS.errorTitle} text={CONTACT_STRINGS.errorText} />
      )}
    </section>
  );
}
