import type { ReactNode } from 'react';

/** The console is a signed-in person's: every screen is rendered per request, never kept. */
export const dynamic = 'force-dynamic';

export default function ConsoleLayout({ children }: { children: ReactNode }) {
  return children;
}
