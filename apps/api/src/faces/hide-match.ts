/**
 * "Hide me everywhere": which faces a runner's request hides, and which bib readings go with them.
 * Pure: no database, no images.
 */
import { wearerFace } from './wearer.js';
import type { FaceBox } from './tiles.js';
import { cosineSimilarity } from './vectors.js';

/**
 * The similarity a face needs to be hidden by a request: the default "match" of selfie search,
 * and, as a selfie's match, standing out from the event's faces (faces/thresholds.ts: a hide
 * holds a face to the same bar as a selfie search, never a looser one).
 * Measured (docs/selfie-search.md, bench): at 0.60 one person in two photos is caught 81 % of
 * the time and 1 % of different-person pairs pass; at the "maybe" floor 0.50 every same-person
 * pair passed but 8 % of strangers did. A hide changes photos for everyone and cannot be undone
 * by the visitor, so it takes the stricter bar, and at most one face per photo (the runner
 * appears once on a photo: a look-alike beside them stays as it is). Not the event's own
 * threshold: an organiser who lowers it to show more "maybe" photos must not blur more strangers.
 */
export const HIDE_SIMILARITY = 0.6;

/**
 * For each face of a new photo, whether one of the requests hides it: each request its most
 * similar face, at HIDE_SIMILARITY or above, and at or above the request's own bar where one is
 * given (`bars[i]`, what standing out from the event's faces takes: services/hides.ts).
 */
export function facesToHide(
  requests: ReadonlyArray<ArrayLike<number>>,
  faces: ReadonlyArray<{ embedding: ArrayLike<number> }>,
  bars: readonly number[] = [],
): boolean[] {
  const hide = faces.map(() => false);
  for (const [r, request] of requests.entries()) {
    const threshold = Math.max(HIDE_SIMILARITY, bars[r] ?? -Infinity);
    let best = -1;
    let at = -1;
    for (const [i, face] of faces.entries()) {
      const similarity = cosineSimilarity(request, face.embedding);
      if (similarity > best) [best, at] = [similarity, i];
    }
    if (at >= 0 && best >= threshold) hide[at] = true;
  }
  return hide;
}

export interface BibReading {
  bib: string;
  boxX: number | null;
  boxY: number | null;
  boxW: number | null;
  boxH: number | null;
}

function boxOf(r: BibReading): FaceBox | null {
  if (r.boxX === null || r.boxY === null || r.boxW === null || r.boxH === null) return null;
  return { x: r.boxX, y: r.boxY, width: r.boxW, height: r.boxH };
}

const sameBox = (a: FaceBox, b: FaceBox) =>
  a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;

/**
 * The bibs of a photo that stop finding it: each reading whose wearer (faces/wearer.ts, among
 * every face of the photo) is a hidden face, and readings of the bib the runner gave; with each,
 * the other rows of the same box (a lettered bib's number, stored beside it).
 */
export function hiddenBibs(
  readings: readonly BibReading[],
  faces: Array<{ id: number; box: FaceBox }>,
  hidden: ReadonlySet<number>,
  bib?: string,
): string[] {
  const targets: BibReading[] = [];
  for (const reading of readings) {
    const box = boxOf(reading);
    if (reading.bib === bib) targets.push(reading);
    else if (box && hidden.has(wearerFace(faces, box)?.id ?? -1)) targets.push(reading);
  }
  const bibs = new Set<string>();
  for (const reading of readings) {
    const box = boxOf(reading);
    if (targets.some((t) => t === reading || (box && boxOf(t) && sameBox(boxOf(t)!, box))))
      bibs.add(reading.bib);
  }
  return [...bibs].sort();
}
