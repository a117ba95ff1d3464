/**
 * The race video's timeline, as plain numbers: how long the video is for a number of photos,
 * which photo (or two, in a cross-fade) a frame shows, with which zoom and pan, and when the
 * closing card comes in. No drawing and no browser here, so it is tested on its own.
 */

export type VideoFormat = 'story' | 'wide';

/**
 * 9:16 for stories, 16:9 for a laptop or a post, at 720p: a phone encodes H.264 in software at
 * less than half the time of 1080p (docs/runner-page.md, "Speed"), and the photos, slowly zoomed
 * and panned, stay sharp on a phone's screen.
 */
export const VIDEO_SIZES: Record<VideoFormat, { width: number; height: number }> = {
  story: { width: 720, height: 1280 },
  wide: { width: 1280, height: 720 },
};

/** 24 frames a second: smooth for slow motion, and a fifth fewer frames to draw and encode than 30. */
export const FPS = 24;
/** The video is never shorter or longer than this (seconds). */
export const MIN_SECONDS = 15;
export const MAX_SECONDS = 30;
/** The closing card (name, time, event) at the end. */
export const CARD_SECONDS = 3;
/** Each cross-fade, between photos and into the card, where photos have time for it. */
export const FADE_SECONDS = 0.5;
/**
 * A cross-fade takes at most this share of a photo's time: a blend of two moving photos is the
 * costliest frame to encode (every pixel changes), so with many short photos the fades shorten
 * (20 photos, 1 s each: 0.25 s fades) rather than make half of the frames blends.
 */
export const MAX_FADE_SHARE = 0.25;
/** A photo is on screen this long when there are enough of them. */
export const PHOTO_SECONDS = 2.5;
/** The shortest a photo may be on screen: at most this many photos go in. */
export const MIN_PHOTO_SECONDS = 1;
/**
 * The photos' part of the video never runs past this, so 20 photos make a 23 s video: the frames
 * are most of the making's time, and this keeps 20 photos within 30 s on a mid-range phone.
 */
export const MAX_PHOTOS_SECONDS = 20;
export const MAX_PHOTOS = Math.floor(MAX_PHOTOS_SECONDS / MIN_PHOTO_SECONDS);
/** The zoom the Ken Burns motion reaches (1 = the photo just covering the frame). */
export const MAX_ZOOM = 1.12;

export interface VideoPlan {
  fps: number;
  photos: number;
  /** Seconds each photo has before the next one starts fading in. */
  slot: number;
  fade: number;
  /** When the closing card starts fading in (seconds). */
  cardStart: number;
  seconds: number;
  frames: number;
}

/**
 * The plan for `photoCount` photos (at most MAX_PHOTOS of them are used): 2.5 s a photo, the
 * photos' part at least 12 s (15 s in all with the card) and at most 20 s.
 */
export function planVideo(photoCount: number, fps = FPS): VideoPlan {
  const photos = Math.max(0, Math.min(MAX_PHOTOS, Math.floor(photoCount)));
  const photoPart = photos === 0 ? MIN_SECONDS - CARD_SECONDS : Math.min(MAX_PHOTOS_SECONDS, Math.max(MIN_SECONDS - CARD_SECONDS, photos * PHOTO_SECONDS));
  const seconds = photoPart + CARD_SECONDS;
  const frames = Math.round(seconds * fps);
  const slot = photos ? photoPart / photos : 0;
  const fade = photos ? Math.min(FADE_SECONDS, slot * MAX_FADE_SHARE) : FADE_SECONDS;
  return { fps, photos, slot, fade, cardStart: photoPart, seconds: frames / fps, frames };
}

/** `count` indices spread evenly over `total` (the first and the last among them), in order. */
export function pickPhotos(total: number, count = MAX_PHOTOS): number[] {
  const n = Math.max(0, Math.min(total, count));
  if (n === 0) return [];
  if (n === 1) return [0];
  return Array.from({ length: n }, (_, i) => Math.round((i * (total - 1)) / (n - 1)));
}

/** One photo as a frame draws it: the part of the photo shown and how opaque it is. */
export interface PhotoLayer {
  index: number;
  opacity: number;
  /** 1 ≤ zoom ≤ MAX_ZOOM: the photo covering the frame, magnified this much. */
  zoom: number;
  /** Where the view sits in the room the zoom leaves: 0..1 across and down (0.5 = centred). */
  x: number;
  y: number;
}

export interface FrameLayers {
  photos: PhotoLayer[];
  /** The closing card's opacity, 0 before it. */
  card: number;
  /** The opening title's opacity (event and runner over the first photo). */
  title: number;
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
/** Eases in and out, so motion starts and ends gently. */
const ease = (t: number) => t * t * (3 - 2 * t);

/** A photo's motion: zooming in or out, panning one way or another, by its place in the video. */
export function motion(index: number, progress: number): Pick<PhotoLayer, 'zoom' | 'x' | 'y'> {
  const p = ease(clamp01(progress));
  const zoomIn = index % 2 === 0;
  const zoom = zoomIn ? 1 + (MAX_ZOOM - 1) * p : MAX_ZOOM - (MAX_ZOOM - 1) * p;
  // Four pans in turn: left to right, top to bottom, right to left, bottom to top.
  const way = index % 4;
  const from = 0.2 + 0.6 * p;
  const to = 0.8 - 0.6 * p;
  if (way === 0) return { zoom, x: from, y: 0.5 };
  if (way === 1) return { zoom, x: 0.5, y: from };
  if (way === 2) return { zoom, x: to, y: 0.5 };
  return { zoom, x: 0.5, y: to };
}

/** What frame `frame` shows. */
export function frameLayers(plan: VideoPlan, frame: number): FrameLayers {
  const t = Math.max(0, Math.min(plan.frames - 1, frame)) / plan.fps;
  const card = plan.photos === 0 ? 1 : clamp01((t - plan.cardStart) / plan.fade);
  const photos: PhotoLayer[] = [];
  if (plan.photos > 0 && card < 1) {
    const current = Math.min(plan.photos - 1, Math.floor(t / plan.slot));
    const span = plan.slot + plan.fade;
    const layer = (index: number, opacity: number): PhotoLayer => ({ index, opacity, ...motion(index, (t - index * plan.slot) / span) });
    const into = t - current * plan.slot;
    if (current > 0 && into < plan.fade) {
      // The previous photo goes on moving underneath while this one fades in over it.
      photos.push(layer(current - 1, 1), layer(current, ease(into / plan.fade)));
    } else {
      photos.push(layer(current, 1));
    }
  }
  const title = plan.photos === 0 ? 0 : 1 - clamp01((t - Math.min(2, plan.slot)) / plan.fade);
  return { photos, card, title };
}

/** The frame count as a share of the work: 0..100. */
export function percentDone(frame: number, plan: VideoPlan): number {
  return plan.frames ? Math.min(100, Math.floor((frame / plan.frames) * 100)) : 0;
}
