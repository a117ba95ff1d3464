import { SKELETON_SQUARES } from './strings';

/** Twelve squares while the gallery loads. */
export function GallerySkeleton() {
  return (
    <div className="gallery-skeleton" role="status" aria-live="polite" data-testid="gallery-skeleton">
      <span className="visually-hidden">Loading photos</span>
      {Array.from({ length: SKELETON_SQUARES }, (_, i) => (
        <span key={i} className="skeleton-square" aria-hidden="true" />
      ))}
    </div>
  );
}
