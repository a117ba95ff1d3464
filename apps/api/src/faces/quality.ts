/**
 * Whether a face can identify someone: measured on the face as the descriptor sees it (the crop
 * it is described from), from its size on the photo, its sharpness and its pose. A face that
 * fails is not indexed (`ingest/faces.ts`): it would only match strangers, and a person far in
 * the background is not made searchable. A selfie that fails is answered with what to change.
 * The limits were chosen on real race photos (docs/selfie-search.md, "Which faces are indexed").
 */
export interface FaceQuality {
  /** The detector box's shorter side on the photo, in pixels (about eyebrows to mouth). */
  size: number;
  /** Edge strength of the face at a fixed scale over its contrast (0 = flat blur). */
  sharpness: number;
  /** Head turn left/right and up/down, in degrees (0 facing the camera), from the face mesh. */
  yaw: number;
  pitch: number;
}

/** Why a face cannot identify anyone; null when it can. */
export type Unidentifiable = 'small' | 'blurred' | 'turned';

export interface QualityLimits {
  minSize: number;
  minSharpness: number;
  maxYaw: number;
  maxPitch: number;
}

/**
 * The product's limits (docs/selfie-search.md, "Which faces are indexed"). On the real race set
 * every labelled face is 43 px or more, sharper than 0.3 and turned under 40°, and tightening
 * any limit only lost true matches: these turn away what is clearly hopeless (a face under 32 px,
 * a head turned past 45° or tilted past 35°, a smear) and were not fitted closer.
 */
export const QUALITY_LIMITS: QualityLimits = {
  minSize: 32,
  minSharpness: 0.2,
  maxYaw: 45,
  maxPitch: 35,
};

export function unidentifiable(
  quality: FaceQuality,
  limits: QualityLimits = QUALITY_LIMITS,
): Unidentifiable | null {
  if (quality.size < limits.minSize) return 'small';
  if (Math.abs(quality.yaw) > limits.maxYaw || Math.abs(quality.pitch) > limits.maxPitch)
    return 'turned';
  if (quality.sharpness < limits.minSharpness) return 'blurred';
  return null;
}
