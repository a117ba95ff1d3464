/**
 * Where a face counts as "you". Measured on real race photos (docs/selfie-search.md, "Thresholds
 * on real faces"): with `faceres`, the same runner on two photos scored 0.27–0.93 and different
 * runners up to 0.75, so no similarity alone separates them: a stranger who looks a little like
 * everyone reaches 0.7 against many selfies. What separates them better is how far a face stands
 * out from the event's other faces for this selfie (`FaceMatch.standout`, in standard deviations
 * of the selfie's similarities to every face of the event): nearly all of those are strangers.
 *
 * A match needs both: the event's threshold (`selfie_config.match_threshold`, default
 * MATCH_SIMILARITY) and MATCH_STANDOUT. The standout bars were chosen on the tuning runners of
 * the real set: with each face described with its mirror image (the face recipe), their
 * strangers reach up to 3.36 in the measuring tool (3.22 before the mirror; a little more
 * through the API, where the event's faces differ by a face or two), so a match needs about a
 * quarter above that.
 */
export const MATCH_SIMILARITY = 0.6;
/** How far below an event's threshold a face is still shown, as "maybe you" rather than nothing. */
export const MAYBE_MARGIN = 0.1;
/** The default threshold's "maybe you" floor. */
export const MAYBE_SIMILARITY = 0.5;
/** A match stands out from the event's faces by at least this many standard deviations. */
export const MATCH_STANDOUT = 3.6;
/** "Maybe you" stands out by at least this much (on the tuning runners' faces alone: 95.6 % right, 93.6 % with the mirror). */
export const MAYBE_STANDOUT = 3;
/**
 * With fewer faces than this the event's spread says nothing, and there are few strangers to take
 * for the visitor: a face is held to the event's threshold alone, "maybe you" MAYBE_MARGIN under
 * it, as before the standout was measured. (Holding small events to 0.75 instead, 97 % right on
 * the tuning runners' pairs, made a webcam portrait of a man only "maybe" himself on a two-photo
 * event.)
 */
export const MIN_STANDOUT_FACES = 30;

export type MatchTier = 'match' | 'maybe';

/** The bars a face is held to in an event of `faces` faces whose threshold is `threshold`. */
export interface MatchBars {
  match: { similarity: number; standout: number };
  maybe: { similarity: number; standout: number };
}

export function matchBars(threshold: number, faces: number): MatchBars {
  const round = (x: number) => Math.round(x * 1000) / 1000;
  if (faces < MIN_STANDOUT_FACES)
    return {
      match: { similarity: threshold, standout: -Infinity },
      maybe: { similarity: round(threshold - MAYBE_MARGIN), standout: -Infinity },
    };
  return {
    match: { similarity: threshold, standout: MATCH_STANDOUT },
    maybe: { similarity: round(threshold - MAYBE_MARGIN), standout: MAYBE_STANDOUT },
  };
}

export function matchTier(
  found: { similarity: number; standout: number },
  bars: MatchBars,
): MatchTier | null {
  const reaches = (bar: { similarity: number; standout: number }) =>
    found.similarity >= bar.similarity && found.standout >= bar.standout;
  if (reaches(bars.match)) return 'match';
  if (reaches(bars.maybe)) return 'maybe';
  return null;
}
