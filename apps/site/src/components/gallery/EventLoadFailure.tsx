import { ErrorState } from '@/components/common/States';
import { UncachedFailure } from '@/components/common/UncachedFailure';
import type { EventLoad } from '@/provider';
import { BackToEvents } from './EventHeader';

/**
 * An event page whose event could not be shown (no id in the address, an answer that does not
 * map, a failed call): the way back, the page's own words for it, and, for a passing failure,
 * the marker that keeps the page out of the 30-second cache.
 */
export function EventLoadFailure({ load, title }: { load: Exclude<EventLoad, { kind: 'ok' | 'not-found' }>; title: string }) {
  return (
    <div className="container page">
      <BackToEvents />
      {load.kind === 'fetch-failed' && load.transient ? <UncachedFailure reason={load.message} /> : null}
      <ErrorState title={title} heading="h1" />
    </div>
  );
}
