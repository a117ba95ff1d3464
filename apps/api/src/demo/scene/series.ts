/**
 * A burst of photos from one finish-line camera: same backdrop, capture times a few
 * seconds apart, and runners who stay in shot for several frames while approaching
 * (same bib, same kit), which is what "more photos of you" features need to find.
 */
import { planBackdrop } from './backdrop.js';
import { computeTruth, type FramePlan } from './compose.js';
import { CAMERAS } from './palette.js';
import { DIGIT_PX_MAX, DIGIT_PX_MIN, MAX_HIDDEN, distanceForDigitHeight, frameCameraFor, lateralForX, randomLighting } from './plan.js';
import { createRng, type Rng } from './prng.js';
import { renderFrame, type RenderedScene } from './render.js';
import { randomIdentity, randomPose, type RunnerIdentity, type RunnerInFrame } from './runner.js';
import { randomBibNumber } from './bib.js';
import { DEFAULT_HEIGHT, DEFAULT_WIDTH, assertFrameSize } from './scene.js';

export interface SeriesOptions {
  count: number;
  seed: number;
  eventName: string;
  /** Capture time of the first frame. */
  start: Date;
  bibPool?: string[];
  width?: number;
  height?: number;
  /** Frames rendered in parallel (sharp also uses its own threads); default 2. */
  concurrency?: number;
  onProgress?: (done: number) => void;
}

export interface SeriesFrame {
  plan: FramePlan;
  capturedAt: Date;
}

interface Tracked {
  identity: RunnerIdentity;
  /** Image x of the runner at their closest, as a fraction of the width. */
  aimX: number;
  /** Closeness (0 far .. 1 near) in the first frame and the gain per frame. */
  closeness: number;
  step: number;
  framesLeft: number;
}

/** Plans every frame up front (cheap) so rendering can run out of order but yield in order. */
export function planSeries(options: SeriesOptions): SeriesFrame[] {
  const width = options.width ?? DEFAULT_WIDTH;
  const height = options.height ?? DEFAULT_HEIGHT;
  assertFrameSize(width, height);
  const rng = createRng(options.seed);
  const backdrop = planBackdrop(rng.fork(1));
  const cam = frameCameraFor(width, height, backdrop);
  const unit = Math.max(width, height) / 1600;
  const baseLight = randomLighting(rng.fork(2));
  const bibs = bibSource(rng.fork(3), options.bibPool);
  const year = options.start.getUTCFullYear();
  const frames: SeriesFrame[] = [];
  let active: Tracked[] = [];
  let time = options.start.getTime();
  let lastWasCrowd = false;
  const people = new Map<string, RunnerIdentity>();

  for (let index = 0; index < options.count; index++) {
    if (index > 0) time += Math.round(rng.range(1200, 5500));
    // Same camera and sun, but auto-exposure drifts a little between frames.
    const light = { ...baseLight, exposure: Math.max(-0.15, Math.min(0.12, baseLight.exposure + rng.range(-0.03, 0.03))) };
    const plan: FramePlan = { width, height, eventName: options.eventName, year, backdrop, runners: [], light };
    frames.push({ plan, capturedAt: new Date(time) });
    // Now and then the photographer shoots the crowd: no bib in the frame (never twice running).
    const crowdShot: boolean = rng.chance(0.08) && !lastWasCrowd;
    lastWasCrowd = crowdShot;
    if (crowdShot) continue;

    active = active.filter((t) => t.framesLeft > 0);
    const target = rng.weighted([30, 35, 20, 15]) + 1;
    while (active.length < target) {
      const visible = new Set(active.map((t) => t.identity.bib));
      const bib = bibs.next(visible);
      if (bib === null) break;
      const framesLeft = rng.weighted([1, 3, 3, 2]) + 1;
      const closeness = rng.range(0, 0.5);
      // One bib, one person: a runner who comes round again (a lap, a pool reuse) looks the same.
      const identity = people.get(bib) ?? randomIdentity(createRng(options.seed).fork(hashBib(bib)), bib);
      people.set(bib, identity);
      active.push({
        identity,
        aimX: rng.range(0.2, 0.8),
        closeness,
        step: framesLeft > 1 ? (rng.range(0.6, 1) - closeness) / (framesLeft - 1) : 0,
        framesLeft,
      });
    }

    for (const t of active) {
      const digitPx = unit * (DIGIT_PX_MIN + (DIGIT_PX_MAX - DIGIT_PX_MIN) * Math.min(1, t.closeness));
      const distance = distanceForDigitHeight(cam, t.identity, digitPx);
      // Runners drift from the middle of the road towards where they will pass the camera.
      const x = cam.vanishX + (t.aimX * width - cam.vanishX) * Math.min(1, 0.35 + t.closeness);
      const runner: RunnerInFrame = {
        identity: t.identity,
        distance,
        lateral: lateralForX(cam, x, distance),
        lean: rng.range(-4, 4),
        pose: randomPose(rng, 'front', rng.chance(0.15)),
      };
      const placed = placeWithoutHiding(rng, plan, runner);
      // If they had to step aside, they stay on that line in later frames.
      if (placed && placed !== runner) {
        const placedX = cam.vanishX + (placed.lateral * cam.focal) / placed.distance;
        const reach = Math.min(1, 0.35 + t.closeness);
        t.aimX = (cam.vanishX + (placedX - cam.vanishX) / reach) / width;
      }
      t.closeness += t.step;
      t.framesLeft -= 1;
    }
  }
  return frames;
}

