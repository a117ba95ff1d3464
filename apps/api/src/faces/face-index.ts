/**
 * A brute-force nearest-neighbour index over one event's faces, in memory. Embeddings are unit
 * vectors stored as int8 (one scale per face) in one contiguous block; a search scores every face
 * with a SIMD dot product (WebAssembly; a plain loop where SIMD is missing) and keeps the best.
 * 100,000 faces of 1024 values take 100 MB and a search reads them once: ~20-40 ms on one core.
 */
import { createDotKernel, type DotKernel } from './dot-kernel.js';
import { EMBEDDING_LENGTH, normalise } from './vectors.js';

export interface FaceMatch {
  /** The face's id (a `photo_faces` row). */
  id: number;
  /** The photo it is on. */
  photoId: string;
  /** Cosine similarity with the query, -1..1 (to about ±0.005: values are stored as int8). */
  similarity: number;
  /**
   * How far the face stands out from the query's similarities to every face of the index, in
   * standard deviations: nearly all of an event's faces are strangers to a visitor, so this says
   * how unlike a stranger the face is, whatever the event or the descriptor's usual levels.
   * 0 when the index holds fewer than two faces or they are all alike to the query.
   */
  standout: number;
}

export interface FaceSearchOptions {
  /** At most this many faces, best first; default 100. */
  limit?: number;
  /** Only faces at least this similar; default -1 (all). */
  minSimilarity?: number;
  /** Only faces standing out at least this much (see `FaceMatch.standout`); default none. */
  minStandout?: number;
}

const INT8_MAX = 127;
const INT16_MAX = 32767;
const ALIGN = 16;

export class FaceIndex {
  readonly dimensions: number;
  #kernel: DotKernel | null;
  /** JS storage when there is no kernel. */
  #plain: Int8Array | null = null;
  #capacity = 0;
  #count = 0;
  #ids: number[] = [];
  #photos: string[] = [];
  #scales = new Float32Array(0);
  #slots = new Map<number, number>();
  /** Byte offsets inside the kernel's memory. */
  #scoresAt = 0;
  #rowsAt = 0;

  constructor(options: { dimensions?: number; simd?: boolean } = {}) {
    this.dimensions = options.dimensions ?? EMBEDDING_LENGTH;
    if (this.dimensions % ALIGN !== 0)
      throw new RangeError(`dimensions must be a multiple of ${ALIGN}`);
    this.#kernel = options.simd === false ? null : createDotKernel();
    this.#reserve(64);
  }

  get size(): number {
    return this.#count;
  }

  /** About how much memory the index holds: its rows, scales, scores and per-face bookkeeping. */
  get bytes(): number {
    return this.#capacity * (this.dimensions + 8) + this.#count * 64;
  }

  get simd(): boolean {
    return this.#kernel !== null;
  }

  has(id: number): boolean {
    return this.#slots.has(id);
  }

