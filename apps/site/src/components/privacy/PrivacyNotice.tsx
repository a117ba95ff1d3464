import Link from 'next/link';
import { httpUrlOrNull } from '@/lib/url';
import type { Organiser } from '@/provider';
import { PRIVACY_TEXT as T } from './strings';
import './privacy.css';

/** The organiser's privacy page: one section per kind of data, then how to ask or be removed. */
export function PrivacyNotice({ organiser }: { organiser: Organiser }) {
  const policy = httpUrlOrNull(organiser.footer.privacyPolicyUrl);
  return (
    <article className="container page privacy-page" aria-labelledby="privacy-heading">
      <div className="page-header">
        <h1 id="privacy-heading" className="page-title">
          {T.heading}
        </h1>
        <p className="page-intro">{T.intro(organiser.name)}</p>
      </div>
      {T.sections.map((section) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-heading`}
          className="privacy-section"
        >
          <h2 id={`${section.id}-heading`}>{section.heading}</h2>
          {section.paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </section>
      ))}
      <section id="questions" aria-labelledby="questions-heading" className="privacy-section">
        <h2 id="questions-heading">{T.questions}</h2>
        <p>
          <Link href="/contact-us" className="text-link">
            {T.ask(organiser.name)}
          </Link>
        </p>
        {policy ? (
          <p>
            <a href={policy} className="text-link" rel="noopener noreferrer">
              {T.policy(organiser.name)}
            </a>
          </p>
        ) : null}
      </section>
    </article>
  );
}
