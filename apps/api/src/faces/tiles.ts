/**
 * Small faces on a large photo: the face detector sees the whole frame at 256 px, so a face under
 * about 100 px on a 1600 px photo is missed. The photo is also cut into overlapping tiles, each
 * searched on its own; detections are mapped back and duplicates merged.
 */

export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Tile {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface TileOptions {
  /** Side of a tile; default 640. */
  size?: number;
  /**
   * Overlap of neighbouring tiles; default 192. A face smaller than this lies wholly inside some
   * tile, so a detection cut by a tile's inner edge can be dropped.
   */
  overlap?: number;
}

export const DEFAULT_TILE_SIZE = 640;
export const DEFAULT_TILE_OVERLAP = 192;

/**
 * Overlapping tiles covering a `width`×`height` image, or none when the image is not much larger
 * than a tile (the whole-frame pass already sees its faces at a useful size).
 */
export function planTiles(width: number, height: number, options: TileOptions = {}): Tile[] {
  const size = options.size ?? DEFAULT_TILE_SIZE;
  const overlap = options.overlap ?? DEFAULT_TILE_OVERLAP;
  if (Math.max(width, height) < size * 1.5) return [];
  const starts = (length: number): number[] => {
    if (length <= size) return [0];
    const count = Math.ceil((length - overlap) / (size - overlap));
    const step = (length - size) / (count - 1);
    return Array.from({ length: count }, (_, i) => Math.round(i * step));
  };
  const tiles: Tile[] = [];
  for (const y of starts(height))
    for (const x of starts(width))
      tiles.push({ x, y, width: Math.min(size, width - x), height: Math.min(size, height - y) });
  return tiles;
}

/**
 * Whether a box found in `tile` touches one of the tile's edges that lies inside the image: the
 * face may be cut there, and (being smaller than the overlap) is whole in a neighbouring tile.
 */
export function touchesInnerEdge(
  box: FaceBox,
  tile: Tile,
  imageWidth: number,
  imageHeight: number,
  margin = 2,
): boolean {
  return (
    (tile.x > 0 && box.x <= tile.x + margin) ||
    (tile.y > 0 && box.y <= tile.y + margin) ||
    (tile.x + tile.width < imageWidth && box.x + box.width >= tile.x + tile.width - margin) ||
    (tile.y + tile.height < imageHeight && box.y + box.height >= tile.y + tile.height - margin)
  );
}

export function intersection(a: FaceBox, b: FaceBox): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

export function iou(a: FaceBox, b: FaceBox): number {
  const inter = intersection(a, b);
  return inter === 0 ? 0 : inter / (a.width * a.height + b.width * b.height - inter);
}

/**
 * Greedy non-maximum suppression over detections from the whole frame and the tiles: best score
 * first; a box is a duplicate when it overlaps a kept one by `minIou`, or when most (`minCover`)
 * of the smaller box lies inside it (a partial detection of the same face).
 */
export function mergeDetections<T extends { box: FaceBox; score: number }>(
  detections: T[],
  options: { minIou?: number; minCover?: number } = {},
): T[] {
  const minIou = options.minIou ?? 0.3;
  const minCover = options.minCover ?? 0.6;
  const sorted = [...detections].sort((a, b) => b.score - a.score);
  const kept: T[] = [];
  for (const d of sorted) {
    const duplicate = kept.some((k) => {
      const inter = intersection(k.box, d.box);
      if (inter === 0) return false;
      const smaller = Math.min(k.box.width * k.box.height, d.box.width * d.box.height);
      return iou(k.box, d.box) >= minIou || inter / smaller >= minCover;
    });
    if (!duplicate) kept.push(d);
  }
  return kept;
}
