import { PROVIDER_NAME } from '@eventsite/contract/constants';
import Link from 'next/link';
import { PRIVACY_LINK, PRIVACY_PATH } from '@/components/privacy/strings';
import { httpUrlOrNull } from '@/lib/url';
import type { Organiser } from '@/provider';
import { SocialIcon } from './SocialIcon';

export function Footer({ organiser, providerUrl }: { organiser: Organiser; providerUrl: string }) {
  const { footer } = organiser;
  const privacy = httpUrlOrNull(footer.privacyPolicyUrl);
  return (
    <footer className="site-footer">
      <div className="container footer-inner">
        {footer.socialLinks.length > 0 ? (
          <ul className="social-links" aria-label="Social media">
            {footer.socialLinks.map((link, i) => (
              <li key={`${link.url}-${i}`}>
                <a
                  href={link.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="social-link"
                  data-platform={link.platform}
                >
                  <SocialIcon icon={link.icon} />
                  <span className="visually-hidden">{`${link.label} (opens in a new tab)`}</span>
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {footer.footerText ? <p className="footer-text">{footer.footerText}</p> : null}
        <p className="footer-meta">
          <Link href={PRIVACY_PATH} prefetch={false}>
            {PRIVACY_LINK}
          </Link>
          {privacy ? (
            <>
              {' · '}
              <a href={privacy} rel="noopener noreferrer">
                Privacy policy
              </a>
            </>
          ) : null}
        </p>
        {footer.showBranding ? (
          <p className="footer-meta powered-by">
            Powered by{' '}
            <a href={providerUrl} target="_blank" rel="noopener noreferrer">
              {PROVIDER_NAME}
            </a>
          </p>
        ) : null}
      </div>
    </footer>
  );
}
