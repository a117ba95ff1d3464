import { LoadingText } from '@/components/common/States';
import { GallerySkeleton } from './GallerySkeleton';
import { PROMO_EDITOR_STRINGS } from './strings';

/** What the gallery shows while a slow provider's event is on its way. */
export function GalleryLoading() {
  return (
    <div className="container page">
      <GallerySkeleton />
    </div>
  );
}

/** What the promo editor shows while a slow provider's event is on its way. */
export function PromoEditorLoading() {
  return (
    <div className="container page">
      <LoadingText text={PROMO_EDITOR_STRINGS.loading} />
    </div>
  );
}
