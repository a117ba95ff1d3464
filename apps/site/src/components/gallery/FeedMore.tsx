import type { FeedStatus } from './useFeed';
import { GALLERY_TEXT } from './strings';

/**
 * Below a grid of photos: "Loading more photos…" while the next page comes, the failure with
 * "Try again", or the "Load more" button (for a visitor whose scroll does not reach the
 * sentinel, or who prefers a button). Nothing once the listing is complete.
 */
export function FeedMore({
  status,
  hasMore,
  onRetry,
  onLoadMore,
}: {
  status: FeedStatus;
  hasMore: boolean;
  onRetry: () => void;
  onLoadMore: () => void;
}) {
  if (status === 'loading')
    return (
      <p className="gallery-more-status" role="status">
        <span className="spinner spinner-small" aria-hidden="true" /> Loading more photos…
      </p>
    );
  if (status === 'error')
    return (
      <div className="gallery-more gallery-more-error" role="alert">
        <p>{GALLERY_TEXT.moreFailed}</p>
        <button type="button" className="button button-outline" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  if (!hasMore) return null;
  return (
    <div className="gallery-more">
      <button type="button" className="button button-outline" onClick={onLoadMore}>
        {GALLERY_TEXT.loadMore}
      </button>
    </div>
  );
}
