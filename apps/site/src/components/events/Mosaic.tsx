'use client';

import { useEffect, useRef, useState } from 'react';
import { createMosaicScheduler } from '@/lib/mosaic/scheduler';
import { pickSwap } from '@/lib/mosaic/tiles';
import type { PhotoRef } from '@/lib/photos';
import { photoUrl } from '@/provider/photo-urls';

export interface MosaicProps {
  eventId: number;
  apiBase: string;
  tiles: PhotoRef[];
  candidates: PhotoRef[];
  /**
   * How many tiles (from the first) load at once: only the first card's first row is likely above
   * the fold; every other tile is lazy, so the page does not preload dozens of images.
   */
  eagerTiles?: number;
}

const TILE_SIZES = '(min-width: 1100px) 76px, (min-width: 700px) 10vw, 20vw';
const same = (a: PhotoRef, b: PhotoRef) => a.uuid === b.uuid;

function preload(src: string) {
  if (typeof Image === 'undefined') return;
  const img = new Image();
  img.src = src;
}

/**
 * The card's 5x4 cover (docs/requirements.md, Mosaic): server-rendered tiles that swap one at a time, only while
 * the card is on screen and the visitor has not asked for reduced motion.
 */
export function Mosaic({ eventId, apiBase, tiles: initialTiles, candidates: initialCandidates, eagerTiles = 0 }: MosaicProps) {
  const [tiles, setTiles] = useState(initialTiles);
  const [fading, setFading] = useState<ReadonlySet<number>>(new Set());
  const root = useRef<HTMLDivElement>(null);
  const state = useRef({ tiles: initialTiles, candidates: initialCandidates, pending: new Map<number, PhotoRef>() });

  useEffect(() => {
    const el = root.current;
    if (!el || initialTiles.length === 0) return;
    const s = state.current;
    const scheduler = createMosaicScheduler({
      eventId,
      tileCount: initialTiles.length,
      handlers: {
        fadeOut(tile) {
          const pick = pickSwap(s.tiles, s.candidates, tile, Math.random, same);
          if (!pick) return;
          s.candidates = pick.candidates;
          s.pending.set(tile, pick.incoming);
          preload(photoUrl(apiBase, pick.incoming.uuid, 160));
          setFading((prev) => new Set(prev).add(tile));
        },
        swap(tile) {
          const incoming = s.pending.get(tile);
          if (!incoming) return;
          s.pending.delete(tile);
          s.tiles = s.tiles.map((t, i) => (i === tile ? incoming : t));
          setTiles(s.tiles);
          setFading((prev) => {
            const next = new Set(prev);
            next.delete(tile);
            return next;
          });
        },
        fadeIn() {},
      },
    });

    let onScreen = false;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)');
    const update = () => {
      const run = onScreen && !reduced?.matches && document.visibilityState !== 'hidden';
      if (run) scheduler.start();
      else scheduler.pause();
    };
    const observer =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver((entries) => {
            onScreen = entries.some((e) => e.isIntersecting);
            update();
          });
    observer?.observe(el);
    reduced?.addEventListener?.('change', update);
    document.addEventListener('visibilitychange', update);
    return () => {
      scheduler.pause();
      observer?.disconnect();
      reduced?.removeEventListener?.('change', update);
      document.removeEventListener('visibilitychange', update);
    };
  }, [eventId, apiBase, initialTiles]);

  return (
    <div className="mosaic" ref={root} aria-hidden="true" data-testid="mosaic">
      {tiles.map((photo, i) => (
        <img
          key={i}
          className="mosaic-tile"
          data-fading={fading.has(i) ? 'true' : undefined}
          src={photoUrl(apiBase, photo.uuid, 160)}
          srcSet={`${photoUrl(apiBase, photo.uuid, 160)} 160w, ${photoUrl(apiBase, photo.uuid, 320)} 320w`}
          sizes={TILE_SIZES}
          width={160}
          height={160}
          alt=""
          loading={i < eagerTiles ? 'eager' : 'lazy'}
          decoding="async"
        />
      ))}
    </div>
  );
}
