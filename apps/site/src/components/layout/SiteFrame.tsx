'use client';

import { useSelectedLayoutSegment } from 'next/navigation';
import type { CSSProperties, ReactNode } from 'react';

/**
 * The organiser's frame around every page: the public header and footer, or on the console its
 * own top bar and no footer. Decided by the segment below the organiser's layout, not by the
 * request: the public pages are kept for every visitor (their layout reads nothing of the request).
 */
export function SiteFrame({
  style,
  headerDesign,
  header,
  consoleHeader,
  footer,
  after,
  children,
}: {
  style: CSSProperties;
  headerDesign: string;
  header: ReactNode;
  consoleHeader: ReactNode;
  footer: ReactNode;
  /** What follows the page out of sight (the tag manager, a failure marker). */
  after: ReactNode;
  children: ReactNode;
}) {
  const onConsole = useSelectedLayoutSegment() === 'console';
  return (
    <div className={onConsole ? 'site site-console' : 'site'} style={style} data-header={headerDesign}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      {onConsole ? consoleHeader : header}
      <main id="main" tabIndex={-1} className="site-main">
        {children}
      </main>
      {onConsole ? null : footer}
      {after}
    </div>
  );
}
