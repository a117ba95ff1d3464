import { describe, expect, it } from 'vitest';
import { clippedSpread, FaceIndex } from './face-index.js';
import { matchBars, matchTier, MATCH_STANDOUT, MIN_STANDOUT_FACES } from './thresholds.js';
import { QUALITY_LIMITS, unidentifiable } from './quality.js';

/** Deterministic pseudo-random non-negative vectors (like `faceres` descriptors: strangers ~0.7 alike). */
function vectors(count: number, seed: number): Float32Array[] {
  let state = seed;
  const next = (): number => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  return Array.from({ length: count }, () => Float32Array.from({ length: 1024 }, () => next()));
}

/** `base` moved towards `towards`: similarity falls as `weight` grows. */
function blend(base: Float32Array, towards: Float32Array, weight: number): Float32Array {
  return Float32Array.from(base, (v, i) => v * (1 - weight) + towards[i]! * weight);
}

describe('standing out from the event’s faces', () => {
  const strangers = vectors(200, 7);
  const you = vectors(1, 99)[0]!;
  // The runner on two photos, seen differently; a look-alike of everyone.
  const yourFaces = [blend(you, strangers[0]!, 0.3), blend(you, strangers[1]!, 0.4)];
  const index = new FaceIndex();
  strangers.forEach((v, i) => index.add(i + 1, `stranger-${i}`, v));
  yourFaces.forEach((v, i) => index.add(1000 + i, `you-${i}`, v));

  it('puts the runner’s faces far above strangers who are just as similar in absolute terms', () => {
    const found = index.search(you, { limit: 5 });
    expect(found.slice(0, 2).map((m) => m.photoId).sort()).toEqual(['you-0', 'you-1']);
    expect(found[0]!.standout).toBeGreaterThan(MATCH_STANDOUT);
    // Strangers are very alike here (random non-negative vectors): similarity alone says little.
    expect(found[2]!.similarity).toBeGreaterThan(0.7);
    expect(found[2]!.standout).toBeLessThan(MATCH_STANDOUT);
  });

  it('keeps only faces standing out enough, and says how much', () => {
    const sure = index.search(you, { limit: 50, minStandout: MATCH_STANDOUT });
    expect(sure.map((m) => m.photoId).sort()).toEqual(['you-0', 'you-1']);
    expect(index.search(you, { limit: 50, minStandout: 1000 })).toEqual([]);
  });

  it('is not widened by the person’s own faces: the spread leaves out those far above it', () => {
    const values = Float32Array.from([...Array.from({ length: 100 }, (_, i) => 0.5 + (i % 10) / 100), 0.99, 0.98]);
    const clipped = clippedSpread(values);
    expect(clipped.mean).toBeCloseTo(0.545, 3);
    expect(clipped.spread).toBeLessThan(0.03);
  });

  it('holds small events to a similarity alone, the event’s threshold raising it', () => {
    const small = matchBars(0.6, MIN_STANDOUT_FACES - 1);
    expect(matchTier({ similarity: 0.8, standout: 0 }, small)).toBe('match');
    expect(matchTier({ similarity: 0.62, standout: 0 }, small)).toBe('match');
    expect(matchTier({ similarity: 0.55, standout: 0 }, small)).toBe('maybe');
    expect(matchTier({ similarity: 0.45, standout: 9 }, small)).toBeNull();
    expect(matchTier({ similarity: 0.8, standout: 0 }, matchBars(0.9, 5))).toBe('maybe');
    expect(matchTier({ similarity: 0.75, standout: 0 }, matchBars(0.9, 5))).toBeNull();
    const big = matchBars(0.6, MIN_STANDOUT_FACES);
    expect(matchTier({ similarity: 0.65, standout: 4 }, big)).toBe('match');
    expect(matchTier({ similarity: 0.9, standout: 1 }, big)).toBeNull();
    expect(matchTier({ similarity: 0.55, standout: 4 }, big)).toBe('maybe');
  });
});

describe('faces that can identify someone', () => {
  const good = { size: 60, sharpness: 0.6, yaw: 5, pitch: -3 };
  it('says why a face cannot', () => {
    expect(unidentifiable(good)).toBeNull();
    expect(unidentifiable({ ...good, size: QUALITY_LIMITS.minSize - 1 })).toBe('small');
    expect(unidentifiable({ ...good, yaw: -60 })).toBe('turned');
    expect(unidentifiable({ ...good, pitch: 40 })).toBe('turned');
    expect(unidentifiable({ ...good, sharpness: 0.05 })).toBe('blurred');
  });
});
