/** The mosaic is 5 columns by 4 rows. */
export const MOSAIC_COLUMNS = 5;
export const MOSAIC_ROWS = 4;
export const MOSAIC_TILES = MOSAIC_COLUMNS * MOSAIC_ROWS;

export interface MosaicPick<T> {
  /** Exactly MOSAIC_TILES photos (repeated when the event has fewer), or none. */
  tiles: T[];
  /** The photos not on a tile: what a swap brings in. */
  candidates: T[];
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** 20 random photos for the tiles, the rest kept as swap candidates; fewer than 20 repeat. */
export function pickMosaic<T>(photos: readonly T[], random: () => number = Math.random): MosaicPick<T> {
  if (photos.length === 0) return { tiles: [], candidates: [] };
  const order = shuffled(photos, random);
  if (order.length >= MOSAIC_TILES) {
    return { tiles: order.slice(0, MOSAIC_TILES), candidates: order.slice(MOSAIC_TILES) };
  }
  const tiles = Array.from({ length: MOSAIC_TILES }, (_, i) => order[i % order.length]!);
  return { tiles, candidates: [] };
}

export interface SwapPick<T> {
  /** The photo the tile shows next. */
  incoming: T;
  /** The candidates once the outgoing photo has joined them. */
  candidates: T[];
}

/**
 * Which photo replaces `tiles[tile]`: a random candidate (the outgoing photo becomes one), or,
 * when every photo is already on a tile, another photo of the event. Null when there is none.
 */
export function pickSwap<T>(
  tiles: readonly T[],
  candidates: readonly T[],
  tile: number,
  random: () => number = Math.random,
  same: (a: T, b: T) => boolean = Object.is,
): SwapPick<T> | null {
  const outgoing = tiles[tile];
  if (outgoing === undefined) return null;
  if (candidates.length > 0) {
    const i = Math.min(candidates.length - 1, Math.floor(random() * candidates.length));
    const incoming = candidates[i]!;
    const rest = candidates.filter((_, j) => j !== i);
    return { incoming, candidates: [...rest, outgoing] };
  }
  const others = tiles.filter((t, i, all) => !same(t, outgoing) && all.findIndex((u) => same(u, t)) === i);
  if (others.length === 0) return null;
  const incoming = others[Math.min(others.length - 1, Math.floor(random() * others.length))]!;
  return { incoming, candidates: [] };
}
