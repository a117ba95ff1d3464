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
 * Pages are prerendered per organiser and kept for 30 s (ISR). A page that shows an error state
 * because the provider API failed must not be kept: visitors would see the error after the API
 * is back. Rendering this next to the error state marks the render as failed without changing
 * what the visitor sees: the failure happens in a server component whose output is handed to a
 * client component that never renders it. Next.js then sends this response with status 500 and
 * `Cache-Control: no-store`, never stores it, and keeps serving the last good page (if any)
 * while it retries on the next request.
 */
export function UncachedFailure({ reason }: { reason: string }) {
  // Only a production server caches pages; in development the failure would open the overlay.
  if (process.env.NODE_ENV !== 'production') return null;
  return <Discard node={<Fail reason={reason} />} />;
}
