/**
 * Which bibs a photo is found by, from the event's `bib_config.strategies` (contract
 * `BIB_STRATEGIES`). Pure: the job worker stores OCR detections and operators' tags, and this
 * decides what search sees, so changing an event's strategies or threshold needs no re-OCR.
 */
import type { BibConfig } from '@eventsite/contract';
import { canonicalBib } from '../results/bib-query.js';
import type { BibDetection } from './read-bibs.js';

export type BibStrategy = BibConfig['strategies'][number];

export interface SearchableBibsInput {
  detections: readonly Pick<BibDetection, 'bib' | 'confidence'>[];
  /**
   * Tags an operator set on the photo. `null`/`undefined`: nobody reviewed the photo.
   * An empty array is a review that found no bib ("remove the wrong reading"), and it
   * overrides OCR like any other manual tagging.
   */
  manualTags?: readonly string[] | null;
  strategies: readonly BibStrategy[];
  /** `bib_config.global_confidence_threshold`, 0..1. */
  threshold: number;
  /** Bibs in the event's race results; `undefined` when none were uploaded. */
  registeredBibs?: ReadonlySet<string> | undefined;
}

/**
 * - `manual`: a reviewed photo is found by exactly its manual tags; OCR on it is ignored. The
 *   operator looked at the photo, so their answer is complete: a wrong reading can be removed
 *   and a missed bib added in one edit, with no reading coming back after a re-run.
 * - `ocr`: readings at or above the threshold.
 * - `results`: readings at or above the threshold whose bib is in the race results. With
 *   `ocr` as well it is a filter that starts once results are uploaded (until then `ocr`
 *   alone applies); on its own, nothing is found by OCR before results exist.
 *
 * Manual tags are compared in canonical form (`canonicalBib`: "007" is 7). Returns unique
 * bibs in ascending order.
 */
export function searchableBibs(input: SearchableBibsInput): string[] {
  const strategies = new Set(input.strategies);
  if (strategies.has('manual') && input.manualTags != null)
    return sortedUnique(
      input.manualTags.map((tag) => canonicalBib(tag.trim())).filter((tag) => tag !== ''),
    );
  const useOcr = strategies.has('ocr');
  const useResults = strategies.has('results');
  if (!useOcr && !useResults) return [];
  let readings = input.detections.filter((d) => d.confidence >= input.threshold).map((d) => d.bib);
  if (useResults) {
    const registered = input.registeredBibs;
    if (registered) readings = readings.filter((bib) => registered.has(bib));
    else if (!useOcr) readings = [];
  }
  return sortedUnique(readings);
}

function sortedUnique(bibs: readonly string[]): string[] {
  return [...new Set(bibs)].sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
}
