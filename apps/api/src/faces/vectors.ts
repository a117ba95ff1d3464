/** Face embeddings as unit vectors: cosine similarity is then a dot product. */

import { FACE_EMBEDDING_LENGTH } from '@eventsite/contract/constants';

/** Length of the `faceres` descriptor. */
export const EMBEDDING_LENGTH = FACE_EMBEDDING_LENGTH;

/** A copy scaled to unit length. Rejects a vector that is empty, has a non-finite value or is all zeros. */
export function normalise(values: ArrayLike<number>): Float32Array {
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!Number.isFinite(v)) throw new RangeError(`embedding value ${i} is not a finite number`);
    sum += v * v;
  }
  if (values.length === 0 || sum === 0) throw new RangeError('embedding is empty or all zeros');
  const scale = 1 / Math.sqrt(sum);
  const out = new Float32Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = values[i]! * scale;
  return out;
}

/** Cosine similarity: the face recipe's, shared with the browser. */
export { cosineSimilarity } from '@eventsite/contract/face-recipe';

/** Whether a vector is a usable unit-length embedding: the right length, finite, length 1 ± tolerance. */
export function isUnitEmbedding(
  values: ArrayLike<number>,
  length = EMBEDDING_LENGTH,
  tolerance = 1e-3,
): boolean {
  if (values.length !== length) return false;
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!Number.isFinite(v)) return false;
    sum += v * v;
  }
  return Math.abs(Math.sqrt(sum) - 1) <= tolerance;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** An embedding as stored in `photo_faces.embedding_f32`: Float32 little-endian, 4 bytes a value. */
export function embeddingToBytes(values: ArrayLike<number>): Buffer {
  const bytes = Buffer.alloc(values.length * 4);
  for (let i = 0; i < values.length; i++) bytes.writeFloatLE(values[i]!, i * 4);
  return bytes;
}

/** The values of a stored Float32 little-endian embedding (a copy); rejects a length that is not a whole number of values. */
export function embeddingFromBytes(bytes: Uint8Array): Float32Array {
  if (bytes.byteLength % 4 !== 0)
    throw new RangeError(`a stored embedding has ${bytes.byteLength} bytes, not a multiple of 4`);
  const out = new Float32Array(bytes.byteLength / 4);
  if (LITTLE_ENDIAN) {
    new Uint8Array(out.buffer).set(bytes);
    return out;
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}
