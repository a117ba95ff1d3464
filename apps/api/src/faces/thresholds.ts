/**
 * Where a face counts as "you". Measured on the sample faces shipped with `@vladmandic/human`
 * (docs/selfie-search.md): one person across 8 different photos scored 0.51–0.72 against each
 * other (median 0.635); that person against 24 other people 0.21–0.55 (90th percentile 0.44).
 * An event sets its own threshold (`selfie_config.match_threshold`); this is the default.
 */
export const MATCH_SIMILARITY = 0.6;
/** How far below an event's threshold a face is still shown, as "maybe you" rather than nothing. */
export const MAYBE_MARGIN = 0.1;
/** The default threshold's "maybe you" floor. */
export const MAYBE_SIMILARITY = 0.5;

export type MatchTier = 'match' | 'maybe';

export function matchTier(
  similarity: number,
  threshold = MATCH_SIMILARITY,
  maybe = threshold - MAYBE_MARGIN,
): MatchTier | null {
  if (similarity >= threshold) return 'match';
  if (similarity >= maybe) return 'maybe';
  return null;
}