/**
 * Adds the runner, nudging sideways if that would hide a bib; leaves them out of this
 * frame otherwise. Returns the runner as placed, or null.
 */
function placeWithoutHiding(rng: Rng, plan: FramePlan, runner: RunnerInFrame): RunnerInFrame | null {
  const cam = frameCameraFor(plan.width, plan.height, plan.backdrop);
  for (let attempt = 0; attempt < 8; attempt++) {
    const candidate: RunnerInFrame =
      attempt === 0
        ? runner
        : { ...runner, lateral: lateralForX(cam, rng.range(0.12, 0.88) * plan.width, runner.distance), pose: { ...runner.pose, armCross: 0 } };
    const runners = [...plan.runners, candidate];
    const truth = computeTruth({ ...plan, runners });
    if (truth.length === runners.length && truth.every((t) => t.inFrame && t.hidden <= MAX_HIDDEN)) {
      plan.runners = runners;
      return candidate;
    }
  }
  return null;
}

function hashBib(bib: string): number {
  let h = 2166136261;
  for (let i = 0; i < bib.length; i++) h = Math.imul(h ^ bib.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Bibs from the pool (shuffled, cycling) or fresh random numbers, never one already in shot. */
function bibSource(rng: Rng, pool: string[] | undefined): { next(visible: Set<string>): string | null } {
  if (!pool || pool.length === 0) {
    const issued = new Set<string>();
    return {
      next: () => {
        for (let i = 0; i < 50; i++) {
          const bib = randomBibNumber(rng);
          if (!issued.has(bib)) {
            issued.add(bib);
            return bib;
          }
        }
        return null;
      },
    };
  }
  const order = [...new Set(pool)];
  for (let i = order.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [order[i], order[j]] = [order[j] as string, order[i] as string];
  }
  let cursor = 0;
  return {
    next: (visible) => {
      for (let tries = 0; tries < order.length; tries++) {
        const bib = order[cursor % order.length] as string;
        cursor++;
        if (!visible.has(bib)) return bib;
      }
      return null;
    },
  };
}

/** Renders the series, `concurrency` frames at a time, yielding strictly in capture order. */
export async function* renderRaceSeries(options: SeriesOptions): AsyncGenerator<RenderedScene & { index: number }> {
  const frames = planSeries(options);
  const camera = createRng(options.seed).fork(5).pick(CAMERAS);
  const concurrency = Math.max(1, options.concurrency ?? 2);
  const pending: Array<Promise<RenderedScene>> = [];
  let started = 0;
  const startNext = (): void => {
    const frame = frames[started];
    if (!frame) return;
    pending.push(renderFrame(frame.plan, frame.capturedAt, camera));
    started++;
  };
  for (let i = 0; i < concurrency; i++) startNext();
  try {
    for (let index = 0; index < frames.length; index++) {
      const next = pending.shift();
      if (!next) break;
      const scene = await next;
      startNext();
      options.onProgress?.(index + 1);
      yield { ...scene, index };
    }
  } finally {
    // A consumer that stops early must not leave rejected renders unhandled.
    for (const p of pending) p.catch(() => undefined);
  }
}
