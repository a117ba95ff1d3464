import { useEffect, useState } from 'react';
import { cachedImage, loadImage, type ImageState } from '../render/images';

export type { ImageState } from '../render/images';

/** A picture for a canvas node: loading, loaded or failed (render/images.ts loads it once). */
export function useImage(src: string | undefined): ImageState {
  const [state, setState] = useState<ImageState>(() => (src ? cachedImage(src) : undefined) ?? { status: 'loading' });
  useEffect(() => {
    if (!src) return;
    let live = true;
    setState(cachedImage(src) ?? { status: 'loading' });
    void loadImage(src).then((s) => {
      if (live) setState(s);
    });
    return () => {
      live = false;
    };
  }, [src]);
  return src ? state : { status: 'failed' };
}
