import { mayBeSameRunner } from './fusion.js';
import type { MatchTier } from './thresholds.js';

/**
 * A selfie's face and the bib under it confirm each other. On real race photos a runner's face
 * is small and often turned, in sunglasses or half hidden, and the descriptor finds only some of
 * their photos; their bib is read on most of them. So when the faces a selfie matches wear one
 * read bib, that bib is the visitor's: its photos join the answer, and a matched face above
 * another runner's read bib is dropped (a stranger who resembles the visitor).
 */

/** A photo a selfie matched: the bib read under the matched face (faces/wearer.ts), if any. */
export interface MatchedPhoto {
  photo: string;
  bib: string | null;
}

/**
 * The bib the selfie's matches agree on, or null. Every matched face that wears a read bib must
 * wear this one (a bib and the same number with a prefix count as one runner): two different
 * runners' bibs among the matches mean one of them is a stranger, and which one cannot be told.
 */
export function bibOfSelfie(matched: readonly MatchedPhoto[]): string | null {
  const worn = matched.map((m) => m.bib).filter((bib): bib is string => bib !== null);
  if (worn.length === 0) return null;
  const first = worn[0]!;
  if (!worn.every((bib) => mayBeSameRunner([bib], [first]))) return null;
  // The plainest spelling (digits alone if read so somewhere): the one a bib search is asked for.
  return worn.reduce((best, bib) => (bib.length < best.length ? bib : best), first);
}

/**
 * The matched photos kept once the visitor's bib is known: none whose matched face wears another
 * runner's read bib. Without a bib of the visitor's, all are kept.
 */
export function keptWithBib<T extends MatchedPhoto>(
  matched: readonly T[],
  yours: string | null,
): T[] {
  if (yours === null) return [...matched];
  return matched.filter((m) => m.bib === null || mayBeSameRunner([m.bib], [yours]));
}

/** A photo a selfie answered: its most similar face, how similar, and the tier it reached. */
export interface Found {
  similarity: number;
  /** The face's id; -1 for a photo found by the bib alone. */
  face: number;
  tier: MatchTier;
  /** Found by the visitor's bib: the bib, and no face of the photo matched. */
  byBib?: string;
}

/**
 * The answer widened by the visitor's bib: when the sure matches wear one read bib, the photos of
 * that bib are the visitor's too (a "maybe you" face on one becomes a match), and a face above
 * another runner's read bib is dropped. `worn` gives the bib read under a photo's face.
 */
export async function widenByBib(
  best: ReadonlyMap<string, Found>,
  worn: (photo: string, face: number) => string | null,
  photosOfBib: (bib: string) => Promise<ReadonlyArray<{ uuid: string }>>,
): Promise<Map<string, Found>> {
  const found = [...best].map(([photo, f]) => ({ photo, bib: worn(photo, f.face), f }));
  const yours = bibOfSelfie(found.filter(({ f }) => f.tier === 'match'));
  if (yours === null) return new Map(best);
  const kept = new Map(keptWithBib(found, yours).map(({ photo, f }) => [photo, f]));
  // The evidence the bib rests on: the most similar sure match above it.
  const evidence = Math.max(
    ...found
      .filter(({ bib, f }) => bib !== null && f.tier === 'match')
      .map(({ f }) => f.similarity),
  );
  for (const { uuid } of await photosOfBib(yours)) {
    const known = kept.get(uuid);
    if (known?.tier === 'match') continue;
    kept.set(
      uuid,
      known
        ? { ...known, tier: 'match' }
        : { similarity: evidence, face: -1, tier: 'match', byBib: yours },
    );
  }
  return kept;
}
