'use client';

import { PHOTO_WIDTHS, type PhotoListItem } from '@eventsite/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { RowsPhotoAlbum, type Photo } from 'react-photo-album';
import 'react-photo-album/rows.css';
import Lightbox from 'yet-another-react-lightbox';
import 'yet-another-react-lightbox/styles.css';
import { photoUrl } from '@/lib/photos';
import { fetchPhotoPage } from '@/provider/photos';
import { GallerySkeleton } from './GallerySkeleton';
import { placeholderDataUrl } from './placeholder';

export interface GalleryProps {
  eventId: number;
  eventName: string;
  apiBase: string;
  showTotal: boolean;
}

interface GalleryPhoto extends Photo {
  key: string;
  placeholder: string | null;
}

function toAlbumPhoto(apiBase: string, photo: PhotoListItem, n: number, eventName: string): GalleryPhoto {
  const widths = PHOTO_WIDTHS.filter((w, i) => w <= photo.width || i === 0);
  const scale = (w: number) => Math.max(1, Math.round((photo.height * w) / photo.width));
  return {
    key: photo.uuid,
    src: photoUrl(apiBase, photo.uuid, 640),
    width: photo.width,
    height: photo.height,
    alt: `${eventName} photo ${n}`,
    label: `Open photo ${n}`,
    srcSet: widths.map((w) => ({ src: photoUrl(apiBase, photo.uuid, w), width: w, height: scale(w) })),
    placeholder: placeholderDataUrl(photo.placeholder),
  };
}

type Status = 'loading' | 'idle' | 'error';

/** The event's photos as a justified grid, page after page, with a full-screen viewer. */
export default function Gallery({ eventId, eventName, apiBase, showTotal }: GalleryProps) {
  const [photos, setPhotos] = useState<GalleryPhoto[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [total, setTotal] = useState<number | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [started, setStarted] = useState(false);
  const [open, setOpen] = useState(-1);
  const sentinel = useRef<HTMLDivElement>(null);
  const busy = useRef(false);

  const load = useCallback(
    async (from: string | null) => {
      if (busy.current) return;
      busy.current = true;
      setStatus('loading');
      try {
        const page = await fetchPhotoPage(apiBase, eventId, from);
        setPhotos((prev) => [
          ...prev,
          ...page.photos.map((p, i) => toAlbumPhoto(apiBase, p, prev.length + i + 1, eventName || 'Event')),
        ]);
        setCursor(page.next_cursor);
        setTotal(page.total);
        setStatus('idle');
      } catch {
        setStatus('error');
      } finally {
        busy.current = false;
        setStarted(true);
      }
    },
    [apiBase, eventId, eventName],
  );

  useEffect(() => {
    void load(null);
  }, [load]);

  // Infinite scroll: the next page comes as the end of the grid nears the screen.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !cursor || status !== 'idle' || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void load(cursor);
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [cursor, status, load]);

  const slides = useMemo(
    () =>
      photos.map((p) => ({
        src: p.src,
        alt: p.alt,
        width: p.width,
        height: p.height,
        srcSet: p.srcSet?.map((s) => ({ src: s.src, width: s.width, height: s.height })),
      })),
    [photos],
  );

  if (!started) return <GallerySkeleton />;

  return (
    <section className="gallery" aria-label="Photos">
      {showTotal && total !== null ? (
        <p className="gallery-count" aria-live="polite">
          {total === 0
            ? 'No photos yet'
            : `Showing ${photos.length.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${total === 1 ? 'photo' : 'photos'}`}
        </p>
      ) : null}
      {photos.length === 0 && status === 'idle' ? (
        <div className="empty-state">
          <h2>No photos yet</h2>
          <p>Photos of this event will appear here as soon as they are uploaded.</p>
        </div>
      ) : null}
      {photos.length > 0 ? (
        <RowsPhotoAlbum
          photos={photos}
          targetRowHeight={(width) => (width < 600 ? 160 : 240)}
          spacing={(width) => (width < 600 ? 4 : 8)}
          sizes={{ size: '1152px', sizes: [{ viewport: '(max-width: 1200px)', size: 'calc(100vw - 32px)' }] }}
          onClick={({ index }) => setOpen(index)}
          componentsProps={{ image: { loading: 'lazy', decoding: 'async' } }}
          render={{
            image: (props, { photo }) => (
              <img
                {...props}
                style={{
                  ...props.style,
                  backgroundImage: photo.placeholder ? `url("${photo.placeholder}")` : undefined,
                }}
                className={`${props.className ?? ''} gallery-image`}
              />
            ),
          }}
        />
      ) : null}
      <div ref={sentinel} className="gallery-sentinel" />
      {status === 'error' ? (
        <div className="state state-error" role="alert">
          <p className="state-text">Failed to load photos.</p>
          <button type="button" className="button" onClick={() => void load(cursor)}>
            Try Again
          </button>
        </div>
      ) : null}
      {status === 'loading' && photos.length > 0 ? <p className="gallery-more-status" role="status">Loading more photos…</p> : null}
      {status === 'idle' && cursor ? (
        <div className="gallery-more">
          <button type="button" className="button button-outline" onClick={() => void load(cursor)}>
            Load more photos
          </button>
        </div>
      ) : null}
      <Lightbox open={open >= 0} index={Math.max(open, 0)} close={() => setOpen(-1)} slides={slides} />
    </section>
  );
}
