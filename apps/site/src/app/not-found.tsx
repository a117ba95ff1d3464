import type { Metadata } from 'next';

export const metadata: Metadata = { title: 'Site not found', robots: { index: false } };

/** An unknown host name: no organiser to show, so no organiser layout either. */
export default function SiteNotFound() {
  return (
    <main className="bare-page">
      <h1>Site not found</h1>
      <p>There is no event site at this address.</p>
    </main>
  );
}
