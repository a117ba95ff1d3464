import { ErrorState } from '@/components/common/States';
import { UncachedFailure } from '@/components/common/UncachedFailure';
import type { EventLoad } from '@/provider';
import { PasswordGate } from '@/components/access/PasswordGate';
import { BackToEvents } from './EventHeader';

/**
 * An event page whose event could not be shown (no id in the address, an answer that does not
 * map, a failed call): the way back, the page's own words for it, and, for a passing failure,
 * the marker that keeps the page out of the 30-second cache. A password gallery without access
 * shows its password page instead (docs/private-galleries.md).
 */
export function EventLoadFailure({ load, title }: { load: Exclude<EventLoad, { kind: 'ok' | 'not-found' }>; title: string }) {
  // A password gallery the visitor has no access to: its password page, at every route of it.
  if (load.kind === 'locked') return <PasswordGate eventSlug={load.slug} reason={load.reason} />;
  return (
    <div className="container page">
      <BackToEvents />
      {load.kind === 'fetch-failed' && load.transient ? <UncachedFailure reason={load.message} /> : null}
      <ErrorState title={title} heading="h1" />
    </div>
  );
}
