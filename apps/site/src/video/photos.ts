import { PHOTO_WIDTHS } from '@eventsite/contract/constants';
import type { PhotoRef } from '@/lib/photos';
import { photoUrl } from '@/provider/photo-urls';
import { coverCrop, type Prepared } from './draw';
import { MAX_ZOOM } from './timeline';

/**
 * The API width to fetch a photo at for a frame: the smallest that covers the frame at the
 * motion's largest zoom, capped at 1600 (a phone decodes that fast enough, and the zoom is
 * gentle) and at the photo's own width.
 */
export function fetchWidth(photo: Pick<PhotoRef, 'width' | 'height'>, frameWidth: number, frameHeight: number): number {
  const scale = Math.max(frameWidth / photo.width, frameHeight / photo.height);
  const needed = Math.min(1600, photo.width * scale * MAX_ZOOM);
  const widths: number[] = PHOTO_WIDTHS.filter((w) => w <= 1600);
  const fits = widths.find((w) => w >= needed) ?? 1600;
  const own = [...widths].reverse().find((w) => w <= photo.width) ?? PHOTO_WIDTHS[0];
  return Math.min(fits, own);
}

/**
 * The runner's photos for the video: each fetched once (as bytes, small) and decoded once, at the
 * frame's size × MAX_ZOOM and cropped to its shape, only when its turn is near; a photo whose turn
 * has passed is closed, so at most a few decoded photos are held at a time.
 */
export class PhotoReel {
  private readonly bytes = new Map<number, Promise<Blob | null>>();
  private readonly decoded = new Map<number, Promise<Prepared | null>>();
  private readonly ready = new Map<number, Prepared | null>();

  constructor(
    private readonly apiBase: string,
    private readonly photos: PhotoRef[],
    private readonly width: number,
    private readonly height: number,
    private readonly signal: AbortSignal,
  ) {}

  /** Fetches every photo's bytes (a few at a time), reporting each one that arrives. */
  async fetchAll(onEach: (done: number) => void): Promise<void> {
    let done = 0;
    let next = 0;
    const worker = async () => {
      while (next < this.photos.length) {
        const i = next++;
        await this.fetchOne(i);
        onEach(++done);
      }
    };
    await Promise.all([worker(), worker(), worker()]);
  }

  private fetchOne(i: number): Promise<Blob | null> {
    let p = this.bytes.get(i);
    if (!p) {
      const photo = this.photos[i];
      if (!photo) return Promise.resolve(null);
      p = fetch(photoUrl(this.apiBase, photo.uuid, fetchWidth(photo, this.width, this.height)), { signal: this.signal, headers: { accept: 'image/webp,image/jpeg' } })
        .then((r) => (r.ok ? r.blob() : null))
        .catch(() => null);
      this.bytes.set(i, p);
    }
    return p;
  }

  /** Decodes photo `i` (once), cropped and sized for the frame. */
  prepare(i: number): Promise<Prepared | null> {
    let p = this.decoded.get(i);
    if (!p) {
      p = this.fetchOne(i).then(async (blob) => {
        if (!blob) return null;
        try {
          const full = await createImageBitmap(blob);
          const crop = coverCrop(full.width, full.height, this.width, this.height);
          const bitmap = await createImageBitmap(full, crop.sx, crop.sy, crop.sw, crop.sh, {
            resizeWidth: Math.round(this.width * MAX_ZOOM),
            resizeHeight: Math.round(this.height * MAX_ZOOM),
            resizeQuality: 'medium',
          });
          full.close();
          return bitmap;
        } catch {
          return null;
        }
      });
      p.then((b) => this.ready.set(i, b));
      this.decoded.set(i, p);
    }
    return p;
  }

  /**
   * Makes sure the photos a frame needs are decoded (waiting only when they are not yet), starts
   * the next one's decoding, and closes those whose turn is over.
   */
  async need(indices: number[]): Promise<void> {
    // The next two are decoded ahead, while these frames are drawn and encoded.
    const last = Math.max(-1, ...indices);
    for (const next of [last + 1, last + 2]) if (next < this.photos.length) void this.prepare(next);
    await Promise.all(indices.map((i) => this.prepare(i)));
    const first = Math.min(...indices);
    for (const [i, bitmap] of this.ready) {
      if (i < first) {
        bitmap?.close();
        this.ready.delete(i);
      }
    }
  }

  /** A decoded photo, if it is ready. */
  get(i: number): Prepared | null {
    return this.ready.get(i) ?? null;
  }

  close(): void {
    for (const bitmap of this.ready.values()) bitmap?.close();
    this.ready.clear();
  }
}

/** The organiser's logo as a bitmap, when it can be fetched from here (CORS and the page's policy allow); else null. */
export async function loadLogo(url: string | null, signal: AbortSignal): Promise<ImageBitmap | null> {
  if (!url) return null;
  try {
    const response = await fetch(url, { mode: 'cors', signal });
    if (!response.ok) return null;
    const bitmap = await createImageBitmap(await response.blob());
    return bitmap.width > 0 && bitmap.height > 0 ? bitmap : null;
  } catch {
    return null;
  }
}
