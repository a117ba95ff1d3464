/**
 * Synthetic race photos for demo data, tests and OCR benchmarks: SVG scenes rasterised
 * by sharp (librsvg), with exact bib ground truth and camera EXIF.
 *
 * - Same seed, same bytes and ground truth.
 * - `bibs[].box` is the rotated bib's axis-aligned box in output pixels; `occluded` is set
 *   when any digit is partly covered (arm, another runner). Bibs more than 40% hidden are
 *   avoided, and about one photo in ten has no bib at all (runners from behind, crowd).
 * - EXIF: Make, Model, DateTimeOriginal in UTC with OffsetTimeOriginal "+00:00" and
 *   SubSecTimeOriginal milliseconds, so capturedAt round-trips exactly.
 * - Bibs carry the event name and the year (e.g. "2026") as deliberate OCR distractors.
 */
export type { SceneBib, RenderedScene } from './render.js';
export type { SceneOptions } from './scene.js';
export { renderRaceScene, defaultCaptureTime, DEFAULT_WIDTH, DEFAULT_HEIGHT } from './scene.js';
export type { SeriesOptions } from './series.js';
export { renderRaceSeries, planSeries } from './series.js';
