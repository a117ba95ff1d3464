'use client';

import { PHOTO_WIDTHS } from '@eventsite/contract/constants';
import type { PhotoListItem } from '@eventsite/contract';
import { useMemo, useState } from 'react';
import Lightbox, { useLightboxState, type Slide } from 'yet-another-react-lightbox';
import Fullscreen from 'yet-another-react-lightbox/plugins/fullscreen';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import { photoDownloadUrl, photoUrl } from '@/provider/photo-urls';
import type { EventFrame } from '@eventsite/contract';
import { FRAME_TEXT, FrameMenu, saveFrom, useEventFrames } from './FrameMenu';
import { HeartGlyph } from './FavouriteButton';
import { FAVOURITES_TEXT } from './strings';

export interface PhotoViewerProps {
  photos: readonly PhotoListItem[];
  total: number;
  index: number;
  open: boolean;
  apiBase: string;
  eventName: string;
  /** The shareable link of one photo (the gallery URL with ?photo=). */
  shareUrl: (uuid: string) => string;
  onView: (index: number) => void;
  onClose: () => void;
  /** A photo was shared or its link copied (counted in the event's analytics). */
  onShared?: () => void;
  /** The visitor's favourites: the toolbar's heart. */
  favourites?: { has: (uuid: string) => boolean; toggle: (uuid: string) => void };
  /** The event: its sponsor frames (when it has any) are offered in the download menu. */
  eventId?: number;
}

type GallerySlide = Slide & { uuid: string };

function ToolbarButton({ label, onClick, disabled, children, expanded }: { label: string; onClick: () => void; disabled?: boolean; children: React.ReactNode; expanded?: boolean }) {
  return (
    <button type="button" className="yarl__button" aria-label={label} title={label} onClick={onClick} disabled={disabled} aria-haspopup={expanded === undefined ? undefined : 'menu'} aria-expanded={expanded}>
      <svg className="yarl__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        {children}
      </svg>
    </button>
  );
}

const downloadGlyph = <path d="M12 3v11m0 0l-4.5-4.5M12 14l4.5-4.5M5 19h14" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />;
const shareGlyph = (
  <path
    d="M12 3v12M12 3L7.5 7.5M12 3l4.5 4.5M6 11H5a1 1 0 00-1 1v8a1 1 0 001 1h14a1 1 0 001-1v-8a1 1 0 00-1-1h-1"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  />
);

function Counter({ total }: { total: number }) {
  const { currentIndex } = useLightboxState();
  return (
    <span className="viewer-counter" aria-live="polite">
      {`${(currentIndex + 1).toLocaleString('en-US')} / ${total.toLocaleString('en-US')}`}
    </span>
  );
}

function DownloadButton({ apiBase, frames, title, onShared }: { apiBase: string; frames: readonly EventFrame[]; title: string; onShared?: () => void }) {
  const { currentSlide } = useLightboxState();
  const slide = currentSlide as GallerySlide | undefined;
  const [menu, setMenu] = useState(false);
  // Without frames the button saves the photo at once, as it always did.
  const withFrames = frames.length > 0;
  return (
    <span className="viewer-download">
      <ToolbarButton
        label={FRAME_TEXT.download}
        disabled={!slide}
        expanded={withFrames ? menu : undefined}
        onClick={() => {
          if (!slide) return;
          // The API answers ?download=1 with Content-Disposition: attachment: the browser saves
          // the original, the page stays.
          if (withFrames) setMenu((m) => !m);
          else saveFrom(photoDownloadUrl(apiBase, slide.uuid));
        }}
      >
        {downloadGlyph}
      </ToolbarButton>
      {menu && slide ? <FrameMenu apiBase={apiBase} uuid={slide.uuid} title={title} frames={frames} onClose={() => setMenu(false)} onShared={onShared} /> : null}
    </span>
  );
}

function ShareButton({ shareUrl, title, onShared }: { shareUrl: (uuid: string) => string; title: string; onShared?: () => void }) {
  const { currentSlide } = useLightboxState();
  const slide = currentSlide as GallerySlide | undefined;
  const [note, setNote] = useState('');
  const share = async () => {
    if (!slide) return;
    const url = shareUrl(slide.uuid);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        onShared?.();
        return;
      } catch (error) {
        if ((error as Error).name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setNote('Link copied');
      onShared?.();
    } catch {
      window.prompt('Copy this link', url);
    }
    window.setTimeout(() => setNote(''), 2500);
  };
  return (
    <>
      <ToolbarButton label="Share this photo" disabled={!slide} onClick={() => void share()}>
        {shareGlyph}
      </ToolbarButton>
      <span className="viewer-note" role="status">
        {note}
      </span>
    </>
  );
}

function FavouriteButton({ favourites }: { favourites: NonNullable<PhotoViewerProps['favourites']> }) {
  const { currentSlide } = useLightboxState();
  const slide = currentSlide as GallerySlide | undefined;
  const on = slide ? favourites.has(slide.uuid) : false;
  const label = on ? FAVOURITES_TEXT.remove : FAVOURITES_TEXT.add;
  return (
    <button
      type="button"
      className="yarl__button viewer-heart"
      aria-label={label}
      title={label}
      aria-pressed={on}
      data-on={on || undefined}
      disabled={!slide}
      onClick={() => slide && favourites.toggle(slide.uuid)}
    >
      <HeartGlyph filled={on} size={24} className="yarl__icon" />
    </button>
  );
}

/**
 * The full-screen viewer: swipe, keyboard (← → Esc), zoom (wheel, pinch, double tap),
 * full screen, the original's download and a link to share. Reaching the end asks for more.
 */
export function PhotoViewer({ photos, total, index, open, apiBase, eventName, shareUrl, onView, onClose, onShared, favourites, eventId }: PhotoViewerProps) {
  const frames = useEventFrames(apiBase, eventId, open);
  const slides = useMemo<GallerySlide[]>(
    () =>
      photos.map((p, i) => ({
        uuid: p.uuid,
        src: photoUrl(apiBase, p.uuid, 1600),
        alt: `${eventName || 'Event'} photo ${i + 1}`,
        width: p.width,
        height: p.height,
        srcSet: PHOTO_WIDTHS.filter((w, j) => w <= p.width || j === 0).map((w) => ({
          src: photoUrl(apiBase, p.uuid, w),
          width: w,
          height: Math.max(1, Math.round((p.height * w) / p.width)),
        })),
      })),
    [photos, apiBase, eventName],
  );
  const title = eventName ? `${eventName} | Photos` : 'Event Photos';
  return (
    <Lightbox
      open={open}
      index={index}
      close={onClose}
      slides={slides}
      plugins={[Zoom, Fullscreen]}
      carousel={{ finite: true, preload: 2, padding: 0 }}
      zoom={{ maxZoomPixelRatio: 2, scrollToZoom: true }}
      controller={{ closeOnBackdropClick: true, closeOnPullDown: true }}
      on={{ view: ({ index: i }) => onView(i) }}
      render={{ controls: () => <Counter total={Math.max(total, slides.length)} /> }}
      labels={{ Previous: 'Previous photo', Next: 'Next photo', Close: 'Close viewer' }}
      toolbar={{
        buttons: [
          ...(favourites ? [<FavouriteButton key="favourite" favourites={favourites} />] : []),
          <DownloadButton key="download" apiBase={apiBase} frames={frames} title={title} onShared={onShared} />,
          <ShareButton key="share" shareUrl={shareUrl} title={title} onShared={onShared} />,
          'close',
        ],
      }}
    />
  );
}
