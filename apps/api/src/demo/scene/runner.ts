/** Who a runner is (kept across a series) and where they are in one frame. */
import { randomBibNumber, randomBibStyle, type BibStyle } from './bib.js';
import type { Appearance, Pose } from './figure.js';
import { CAP_COLOURS, HAIR_COLOURS, SHIRT_COLOURS, SHOE_COLOURS, SHORTS_COLOURS, SKIN_TONES } from './palette.js';
import type { Rng } from './prng.js';

export interface RunnerIdentity {
  bib: string;
  look: Appearance;
  bibStyle: BibStyle;
  /** Body height in metres. */
  stature: number;
}

export interface RunnerInFrame {
  identity: RunnerIdentity;
  /** Distance from the camera, metres. */
  distance: number;
  /** Lateral position on the road, metres (0 = straight at the vanishing point). */
  lateral: number;
  /** Whole-body lean, degrees. */
  lean: number;
  pose: Pose;
}

export function randomIdentity(rng: Rng, bib: string | null): RunnerIdentity {
  const hairStyle = rng.pick(['short', 'short', 'long', 'long', 'bald', 'cap'] as const);
  return {
    bib: bib ?? randomBibNumber(rng),
    look: {
      skin: rng.pick(SKIN_TONES),
      hair: rng.pick(HAIR_COLOURS),
      hairStyle,
      capColour: rng.pick(CAP_COLOURS),
      shirt: rng.pick(SHIRT_COLOURS),
      sleeves: rng.chance(0.65),
      shorts: rng.pick(SHORTS_COLOURS),
      shoes: rng.pick(SHOE_COLOURS),
      socks: rng.pick(['#f5f5f5', '#f5f5f5', '#111111', '#9ca3af', '#f97316']),
      sunglasses: rng.chance(0.25),
      build: rng.range(0.9, 1.12),
    },
    bibStyle: randomBibStyle(rng),
    stature: rng.range(1.58, 1.92),
  };
}

export function randomPose(rng: Rng, facing: 'front' | 'back', crossArm: boolean): Pose {
  return {
    side: rng.chance(0.5) ? 1 : -1,
    kneeLift: rng.range(0.1, 1),
    armCross: crossArm ? rng.range(0.75, 1) : rng.range(0, 0.3),
    facing,
  };
}
