/** One synthetic race photo from a seed. */
import { CAMERAS } from './palette.js';
import { EVENT_NAMES, planSingleFrame } from './plan.js';
import { createRng } from './prng.js';
import { renderFrame, type RenderedScene } from './render.js';

export interface SceneOptions {
  seed: number;
  width?: number;
  height?: number;
  eventName?: string;
  capturedAt?: Date;
  bibPool?: string[];
}

export const DEFAULT_WIDTH = 1600;
export const DEFAULT_HEIGHT = 1067;

export function assertFrameSize(width: number, height: number): void {
  for (const [name, value] of [['width', width], ['height', height]] as const) {
    if (!Number.isInteger(value) || value < 64 || value > 8000) throw new RangeError(`scene ${name} must be an integer in 64..8000, got ${value}`);
  }
}

/** A race-morning timestamp in 2026 derived from the seed. */
export function defaultCaptureTime(seed: number): Date {
  const rng = createRng(seed).fork(7);
  return new Date(Date.UTC(2026, rng.int(3, 9), rng.int(1, 28), rng.int(7, 11), rng.int(0, 59), rng.int(0, 59), rng.int(0, 999)));
}

export function renderRaceScene(options: SceneOptions): Promise<RenderedScene> {
  const width = options.width ?? DEFAULT_WIDTH;
  const height = options.height ?? DEFAULT_HEIGHT;
  assertFrameSize(width, height);
  const rng = createRng(options.seed);
  const capturedAt = options.capturedAt ?? defaultCaptureTime(options.seed);
  const eventName = options.eventName ?? rng.fork(3).pick(EVENT_NAMES);
  const plan = planSingleFrame(rng.fork(4), {
    width,
    height,
    eventName,
    year: capturedAt.getUTCFullYear(),
    ...(options.bibPool ? { bibPool: options.bibPool } : {}),
  });
  return renderFrame(plan, capturedAt, rng.fork(5).pick(CAMERAS));
}
