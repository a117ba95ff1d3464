import { describe, expect, it } from 'vitest';
import { viewRect } from './draw';
import { fetchWidth } from './photos';
import { videoFileName } from './support';
import { CARD_SECONDS, FADE_SECONDS, FPS, MAX_PHOTOS, MAX_SECONDS, MAX_ZOOM, MIN_SECONDS, frameLayers, motion, pickPhotos, planVideo } from './timeline';

describe('planVideo', () => {
  it('lasts 15 to 30 s for any number of photos', () => {
    for (let n = 0; n <= 80; n += 1) {
      const plan = planVideo(n);
      expect(plan.seconds).toBeGreaterThanOrEqual(MIN_SECONDS);
      expect(plan.seconds).toBeLessThanOrEqual(MAX_SECONDS);
      expect(plan.frames).toBe(Math.round(plan.seconds * FPS));
      expect(plan.photos).toBe(Math.min(n, MAX_PHOTOS));
    }
  });

  it('gives few photos 15 s, 2.5 s a photo beyond, and 20 photos 23 s', () => {
    expect(planVideo(1)).toMatchObject({ seconds: 15, slot: 12, cardStart: 12, frames: 360 });
    expect(planVideo(1, 30).frames).toBe(450);
    expect(planVideo(4).seconds).toBe(15);
    expect(planVideo(6)).toMatchObject({ seconds: 18, slot: 2.5 });
    expect(MAX_PHOTOS).toBe(20);
    expect(planVideo(20)).toMatchObject({ seconds: 23, frames: 552, slot: 1 });
    expect(planVideo(60).photos).toBe(20);
    expect(planVideo(20, 30).frames).toBe(690);
  });

  it('keeps half-second fades where photos have time, and shortens them to a quarter of a short photo', () => {
    expect(planVideo(4).fade).toBe(FADE_SECONDS);
    expect(planVideo(6).fade).toBe(FADE_SECONDS);
    expect(planVideo(20).fade).toBe(0.25);
    expect(planVideo(16)).toMatchObject({ slot: 1.25, fade: 0.3125 });
    // A 20-photo video: a blend of two photos in about a fifth of the photo frames, not half.
    const plan = planVideo(20);
    const photoFrames = Math.round(plan.cardStart * plan.fps);
    let blends = 0;
    for (let n = 0; n < photoFrames; n += 1) if (frameLayers(plan, n).photos.length === 2) blends += 1;
    expect(blends / photoFrames).toBeGreaterThan(0.2);
    expect(blends / photoFrames).toBeLessThan(0.25);
  });
});

describe('pickPhotos', () => {
  it('spreads the chosen photos over all of them, first and last included', () => {
    expect(pickPhotos(0)).toEqual([]);
    expect(pickPhotos(1)).toEqual([0]);
    expect(pickPhotos(5)).toEqual([0, 1, 2, 3, 4]);
    const many = pickPhotos(60);
    expect(many).toHaveLength(20);
    expect(many[0]).toBe(0);
    expect(many[19]).toBe(59);
    expect(new Set(many).size).toBe(20);
  });
});

describe('frameLayers', () => {
  const plan = planVideo(4, 30); // 3 s a photo, the card at 12 s, 15 s in all
  const at = (s: number) => frameLayers(plan, Math.round(s * plan.fps));

  it('shows each photo in turn, cross-fading into the next', () => {
    expect(at(0).photos.map((p) => p.index)).toEqual([0]);
    expect(at(2.9).photos.map((p) => p.index)).toEqual([0]);
    const fade = at(3.2);
    expect(fade.photos.map((p) => p.index)).toEqual([0, 1]);
    expect(fade.photos[0]?.opacity).toBe(1);
    // 0.2 s into a 0.5 s fade, eased: 0.4² × (3 − 0.8).
    expect(fade.photos[1]?.opacity).toBeCloseTo(0.352, 5);
    expect(at(3.4).photos[1]?.opacity).toBeGreaterThan(fade.photos[1]?.opacity ?? 1);
    expect(at(3 + FADE_SECONDS).photos.map((p) => p.index)).toEqual([1]);
    expect(at(11.9).photos.map((p) => p.index)).toEqual([3]);
  });

  it('fades the closing card in over the last photo and holds it', () => {
    expect(at(11.9).card).toBe(0);
    expect(at(12.2).card).toBeCloseTo(0.4, 5);
    const end = frameLayers(plan, plan.frames - 1);
    expect(end.card).toBe(1);
    expect(end.photos).toEqual([]);
    expect(plan.seconds - plan.cardStart).toBe(CARD_SECONDS);
  });

  it('shows the title over the first photo only', () => {
    expect(at(0).title).toBe(1);
    expect(at(5).title).toBe(0);
  });

  it('moves every photo gently, zooming in and out in turn', () => {
    for (let f = 0; f < plan.frames; f += 1) {
      for (const p of frameLayers(plan, f).photos) {
        expect(p.zoom).toBeGreaterThanOrEqual(1);
        expect(p.zoom).toBeLessThanOrEqual(MAX_ZOOM);
        expect(p.x).toBeGreaterThanOrEqual(0);
        expect(p.x).toBeLessThanOrEqual(1);
      }
    }
    expect(motion(0, 0).zoom).toBe(1);
    expect(motion(0, 1).zoom).toBeCloseTo(MAX_ZOOM);
    expect(motion(1, 0).zoom).toBeCloseTo(MAX_ZOOM);
    expect(motion(1, 1).zoom).toBe(1);
    // Zoom changes little from one frame to the next: no jumps.
    let last = at(0).photos[0]?.zoom ?? 0;
    for (let f = 1; f < 90; f += 1) {
      const z = frameLayers(plan, f).photos[0]?.zoom ?? 0;
      expect(Math.abs(z - last)).toBeLessThan(0.004);
      last = z;
    }
  });

  it('with no photos, is the card alone', () => {
    const empty = planVideo(0);
    expect(frameLayers(empty, 0)).toEqual({ photos: [], card: 1, title: 0 });
  });
});

describe('drawing and fetching', () => {
  it("takes the view's part of the prepared photo", () => {
    const tight = viewRect({ zoom: MAX_ZOOM, x: 0.5, y: 0.5 }, 1080, 1920);
    expect(tight.sw).toBeCloseTo(1080);
    expect(tight.sh).toBeCloseTo(1920);
    expect(tight.sx).toBeCloseTo((1080 * MAX_ZOOM - 1080) / 2);
    const wide = viewRect({ zoom: 1, x: 0, y: 1 }, 1920, 1080);
    expect(wide.sw).toBeCloseTo(1920 * MAX_ZOOM);
    expect(wide.sx).toBe(0);
  });

  it('fetches a width that covers the frame at full zoom, at most 1600', () => {
    expect(fetchWidth({ width: 3000, height: 2000 }, 1920, 1080)).toBe(1600);
    expect(fetchWidth({ width: 2000, height: 3000 }, 1920, 1080)).toBe(1600);
    expect(fetchWidth({ width: 800, height: 600 }, 1080, 1920)).toBe(640);
  });

  it('names the file after the runner', () => {
    expect(videoFileName('María López', 'mp4')).toBe('maria-lopez-race.mp4');
    expect(videoFileName('Bib 1234', 'webm')).toBe('bib-1234-race.webm');
    expect(videoFileName('', 'mp4')).toBe('my-race.mp4');
  });
});
