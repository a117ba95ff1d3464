import type { Organiser } from '@/provider';
import { Logo } from '@/components/layout/Logo';
import { CONSOLE_TEXT } from './strings';

/**
 * The console's own top bar, instead of the public site's header and footer: the organiser's
 * brand, that this is the console, and a way to the public site. Everything else of a screen is
 * its navigation and its work (`ConsoleFrame`).
 */
export function ConsoleTopBar({ organiser }: { organiser: Organiser }) {
  return (
    <header className="console-topbar">
      <div className="container console-topbar-inner">
        <a href="/console" className="console-brand">
          <Logo name={organiser.name} logo={organiser.logo} />
          <span className="console-brand-label">{CONSOLE_TEXT.consoleLabel}</span>
        </a>
        <a href="/" className="console-topbar-link">
          {CONSOLE_TEXT.viewSite}
        </a>
      </div>
    </header>
  );
}
