/**
 * Whose bib is it? On a race photo the bib sits on the chest, below its wearer's face: the face
 * above the bib, horizontally over it, nearest to it. Used by "more photos of you": the wearer's
 * face on the photos a bib search finds becomes a selfie for the photos where the bib is hidden.
 */
import type { FaceBox } from './tiles.js';

/**
 * The face of the bib's wearer, or null when no face is plausibly theirs: its centre must lie
 * over the bib (within one face width of its sides), its bottom above the bib's top, and the gap
 * at most `maxGap` face heights (a chest is 1–4 face heights tall, depending on pose and lens).
 */
export function wearerFace<F extends { box: FaceBox }>(
  faces: F[],
  bib: FaceBox,
  maxGap = 5,
): F | null {
  let best: { face: F; gap: number } | null = null;
  for (const face of faces) {
    const { x, y, width, height } = face.box;
    const centre = x + width / 2;
    if (centre < bib.x - width || centre > bib.x + bib.width + width) continue;
    const gap = (bib.y - (y + height)) / height;
    if (gap < -0.25 || gap > maxGap) continue;
    // Prefer the nearest face, and among those the most centred over the bib.
    const offset = Math.abs(centre - (bib.x + bib.width / 2)) / width;
    const cost = gap + offset;
    if (!best || cost < best.gap) best = { face, gap: cost };
  }
  return best?.face ?? null;
}

/**
 * The bib a face wears, among the bibs on its photo: the one whose wearer (above) it is; else, on
 * a photo of one face and one bib tagged without a box (an operator's tag), that bib; else null.
 * A selfie's match offers "This is me" with it (the runner's page of that bib).
 */
export function wornBib<F extends { id: number; box: FaceBox }>(
  faces: F[],
  bibs: Array<{ bib: string; box: FaceBox | null }>,
  faceId: number,
): string | null {
  for (const { bib, box } of bibs) {
    if (box && wearerFace(faces, box)?.id === faceId) return bib;
  }
  const distinct = new Set(bibs.map((b) => b.bib));
  if (
    faces.length === 1 &&
    faces[0]!.id === faceId &&
    distinct.size === 1 &&
    bibs.every((b) => !b.box)
  )
    return bibs[0]!.bib;
  return null;
}

/**
 * Which of a photo's faces wear one of its bibs (`wornBib`, the rule "This is me" uses): the
 * runners, for an event that indexes only them (`selfie_config.indexed_faces`).
 */
export function wearsBib(
  faces: ReadonlyArray<{ box: FaceBox }>,
  bibs: Array<{ bib: string; box: FaceBox | null }>,
): boolean[] {
  const numbered = faces.map((face, id) => ({ id, box: face.box }));
  return numbered.map((face) => wornBib(numbered, bibs, face.id) !== null);
}
