/** Bib numbers on a photo: OCR text lines, kept when they look like a bib and are printed like one. */
import { DEFAULT_BIB_PATTERN, normaliseBibText } from './bib-text.js';
import type { Box } from './geometry.js';
import { isSmallPrint } from './layout.js';
import { sharedOcrEngine, type OcrEngine, type OcrTextLine } from './ocr-engine.js';

export interface BibDetection {
  bib: string;
  /** 0..1 */
  confidence: number;
  /** Where the number is, in the photo's pixels (after EXIF orientation). */
  box: Box;
}

export interface ReadBibsOptions {
  /** Default: the process's shared engine. */
  engine?: OcrEngine;
  /** What a bib looks like after normalisation; default 1–6 digits (`DEFAULT_BIB_PATTERN`). */
  pattern?: RegExp;
  /**
   * The event's bibs from its race results. A reading in the set gains confidence (half its
   * doubt is removed); one outside it loses half its confidence, so at any usual threshold
   * only registered bibs remain, yet the reading is still there for an operator to review.
   */
  registeredBibs?: ReadonlySet<string>;
  /** Readings below this are not reported at all; default 0.5. */
  minConfidence?: number;
  /** Long side of the image the detector sees; default the engine's (960). */
  detectionSide?: number;
}

/** Rejects with `UnreadableImageError` when the bytes are not an image. */
export async function readBibs(image: Buffer, options: ReadBibsOptions = {}): Promise<BibDetection[]> {
  const engine = options.engine ?? sharedOcrEngine();
  const lines = await engine.readText(image, { skipSmallPrint: true, ...(options.detectionSide ? { detectionSide: options.detectionSide } : {}) });
  return bibsFromLines(lines, options);
}

/** Each repaired letter ("O" read for "0") costs this share of confidence. */
const REPAIR_PENALTY = 0.9;
/** A number whose line does not end on its background at both ends is likely cut off: "9505" of 95056. */
const CUT_OFF_PENALTY = 0.5;
const CUT_OFF_BELOW = 0.5;

/**
 * The pure half of `readBibs`: from text lines to bib detections. Confidence is the
 * recogniser's, times 0.9 per repaired letter, halved when the number looks cut off (an arm
 * or another runner hides its end, so the digits read are only part of the bib), then
 * adjusted for registered bibs.
 */
export function bibsFromLines(lines: readonly OcrTextLine[], options: Omit<ReadBibsOptions, 'engine' | 'detectionSide'> = {}): BibDetection[] {
  const pattern = options.pattern ?? DEFAULT_BIB_PATTERN;
  const minConfidence = options.minConfidence ?? 0.5;
  const best = new Map<string, BibDetection>();
  for (const line of lines) {
    const normalised = normaliseBibText(line.text, pattern);
    if (!normalised) continue;
    if (isSmallPrint(line, lines)) continue;
    let confidence = line.confidence * REPAIR_PENALTY ** normalised.repairs;
    if (Math.min(line.ends.left, line.ends.right) < CUT_OFF_BELOW) confidence *= CUT_OFF_PENALTY;
    if (options.registeredBibs) {
      confidence = options.registeredBibs.has(normalised.bib) ? 1 - (1 - confidence) / 2 : confidence / 2;
    }
    if (confidence < minConfidence) continue;
    const seen = best.get(normalised.bib);
    if (!seen || seen.confidence < confidence) best.set(normalised.bib, { bib: normalised.bib, confidence, box: line.box });
  }
  return [...best.values()].sort((a, b) => b.confidence - a.confidence);
}
