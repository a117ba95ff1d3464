import { Discard } from './Discard';

/** Thrown (out of sight) when a page had to show an error state because the API failed. */
export class ProviderUnavailableError extends Error {
  constructor(reason: string) {
    super(`Not cached: ${reason}`);
    this.name = 'ProviderUnavailableError';
  }
}

function Fail({ reason }: { reason: string }): never {
  throw new ProviderUnavailableError(reason);
}

/**
 * A page that shows an error state because the provider API failed must not be kept: visitors
 * would see the error after the API is back. Rendering this next to the error state marks the
 * render as failed without changing what the visitor sees: the failure happens in a server
 * component whose output is handed to a client component that never renders it. A kept
 * (prerendered) page is then not stored (status 500, `Cache-Control: no-store`), and Next.js keeps
 * serving the last good one while it retries on the next request. A page rendered per request is
 * never kept anyway; its status, sent with the first bytes, is then 200.
 */
export function UncachedFailure({ reason }: { reason: string }) {
  // Only a production server caches pages; in development the failure would open the overlay.
  if (process.env.NODE_ENV !== 'production') return null;
  return <Discard node={<Fail reason={reason} />} />;
}