  /** Adds a face (or replaces the one with this id). The embedding is normalised here. */
  add(id: number, photoId: string, embedding: ArrayLike<number>): void {
    if (embedding.length !== this.dimensions)
      throw new RangeError(`embedding has ${embedding.length} values, expected ${this.dimensions}`);
    const unit = normalise(embedding);
    let slot = this.#slots.get(id);
    if (slot === undefined) {
      if (this.#count === this.#capacity) this.#reserve(this.#capacity * 2);
      slot = this.#count++;
      this.#slots.set(id, slot);
    }
    this.#ids[slot] = id;
    this.#photos[slot] = photoId;
    let max = 0;
    for (const v of unit) max = Math.max(max, Math.abs(v));
    const rows = this.#rows();
    const at = slot * this.dimensions;
    for (let i = 0; i < this.dimensions; i++)
      rows[at + i] = Math.round((unit[i]! / max) * INT8_MAX);
    this.#scales[slot] = max / INT8_MAX;
  }

  /** The stored face's unit embedding (to about ±0.005: stored as int8), or undefined. */
  embedding(id: number): Float32Array | undefined {
    const slot = this.#slots.get(id);
    if (slot === undefined) return undefined;
    const rows = this.#rows();
    const at = slot * this.dimensions;
    const scale = this.#scales[slot]!;
    return normalise(Float32Array.from(rows.subarray(at, at + this.dimensions), (v) => v * scale));
  }

  /** Removes a face; false when it was not there. */
  remove(id: number): boolean {
    const slot = this.#slots.get(id);
    if (slot === undefined) return false;
    const last = --this.#count;
    this.#slots.delete(id);
    if (slot !== last) {
      const rows = this.#rows();
      rows.copyWithin(slot * this.dimensions, last * this.dimensions, (last + 1) * this.dimensions);
      this.#ids[slot] = this.#ids[last]!;
      this.#photos[slot] = this.#photos[last]!;
      this.#scales[slot] = this.#scales[last]!;
      this.#slots.set(this.#ids[slot]!, slot);
    }
    this.#ids.length = last;
    this.#photos.length = last;
    return true;
  }

  /** Removes every face of a photo; returns how many. */
  removePhoto(photoId: string): number {
    const ids = this.#ids.filter((_, slot) => this.#photos[slot] === photoId);
    for (const id of ids) this.remove(id);
    return ids.length;
  }

  clear(): void {
    this.#count = 0;
    this.#ids = [];
    this.#photos = [];
    this.#slots.clear();
  }

  /** The faces most similar to `query` (any length-`dimensions` vector; normalised here), best first. */
  search(query: ArrayLike<number>, options: FaceSearchOptions = {}): FaceMatch[] {
    if (query.length !== this.dimensions)
      throw new RangeError(`query has ${query.length} values, expected ${this.dimensions}`);
    const limit = Math.max(0, Math.floor(options.limit ?? 100));
    const min = options.minSimilarity ?? -1;
    const unit = normalise(query);
    if (this.#count === 0 || limit === 0) return [];
    const { similarities, mean, spread } = this.#spread(unit);
    const standoutOf = (similarity: number) =>
      this.#count < 2 || spread < 1e-6 ? 0 : (similarity - mean) / spread;
    // Standing out by `minStandout` is the same as reaching this similarity.
    const minStandout = options.minStandout;
    const standoutFloor =
      minStandout === undefined
        ? -Infinity
        : spread < 1e-6
          ? Infinity
          : mean + minStandout * spread;

    // Bounded selection: a sorted list of the best `limit` so far.
    const best: { slot: number; similarity: number }[] = [];
    let floor = Math.max(min, standoutFloor);
    for (let slot = 0; slot < this.#count; slot++) {
      const similarity = similarities[slot]!;
      if (similarity < floor || (best.length === limit && similarity <= floor)) continue;
      let at = best.length;
      while (at > 0 && best[at - 1]!.similarity < similarity) at--;
      best.splice(at, 0, { slot, similarity });
      if (best.length > limit) best.pop();
      if (best.length === limit)
        floor = Math.max(min, standoutFloor, best[best.length - 1]!.similarity);
    }
    return best.map(({ slot, similarity }) => ({
      id: this.#ids[slot]!,
      photoId: this.#photos[slot]!,
      similarity: Math.max(-1, Math.min(1, similarity)),
      standout: Math.round(standoutOf(similarity) * 1000) / 1000,
    }));
  }

  /**
   * The similarity at which a face stands out from this index's faces by `standout` for this
   * query (see `FaceMatch.standout`): -Infinity with fewer than two faces (no spread to stand
   * out from), Infinity when they are all alike to it.
   */
  similarityToStandOut(query: ArrayLike<number>, standout: number): number {
    if (query.length !== this.dimensions)
      throw new RangeError(`query has ${query.length} values, expected ${this.dimensions}`);
    const unit = normalise(query);
    if (this.#count < 2) return -Infinity;
    const { mean, spread } = this.#spread(unit);
    return spread < 1e-6 ? Infinity : mean + standout * spread;
  }

  /**
   * The query's similarities to every face, their mean and spread (for `standout`): once more
   * without those already 3 spreads above, so the person's own faces do not widen it.
   */
  #spread(unit: Float32Array): { similarities: Float32Array; mean: number; spread: number } {
    let max = 0;
    for (const v of unit) max = Math.max(max, Math.abs(v));
    const queryScale = max / INT16_MAX;
    const raw = this.#score(Int16Array.from(unit, (v) => Math.round((v / max) * INT16_MAX)));
    const similarities = new Float32Array(this.#count);
    for (let slot = 0; slot < this.#count; slot++)
      similarities[slot] = raw[slot]! * this.#scales[slot]! * queryScale;
    return { similarities, ...clippedSpread(similarities) };
  }

  /** Raw int32 dot products of the quantised query with every stored face. */
  #score(query: Int16Array): Int32Array {
    const kernel = this.#kernel;
    if (kernel) {
      new Int16Array(kernel.memory.buffer, 0, this.dimensions).set(query);
      kernel.scores(0, this.#rowsAt, this.#count, this.dimensions, this.#scoresAt);
      return new Int32Array(kernel.memory.buffer, this.#scoresAt, this.#count);
    }
    const rows = this.#plain!;
    const out = new Int32Array(this.#count);
    const d = this.dimensions;
    for (let r = 0, at = 0; r < this.#count; r++, at += d) {
      let a = 0;
      let b = 0;
      for (let i = 0; i < d; i += 2) {
        a += rows[at + i]! * query[i]!;
        b += rows[at + i + 1]! * query[i + 1]!;
      }
      out[r] = a + b;
    }
    return out;
  }

  #rows(): Int8Array {
    const kernel = this.#kernel;
    if (!kernel) return this.#plain!;
    return new Int8Array(kernel.memory.buffer, this.#rowsAt, this.#capacity * this.dimensions);
  }

  /** Room for `capacity` faces. Kernel memory: [query int16 | scores int32 × capacity | rows int8 × capacity × d]. */
  #reserve(capacity: number): void {
    const scales = new Float32Array(capacity);
    scales.set(this.#scales.subarray(0, this.#count));
    this.#scales = scales;
    const kernel = this.#kernel;
    if (!kernel) {
      const plain = new Int8Array(capacity * this.dimensions);
      if (this.#plain) plain.set(this.#plain.subarray(0, this.#count * this.dimensions));
      this.#plain = plain;
      this.#capacity = capacity;
      return;
    }
    const scoresAt = roundUp(this.dimensions * 2, ALIGN);
    const rowsAt = roundUp(scoresAt + capacity * 4, ALIGN);
    const needed = rowsAt + capacity * this.dimensions;
    const pages = Math.ceil((needed - kernel.memory.buffer.byteLength) / 65_536);
    if (pages > 0) kernel.memory.grow(pages);
    const bytes = new Int8Array(kernel.memory.buffer);
    if (this.#count > 0 && rowsAt !== this.#rowsAt)
      bytes.copyWithin(rowsAt, this.#rowsAt, this.#rowsAt + this.#count * this.dimensions);
    this.#scoresAt = scoresAt;
    this.#rowsAt = rowsAt;
    this.#capacity = capacity;
  }
}

/** Mean and standard deviation of the values, then again of those below mean + 3 deviations. */
export function clippedSpread(values: Float32Array): { mean: number; spread: number } {
  const moments = (below: number) => {
    let n = 0;
    let sum = 0;
    let squares = 0;
    for (const v of values) {
      if (v > below) continue;
      n++;
      sum += v;
      squares += v * v;
    }
    const mean = n === 0 ? 0 : sum / n;
    return { mean, spread: n === 0 ? 0 : Math.sqrt(Math.max(0, squares / n - mean * mean)) };
  };
  const all = moments(Infinity);
  return all.spread < 1e-6 ? all : moments(all.mean + 3 * all.spread);
}

function roundUp(value: number, to: number): number {
  return Math.ceil(value / to) * to;
}
