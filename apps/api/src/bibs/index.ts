/** Bib recognition: offline OCR, bib filtering, search strategies. Pure engines: no database, no HTTP. */
export {
  createOcrEngine,
  sharedOcrEngine,
  defaultModelPaths,
  UnreadableImageError,
} from './ocr-engine.js';
export type {
  OcrEngine,
  OcrEngineOptions,
  OcrModelPaths,
  OcrTextLine,
  ReadTextOptions,
} from './ocr-engine.js';
export {
  readBibs,
  bibsFromLines,
  registeredCompletions,
  COMPLETION_FACTOR,
  CUT_OFF_PENALTY,
  type BibDetection,
  type CutOff,
  type ReadBibsOptions,
} from './read-bibs.js';
export {
  normaliseBibText,
  bibNumberPart,
  typedBib,
  DEFAULT_BIB_PATTERN,
  DIGITS_BIB_PATTERN,
  LETTERED_BIB_PATTERN,
  type NormalisedBib,
} from './bib-text.js';
export {
  bibFormatRules,
  usualDigitCount,
  usualDigitLengths,
  type BibFormatRules,
} from './bib-format.js';
export { decoyKind, type DecoyKind } from './decoys.js';
export { isSmallPrint, SMALL_PRINT_RATIO, type PrintedLine } from './layout.js';
export { searchableBibs, type BibStrategy, type SearchableBibsInput } from './strategies.js';
export type { Box } from './geometry.js';
