import { GallerySkeleton } from '@/components/gallery/GallerySkeleton';

export default function GalleryLoading() {
  return (
    <div className="container page">
      <GallerySkeleton />
    </div>
  );
}
