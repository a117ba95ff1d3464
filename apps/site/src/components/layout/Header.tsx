import Link from 'next/link';
import type { Organiser } from '@/provider';
import { CtaLink } from './CtaLink';
import { Logo } from './Logo';
import { MobileMenu } from './MobileMenu';
import { NavLinks } from './NavLinks';

export function Header({ organiser }: { organiser: Organiser }) {
  const { cta } = organiser;
  return (
    <header className="site-header" data-design={organiser.headerDesign}>
      <div className="container header-inner">
        <div className="header-start">
          <Link href="/" className="brand">
            <Logo name={organiser.name} logo={organiser.logo} />
          </Link>
          {cta?.position === 'left' ? <CtaLink cta={cta} className="header-cta" /> : null}
        </div>
        <div className="header-end">
          <nav aria-label="Main" className="main-nav">
            <NavLinks className="nav-list" />
          </nav>
          {cta?.position === 'right' ? <CtaLink cta={cta} className="header-cta" /> : null}
          <MobileMenu cta={cta} />
        </div>
      </div>
    </header>
  );
}
