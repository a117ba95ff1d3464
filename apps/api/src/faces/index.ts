/** Face search: offline detection and descriptors, similarity, the per-event index. Pure engines: no database, no HTTP. */
export {
  createFaceEngine,
  sharedFaceEngine,
  detectFaces,
  locateFaces,
  UnreadableImageError,
  DEFAULT_WORKING_SIDE,
} from './engine.js';
export type { Face, FaceEngine, FaceEngineOptions, DetectFacesOptions } from './engine.js';
export { defaultHumanPaths, humanConfig, type HumanPaths } from './human.js';
export { FaceIndex, type FaceMatch, type FaceSearchOptions } from './face-index.js';
export { EMBEDDING_LENGTH, normalise, cosineSimilarity, isUnitEmbedding } from './vectors.js';
export {
  planTiles,
  mergeDetections,
  iou,
  touchesInnerEdge,
  DEFAULT_TILE_SIZE,
  DEFAULT_TILE_OVERLAP,
  type FaceBox,
  type Tile,
  type TileOptions,
} from './tiles.js';
export {
  MATCH_SIMILARITY,
  MAYBE_SIMILARITY,
  MAYBE_MARGIN,
  MATCH_STANDOUT,
  MAYBE_STANDOUT,
  matchBars,
  matchTier,
  type MatchBars,
  type MatchTier,
} from './thresholds.js';
export {
  QUALITY_LIMITS,
  unidentifiable,
  type FaceQuality,
  type QualityLimits,
  type Unidentifiable,
} from './quality.js';
