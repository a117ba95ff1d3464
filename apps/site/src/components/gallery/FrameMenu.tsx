'use client';

import type { EventFrame } from '@eventsite/contract';
import { useEffect, useRef, useState } from 'react';
import { fetchEventFrames } from '@/provider/frames';
import { framedPhotoUrl, photoDownloadUrl } from '@/provider/photo-urls';
import './frames.css';

export const FRAME_TEXT = {
  download: 'Download full resolution',
  menu: 'Download this photo',
  original: 'Photo as taken',
  withFrame: (name: string) => `With the ${name} frame`,
  share: (name: string) => `Share with the ${name} frame`,
  shareShort: 'Share',
  preparing: 'Preparing the framed photo…',
  failed: 'The framed photo could not be made: try again',
};

/**
 * The event's sponsor frames, asked for once the viewer first opens (none from a provider
 * without frames: the viewer then downloads the photo as it always did).
 */
export function useEventFrames(apiBase: string, eventId: number | undefined, open: boolean) {
  const [frames, setFrames] = useState<EventFrame[]>([]);
  const asked = useRef(false);
  useEffect(() => {
    if (!open || eventId === undefined || asked.current) return;
    asked.current = true;
    const ctrl = new AbortController();
    void fetchEventFrames(apiBase, eventId, undefined, ctrl.signal).then((found) => {
      if (!ctrl.signal.aborted) setFrames(found);
    });
    return () => {
      ctrl.abort();
      asked.current = false;
    };
  }, [apiBase, eventId, open]);
  return frames;
}

/** Whether this browser can share an image file (Web Share with files: phones, mostly). */
function canShareFiles(): boolean {
  try {
    const probe = new File([new Uint8Array(1)], 'photo.jpg', { type: 'image/jpeg' });
    return typeof navigator.canShare === 'function' && navigator.canShare({ files: [probe] });
  } catch {
    return false;
  }
}

/** Saves a URL the API answers as an attachment: the page stays. */
export function saveFrom(href: string) {
  const a = document.createElement('a');
  a.href = href;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/**
 * The download menu of the viewer when the event has sponsor frames: the photo as taken, or in
 * one of the frames (a JPEG the API makes); and, where the browser can share files, sharing the
 * framed photo. Escape or a choice closes it; focus starts on the first item.
 */
export function FrameMenu({
  apiBase,
  uuid,
  title,
  frames,
  onClose,
  onShared,
}: {
  apiBase: string;
  uuid: string;
  title: string;
  frames: readonly EventFrame[];
  onClose: () => void;
  onShared?: () => void;
}) {
  const menu = useRef<HTMLDivElement>(null);
  const [note, setNote] = useState('');
  const [shareable] = useState(canShareFiles);
  useEffect(() => {
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, []);
  const share = async (frame: EventFrame) => {
    setNote(FRAME_TEXT.preparing);
    try {
      const response = await fetch(framedPhotoUrl(apiBase, uuid, frame.id));
      if (!response.ok) throw new Error(String(response.status));
      const file = new File([await response.blob()], `${uuid}-${frame.id}.jpg`, {
        type: 'image/jpeg',
      });
      await navigator.share({ title, files: [file] });
      onShared?.();
      onClose();
    } catch (error) {
      if ((error as Error).name === 'AbortError') return setNote('');
      setNote(FRAME_TEXT.failed);
    }
  };
  return (
    <div className="viewer-frames">
      <div
        ref={menu}
        className="viewer-frames-list"
        role="menu"
        aria-label={FRAME_TEXT.menu}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            onClose();
          }
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            event.stopPropagation();
            const items = [
              ...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
            ];
            const at = items.indexOf(document.activeElement as HTMLElement);
            const next = (at + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length;
            items[next]?.focus();
          }
          if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') event.stopPropagation();
        }}
      >
        <button
          type="button"
          role="menuitem"
          className="viewer-frame-item"
          onClick={() => {
            saveFrom(photoDownloadUrl(apiBase, uuid));
            onClose();
          }}
        >
          <span className="viewer-frame-swatch" aria-hidden="true" />
          {FRAME_TEXT.original}
        </button>
        {frames.map((frame) => (
          <div key={frame.id} className="viewer-frame-row" role="none">
            <button
              type="button"
              role="menuitem"
              className="viewer-frame-item"
              data-frame-id={frame.id}
              onClick={() => {
                saveFrom(framedPhotoUrl(apiBase, uuid, frame.id));
                onClose();
              }}
            >
              <img className="viewer-frame-thumb" src={frame.url} alt="" width={40} height={40} />
              {FRAME_TEXT.withFrame(frame.name)}
            </button>
            {shareable ? (
              <button
                type="button"
                role="menuitem"
                className="viewer-frame-share"
                aria-label={FRAME_TEXT.share(frame.name)}
                onClick={() => void share(frame)}
              >
                {FRAME_TEXT.shareShort}
              </button>
            ) : null}
          </div>
        ))}
      </div>
      <p className="viewer-frame-note" role="status">
        {note}
      </p>
    </div>
  );
}
