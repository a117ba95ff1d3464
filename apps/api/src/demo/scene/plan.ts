/**
 * Decides what is in a frame: backdrop, runners, their distance and lateral position,
 * and the lighting. Placements that would hide most of a bib or push it off-frame are
 * re-drawn, so the ground truth always describes readable (if sometimes occluded) bibs.
 */
import { planBackdrop, type Backdrop } from './backdrop.js';
import { digitHeight, layoutBib } from './bib.js';
import { makeCamera, type Camera } from './camera.js';
import { computeTruth, type FramePlan, type Lighting } from './compose.js';
import type { Rng } from './prng.js';
import { randomIdentity, randomPose, type RunnerIdentity, type RunnerInFrame } from './runner.js';

/** Digit heights at 1600 px on the long side, the range the OCR has to cope with. */
export const DIGIT_PX_MIN = 25;
export const DIGIT_PX_MAX = 90;
/** Above this share of hidden digit samples a bib is considered unreadable and the runner is moved. */
export const MAX_HIDDEN = 0.4;

export const EVENT_NAMES = ['City Marathon', 'Riverside 10K', 'Harbour Half', 'Spring Classic', 'Park Run Festival', 'Lakeside Trail'] as const;

export function frameCameraFor(width: number, height: number, backdrop: Backdrop): Camera {
  return makeCamera(width, height, backdrop.horizonFrac, backdrop.vanishFrac);
}

/** Distance at which this runner's bib digits are `digitPx` tall, without letting them fill the frame. */
export function distanceForDigitHeight(cam: Camera, identity: RunnerIdentity, digitPx: number): number {
  const perUnit = digitHeight(layoutBib(identity.bib, identity.bibStyle, { x: 0, y: 0 }, 1, 0));
  const bodyPx = Math.min(digitPx / perUnit, cam.height * 1.35);
  return (cam.focal * identity.stature) / bodyPx;
}

/** Lateral offset (metres) that puts the runner's centre at image x. */
export function lateralForX(cam: Camera, x: number, distance: number): number {
  return ((x - cam.vanishX) * distance) / cam.focal;
}

export function randomLighting(rng: Rng): Lighting {
  return {
    exposure: rng.chance(0.3) ? 0 : rng.range(-0.15, 0.12),
    warmth: rng.chance(0.3) ? 0 : rng.range(-1, 1),
    vignette: rng.chance(0.6) ? rng.range(0.15, 0.35) : 0,
    blur: rng.chance(0.25) ? rng.range(0.7, 1.1) : 0,
    // Light grain only: it is cheap to draw but inflates the JPEG (0.3 opacity ≈ 2x bytes).
    grain: rng.chance(0.3) ? rng.range(0.12, 0.3) : 0,
  };
}

export interface SinglePlanInput {
  width: number;
  height: number;
  eventName: string;
  year: number;
  bibPool?: string[];
}

export function planSingleFrame(rng: Rng, input: SinglePlanInput): FramePlan {
  const backdrop = planBackdrop(rng.fork(1));
  const cam = frameCameraFor(input.width, input.height, backdrop);
  const plan: FramePlan = { ...input, backdrop, runners: [], light: randomLighting(rng.fork(2)) };
  const unit = Math.max(input.width, input.height) / 1600;

  // About one photo in ten shows no readable bib: runners seen from behind, or just the crowd
  // (8% by design; a few more lose their only runner to placements that would hide the bib).
  const kind = rng.weighted([92, 4, 4]);
  if (kind === 2) {
    plan.backdrop = { ...backdrop, crowd: 1 };
    return plan;
  }
  const facing = kind === 1 ? 'back' : 'front';
  const count = kind === 1 ? rng.int(1, 3) : rng.weighted([30, 35, 20, 15]) + 1;
  const pool = input.bibPool && input.bibPool.length > 0 ? [...new Set(input.bibPool)] : null;
  const used = new Set<string>();

  for (let i = 0; i < count; i++) {
    let bib: string | null = null;
    if (pool) {
      const free = pool.filter((b) => !used.has(b));
      if (free.length === 0) break;
      bib = rng.pick(free);
    }
    const identity = randomIdentity(rng, bib);
    if (used.has(identity.bib)) continue;
    // The first runner is the subject; the rest skew further away, as behind a leader.
    const closeness = i === 0 ? rng.next() ** 0.8 : rng.next() ** 1.6;
    const digitPx = unit * (DIGIT_PX_MIN + (DIGIT_PX_MAX - DIGIT_PX_MIN) * closeness);
    const distance = distanceForDigitHeight(cam, identity, digitPx);
    const crossArm = facing === 'front' && rng.chance(0.18);
    for (let attempt = 0; attempt < 10; attempt++) {
      const runner: RunnerInFrame = {
        identity,
        distance,
        lateral: lateralForX(cam, rng.range(0.12, 0.88) * input.width, distance),
        lean: rng.range(-4, 4),
        pose: randomPose(rng, facing, crossArm && attempt < 5),
      };
      const candidate = { ...plan, runners: [...plan.runners, runner] };
      if (facing === 'back' || acceptable(candidate)) {
        plan.runners = candidate.runners;
        used.add(identity.bib);
        break;
      }
    }
  }
  return plan;
}

/** Every bib fully inside the frame and no bib more than MAX_HIDDEN covered. */
export function acceptable(plan: FramePlan): boolean {
  const truth = computeTruth(plan);
  const fronts = plan.runners.filter((r) => r.pose.facing === 'front').length;
  return truth.length === fronts && truth.every((t) => t.inFrame && t.hidden <= MAX_HIDDEN);
}
