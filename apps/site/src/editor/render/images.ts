/**
 * The pictures a design shows, loaded by URL in the browser and shared by everything that draws
 * them: the editor's canvas (ui/useImage.ts) and the export (export/run.ts), which warns about
 * pictures that failed to load instead of exporting a silent hole.
 */

export type ImageState = { image?: HTMLImageElement; status: 'loading' | 'loaded' | 'failed' };

const cache = new Map<string, ImageState & { promise: Promise<ImageState> }>();

/** The cached state of a picture, without loading it. */
export function cachedImage(src: string): ImageState | undefined {
  const hit = cache.get(src);
  return hit ? { ...(hit.image ? { image: hit.image } : {}), status: hit.status } : undefined;
}

/** Loads a picture once per URL (later calls share the first). */
export function loadImage(src: string): Promise<ImageState> {
  const hit = cache.get(src);
  if (hit) return hit.promise;
  const img = new Image();
  // The API answers CORS for any origin; asking for it keeps the canvas exportable (untainted).
  if (!src.startsWith('data:')) img.crossOrigin = 'anonymous';
  img.decoding = 'async';
  const entry = { status: 'loading' as ImageState['status'], image: undefined as HTMLImageElement | undefined, promise: undefined as unknown as Promise<ImageState> };
  entry.promise = new Promise<ImageState>((resolve) => {
    img.onload = () => {
      entry.status = 'loaded';
      entry.image = img;
      resolve({ image: img, status: 'loaded' });
    };
    img.onerror = () => {
      entry.status = 'failed';
      resolve({ status: 'failed' });
    };
  });
  cache.set(src, entry);
  img.src = src;
  return entry.promise;
}

/** Waits for the given images (up to `timeoutMs`) and returns the URLs that failed. */
export async function settleImages(srcs: string[], timeoutMs = 15000): Promise<string[]> {
  const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), timeoutMs));
  const results = await Promise.all(srcs.map((s) => Promise.race([loadImage(s), timeout]).then((r) => (r === 'timeout' || r.status === 'failed' ? s : undefined))));
  return results.filter((s): s is string => Boolean(s));
}

/** 'cover' crop of an image into a box: the centred part of the picture with the box's aspect. */
export function coverCrop(img: { width: number; height: number }, box: { width: number; height: number }) {
  const scale = Math.max(box.width / img.width, box.height / img.height);
  const width = box.width / scale;
  const height = box.height / scale;
  return { x: (img.width - width) / 2, y: (img.height - height) / 2, width, height };
}

/** 'contain' placement of an image inside a box. */
export function containBox(img: { width: number; height: number }, box: { width: number; height: number }) {
  const scale = Math.min(box.width / img.width, box.height / img.height);
  const width = img.width * scale;
  const height = img.height * scale;
  return { x: (box.width - width) / 2, y: (box.height - height) / 2, width, height };
}
